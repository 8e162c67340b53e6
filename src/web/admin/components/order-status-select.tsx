import { useState } from 'react';
import type { ShopOrder } from '../../features/orders/api/get-orders.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../../domain/order-status.ts';
import { useStatusChange } from './status-change.tsx';
import './order-status-select.css';

const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * An order's status as a labelled dropdown of the five values; a change asks first (saying whom it mails
 * and what stock it moves), then can be undone for a few seconds. The label is for screen readers only
 * ("Status of order #12 by …"), unless a visible one is given.
 */
export function OrderStatusSelect({ order, visibleLabel }: { order: ShopOrder; visibleLabel?: string }) {
  const change = useStatusChange();
  // The value being asked about shows at once; Cancel or a refusal puts the saved one back.
  const [pending, setPending] = useState<OrderStatus | null>(null);
  const id = `order-status-${order._id}`;
  const shown = pending ?? order.status;
  return (
    <div className="order-status-select">
      {visibleLabel ? (
        <label htmlFor={id}>{visibleLabel}</label>
      ) : (
        <label htmlFor={id} className="visually-hidden">
          Status of order #{order._id} by {order.buyer.name}
        </label>
      )}
      <select
        id={id}
        value={shown}
        aria-busy={change.busy}
        data-status={shown}
        onChange={(event) => {
          const status = event.target.value;
          if (!isStatus(status) || status === order.status) return;
          setPending(status);
          change.ask([order], status, () => setPending(null));
        }}
      >
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      {change.element}
    </div>
  );
}
