import { Link, useParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '../../../domain/order-lifecycle.ts';
import { paymentLabel } from '../../../domain/order-status.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Price } from '../../components/ui/price.tsx';
import { paths } from '../../config/paths.ts';
import { fullDate, timeSince } from '../../lib/time-since.ts';
import { useAdminOrder } from '../api/get-order.ts';
import { DeliveryAddress } from '../components/delivery-address.tsx';
import { OrderHistory } from '../components/order-history.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { OrderPaymentPanel } from '../components/order-payment-panel.tsx';
import { OrderStatusSelect } from '../components/order-status-select.tsx';
import '../../components/ui/breadcrumb.css';
import './order-detail.css';

/** One order for the administrator: where to deliver, the lines and total, the status (editable) and its history. */
export default function AdminOrderDetailRoute() {
  const { orderId = '' } = useParams();
  const query = useAdminOrder(orderId);
  usePageTitle(`Dashboard - Order #${orderId}`);

  if (query.isPending) return <Spinner label="Loading the order" />;
  if (query.isError) {
    return (
      <section className="card">
        <LoadError
          error={query.error}
          what="order"
          notFoundTitle="Order not found"
          notFoundText={`There is no order #${orderId}.`}
          action={<Link to={paths.admin.orders}>Back to all orders</Link>}
          onRetry={query.refetch}
        />
      </section>
    );
  }

  const { order, history } = query.data;
  const date = order.createdAt || order.createAt;
  return (
    <section aria-labelledby="order-detail-heading" className="order-detail">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={paths.admin.orders}>Orders</Link>
          </li>
          <li aria-current="page">Order #{order._id}</li>
        </ol>
      </nav>
      <div className="list-header admin-header">
        <div>
          <h1 id="order-detail-heading">Order #{order._id}</h1>
          <p>
            Placed <time dateTime={date}>{fullDate(date)}</time> ({timeSince(date)}) by {order.buyer.name}
          </p>
        </div>
        <Link to={paths.admin.printOrders([order._id])} target="_blank" rel="noopener" className="btn btn--secondary">
          Print packing slip<span className="visually-hidden"> (opens in a new tab)</span>
        </Link>
      </div>

      <div className="order-detail__grid">
        <section className="card panel order-detail__delivery" aria-labelledby="order-delivery-heading">
          <h2 id="order-delivery-heading">Deliver to</h2>
          <DeliveryAddress delivery={order.delivery} phoneLink />
          <p className="muted order-detail__note">As the buyer’s profile said when the order was placed.</p>
        </section>

        <section className="card panel order-detail__status" aria-labelledby="order-status-heading">
          <h2 id="order-status-heading">Status</h2>
          <OrderStatusSelect order={order} visibleLabel="Order status" />
          <dl className="info-list">
            <dt>Payment</dt>
            <dd>
              {PAYMENT_METHOD_LABELS[order.payment.method]} ·{' '}
              {order.payment.status ? PAYMENT_STATUS_LABELS[order.payment.status] : paymentLabel(order.payment, order.status)}
            </dd>
            <dt>Total</dt>
            <dd>
              <Price amount={order.total} />
            </dd>
          </dl>
        </section>
      </div>

      <OrderPaymentPanel order={order} />

      <section className="card order-detail__lines" aria-labelledby="order-lines-heading">
        <h2 id="order-lines-heading" className="order-detail__section-title">
          Products
        </h2>
        <div className="table-wrap">
          <OrderLines order={order} linkProducts caption={`Products of order #${order._id}`} />
        </div>
      </section>

      <section className="card panel" aria-labelledby="order-history-heading">
        <h2 id="order-history-heading">History</h2>
        <OrderHistory steps={history} />
      </section>
    </section>
  );
}
