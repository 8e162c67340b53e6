import { Link } from 'react-router';
import { fromCents, toCents } from '../../../domain/money.ts';
import { Price } from '../../components/ui/price.tsx';
import { paths } from '../../config/paths.ts';
import type { ShopOrder } from '../../features/orders/api/get-orders.ts';
import { groupOrderProducts, orderLineKey } from '../../features/orders/components/orders-table.tsx';
import '../../components/ui/table.css';
import './order-lines.css';

/** The lines of an order (one per product and variant, with its units, values and SKU), their prices and the total: the detail and the slip. */
export function OrderLines({ order, linkProducts = false, caption }: { order: ShopOrder; linkProducts?: boolean; caption: string }) {
  const lines = groupOrderProducts(order.products);
  const units = order.products.length;
  return (
    <table className="order-lines responsive-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="order-lines__number">
            Qty
          </th>
          <th scope="col" className="order-lines__number">
            Unit price
          </th>
          <th scope="col" className="order-lines__number">
            Subtotal
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ product, count }) => (
          <tr key={orderLineKey(product)}>
            <td className="order-lines__name" data-card="wide strong">
              {linkProducts ? <Link to={paths.product(product.slug)}>{product.name}</Link> : product.name}
              {product.variant ? (
                <span className="order-lines__variant">
                  {product.variant.title ? <span> — {product.variant.title}</span> : null}
                  {product.variant.sku ? <span className="order-lines__sku">SKU {product.variant.sku}</span> : null}
                </span>
              ) : null}
            </td>
            <td className="order-lines__number" data-card-after=" ×">
              {count}
            </td>
            <td className="order-lines__number" data-card="quiet">
              <Price amount={product.price} />
            </td>
            <td className="order-lines__number" data-card="end">
              <Price amount={fromCents(toCents(product.price) * count)} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {order.discount ? (
          <tr className="order-lines__discount">
            <th scope="row">
              Discount <span className="order-lines__code">{order.discount.code}</span>
            </th>
            <td data-card="none" />
            <td data-card="none" />
            <td className="order-lines__number" data-card="end">
              −<Price amount={order.discount.amount} />
            </td>
          </tr>
        ) : null}
        {order.shipping && (
          <tr>
            <th scope="row">Shipping</th>
            <td data-card="quiet">{order.shipping.name}</td>
            <td data-card="none" />
            <td className="order-lines__number" data-card="end">
              <Price amount={order.shipping.amount} />
            </td>
          </tr>
        )}
        {order.taxes.map((line) => (
          <tr key={line.taxClass}>
            <th scope="row">
              {order.taxIncluded ? 'Including tax' : 'Tax'} ({line.taxClass} {line.rate}%)
            </th>
            <td data-card="quiet">
              on <Price amount={line.base} />
            </td>
            <td data-card="none" />
            <td className="order-lines__number" data-card="end">
              <Price amount={line.amount} />
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row">Total</th>
          <td className="order-lines__number" data-card="quiet">
            {units} {units === 1 ? 'unit' : 'units'}
          </td>
          <td data-card="none" />
          <td className="order-lines__number" data-card="end">
            <Price amount={order.total} />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
