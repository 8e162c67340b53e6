import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderProduct } from '../../../../contract/order.ts';
import { CARD_PREVIEW_LENGTH, descriptionPreview } from '../../../../domain/description-preview.ts';
import { ORDER_STATUS_LABELS, type OrderStatus, paymentLabel, type PaymentLabel } from '../../../../domain/order-status.ts';
import { Price } from '../../../components/ui/price.tsx';
import { ProductPhoto } from '../../../components/ui/product-photo.tsx';
import { paths } from '../../../config/paths.ts';
import { fullDate, timeSince } from '../../../lib/time-since.ts';
import type { ShopOrder } from '../api/get-orders.ts';
import '../../../components/ui/status-pill.css';
import '../../../components/ui/table.css';
import './orders-table.css';

interface OrdersTableProps {
  orders: ShopOrder[];
  /** The Status cell; the admin area passes an editable dropdown. Defaults to the status label. */
  renderStatus?: (order: ShopOrder) => ReactNode;
  /** A bar above the order's table (the admin area: select the order, open it). None by default. */
  renderHeader?: (order: ShopOrder) => ReactNode;
  /** The buyer's own orders: a card or transfer order waiting for payment links to its payment page. */
  paymentLinks?: boolean;
}

/** One line per distinct product of an order, in the order they were added, with how many units. */
export interface OrderLine {
  product: OrderProduct;
  count: number;
}

/** A line's key: its product, and its variant when it has one (two sizes of a tee are two lines). */
export const orderLineKey = (product: OrderProduct) => `${product._id}:${product.variant?._id ?? ''}`;

export function groupOrderProducts(products: OrderProduct[]): OrderLine[] {
  const lines = new Map<string, OrderLine>();
  for (const product of products) {
    const line = lines.get(orderLineKey(product));
    if (line) line.count += 1;
    else lines.set(orderLineKey(product), { product, count: 1 });
  }
  return [...lines.values()];
}

const STATUS_TONE: Record<OrderStatus, string> = {
  not_processed: 'status status--neutral',
  processing: 'status',
  shipped: 'status',
  delivered: 'status status--success',
  cancelled: 'status status--danger',
};

const PAYMENT_TONE: Record<PaymentLabel, string> = {
  Pending: 'status status--pending',
  Success: 'status status--success',
  Failed: 'status status--danger',
};

/** The payment as people read it: Pending, Success or Failed (a cancelled unpaid order). */
export function PaymentBadge({ order }: { order: Pick<ShopOrder, 'payment' | 'status'> }) {
  const payment = paymentLabel(order.payment, order.status);
  return <span className={PAYMENT_TONE[payment]}>{payment}</span>;
}

/** The status as people read it ('Not Processed', 'Delivered', 'Cancelled'). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={STATUS_TONE[status]}>{ORDER_STATUS_LABELS[status]}</span>;
}

interface OrderCardProps extends Omit<OrdersTableProps, 'orders'> {
  order: ShopOrder;
  number: number;
}

/** Waiting for the buyer's payment by card or transfer (not cash, not cancelled). */
const awaitsPayment = (order: ShopOrder) =>
  order.payment.method !== 'cash_on_delivery' && order.payment.status === 'pending' && order.status !== 'cancelled';

function OrderCard({ order, number, renderStatus, renderHeader, paymentLinks }: OrderCardProps) {
  const payment = paymentLabel(order.payment, order.status);
  const headingId = `order-${order._id}`;
  const date = order.createdAt || order.createAt;
  return (
    <article className="card order-card" aria-labelledby={headingId}>
      <h2 className="visually-hidden" id={headingId}>
        Order {number}
      </h2>
      {renderHeader ? <div className="order-card__header">{renderHeader(order)}</div> : null}
      <div className="table-wrap">
        <table className="order-table responsive-table responsive-table--labelled">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Status</th>
              <th scope="col">Buyer</th>
              <th scope="col">Date</th>
              <th scope="col">Payment</th>
              <th scope="col">Quantity</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td data-label="#">{number}</td>
              <td data-label="Status">{renderStatus ? renderStatus(order) : <OrderStatusBadge status={order.status} />}</td>
              <td data-label="Buyer">{order.buyer.name}</td>
              <td data-label="Date">
                <time dateTime={date} title={fullDate(date)}>
                  {timeSince(date)}
                </time>
              </td>
              <td data-label="Payment">
                <span className={PAYMENT_TONE[payment]}>{payment}</span>
                {paymentLinks && awaitsPayment(order) ? (
                  <>
                    {' '}
                    <Link to={paths.user.orderPayment(order._id)}>{order.payment.method === 'card' ? 'Pay now' : 'How to pay'}</Link>
                  </>
                ) : null}
              </td>
              <td data-label="Quantity">{order.products.length}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <ul className="order-products" aria-label={`Products in order ${number}`}>
        {groupOrderProducts(order.products).map(({ product, count }) => (
          <li key={orderLineKey(product)} className="order-product">
            <ProductPhoto
              product={{ _id: product._id, name: product.name }}
              photo={product.variant?.photo ? { _id: product.variant.photo } : null}
              size={64}
              sizes="(max-width: 600px) 56px, 64px"
            />
            <div className="order-product__body">
              <h3 className="order-product__name">
                <Link to={paths.product(product.slug)}>{product.name}</Link>
              </h3>
              {product.variant?.title ? <p className="order-product__variant">{product.variant.title}</p> : null}
              <p>{descriptionPreview(product.description, CARD_PREVIEW_LENGTH)}</p>
            </div>
            <div className="order-product__price">
              <Price amount={product.price} />
              {count > 1 ? (
                <span className="order-product__count">
                  <span aria-hidden="true">× {count}</span>
                  <span className="visually-hidden">, {count} units</span>
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {order.discount ? (
        <p className="order-card__discount">
          <span>
            Discount <span className="order-card__code">{order.discount.code}</span>
          </span>
          <span>
            −<Price amount={order.discount.amount} />
          </span>
        </p>
      ) : null}
      <p className="order-card__total">
        <span>Total</span>
        <Price amount={order.total} />
      </p>
    </article>
  );
}

/** The one orders view (the shopper's orders and the admin's All Orders): a card with a table per order. */
export function OrdersTable({ orders, renderStatus, renderHeader, paymentLinks }: OrdersTableProps) {
  return (
    <ol className="order-list">
      {orders.map((order, index) => (
        <li key={order._id}>
          <OrderCard order={order} number={index + 1} renderStatus={renderStatus} renderHeader={renderHeader} paymentLinks={paymentLinks} />
        </li>
      ))}
    </ol>
  );
}
