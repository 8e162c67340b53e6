import { useState } from 'react';
import type { ShopOrder } from '../../features/orders/api/get-orders.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../../domain/order-status.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import './order-status-select.css';

const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * An order's status as a labelled dropdown of the five values; a change is saved at once. The label is
 * for screen readers only ("Status of the order by …"), unless a visible one is given.
 */
export function OrderStatusSelect({ order, visibleLabel }: { order: ShopOrder; visibleLabel?: string }) {
  const mutation = useUpdateOrderStatus();
  // The value being saved shows at once; a refusal puts the saved one back.
  const [pending, setPending] = useState<OrderStatus | null>(null);
  const id = `order-status-${order._id}`;
  return (
    <div className="order-status-select">
      {visibleLabel ? (
        <label htmlFor={id}>{visibleLabel}</label>
      ) : (
        <label htmlFor={id} className="visually-hidden">
          Status of the order by {order.buyer.name}
        </label>
      )}
      <select
        id={id}
        value={pending ?? order.status}
        aria-busy={mutation.isPending}
        data-status={pending ?? order.status}
        onChange={(event) => {
          const status = event.target.value;
          if (!isStatus(status) || status === order.status) return;
          setPending(status);
          mutation.mutate(
            { orderId: order._id, status },
            {
              onSuccess: (data) => notify.success(data.message),
              onError: (error) => notify.error(errorMessage(error)),
              onSettled: () => setPending(null),
            },
          );
        }}
      >
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
