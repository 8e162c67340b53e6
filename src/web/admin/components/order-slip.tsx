import { ORDER_STATUS_LABELS, paymentLabel } from '../../../domain/order-status.ts';
import type { ShopOrder } from '../../features/orders/api/get-orders.ts';
import { fullDate } from '../../lib/time-since.ts';
import { DeliveryAddress } from './delivery-address.tsx';
import { OrderLines } from './order-lines.tsx';
import './order-slip.css';

/** At most this many slips in one printing (each is one request). */
export const PRINT_ORDERS_MAX = 50;

/** The order ids of `?ids=3,5,8`: whole numbers, each once, in the given order, at most PRINT_ORDERS_MAX. */
export function printIds(raw: string | null): string[] {
  const ids = (raw ?? '').split(',').map((id) => id.trim()).filter((id) => /^\d{1,10}$/.test(id) && Number(id) > 0);
  return [...new Set(ids)].slice(0, PRINT_ORDERS_MAX);
}

/** The shop's contact details as the owner wrote them (Shop pages); '' for one not written. */
export interface SlipContact {
  email: string;
  phone: string;
  address: string;
}

/** The shop's contact details under its name: only those written (nothing stands in for the others). */
function ShopContactLines({ contact }: { contact: SlipContact }) {
  if (!contact.email && !contact.phone && !contact.address) return null;
  return (
    <address className="slip__contact">
      {contact.address ? <span className="slip__address">{contact.address}</span> : null}
      {contact.email ? <span>{contact.email}</span> : null}
      {contact.phone ? <span>{contact.phone}</span> : null}
    </address>
  );
}

/** One order on paper: a packing slip that is also the invoice (cash on delivery), with the shop's name and contact details. */
export function OrderSlip({ order, shopName, contact }: { order: ShopOrder; shopName: string; contact?: SlipContact | undefined }) {
  const date = order.createdAt || order.createAt;
  const payment = paymentLabel(order.payment, order.status);
  const headingId = `slip-${order._id}`;
  return (
    <article className="slip" aria-labelledby={headingId}>
      <header className="slip__head">
        <div>
          <p className="slip__shop">{shopName}</p>
          {contact ? <ShopContactLines contact={contact} /> : null}
        </div>
        <div>
          <h2 id={headingId} className="slip__title">
            Order #{order._id}
          </h2>
          <p className="slip__kind">Packing slip · Invoice</p>
        </div>
      </header>
      <div className="slip__facts">
        <section aria-labelledby={`${headingId}-to`}>
          <h3 id={`${headingId}-to`}>Deliver to</h3>
          <DeliveryAddress delivery={order.delivery} />
        </section>
        <dl className="slip__meta">
          <dt>Order date</dt>
          <dd>{fullDate(date)}</dd>
          <dt>Status</dt>
          <dd>{ORDER_STATUS_LABELS[order.status]}</dd>
          <dt>Payment</dt>
          <dd>
            Cash on delivery · {payment === 'Success' ? 'Paid' : payment === 'Failed' ? 'Not paid (cancelled)' : 'Due on delivery'}
          </dd>
        </dl>
      </div>
      <OrderLines order={order} caption={`Products of order #${order._id}`} />
      <p className="slip__foot">Thank you for shopping at {shopName}.</p>
    </article>
  );
}
