import { queryOptions, useQuery } from '@tanstack/react-query';
import { fromWireStatus } from '../../../contract/order-status-wire.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import { type ShopOrder, toShopOrder } from '../../features/orders/api/get-orders.ts';
import { api } from '../../lib/api-client.ts';

/** One step of an order's life: placed, or a status change (who, when), statuses under the shop's names. */
export interface OrderHistoryStep {
  at: string;
  event: 'placed' | 'status';
  from: OrderStatus | null;
  status: OrderStatus;
  by: string;
}

export interface AdminOrder {
  order: ShopOrder;
  /** Oldest first. */
  history: OrderHistoryStep[];
}

/**
 * GET order/{orderId}: the order with its delivery details and its status history. Under the `orders`
 * key, so that a status change (which reloads the order lists) reloads it too.
 */
export const adminOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', orderId],
    queryFn: async (): Promise<AdminOrder> => {
      const data = await api.call('orderDetail', { params: { orderId } });
      return {
        order: toShopOrder(data.order),
        history: data.history.map((step) => ({
          ...step,
          from: step.from === null ? null : fromWireStatus(step.from),
          status: fromWireStatus(step.status),
        })),
      };
    },
    staleTime: 0,
  });

export const useAdminOrder = (orderId: string) => useQuery(adminOrderQuery(orderId));
