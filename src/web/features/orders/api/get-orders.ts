import { ORDERS_PAGE_SIZE } from '../../../../contract/limits.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Order } from '../../../../contract/order.ts';
import { fromWireStatus } from '../../../../contract/order-status-wire.ts';
import type { OrderStatus } from '../../../../domain/order-status.ts';

import { api } from '../../../lib/api-client.ts';
import { nextPage } from '../../../lib/paging.ts';

/** An order as the app uses it: its status under the shop's own name (the wire's spelling stays in the API). */
export type ShopOrder = Omit<Order, 'status'> & { status: OrderStatus };
export const toShopOrder = (order: Order): ShopOrder => ({ ...order, status: fromWireStatus(order.status) });

export interface OrdersPage {
  orders: ShopOrder[];
  total: number;
}

const nextOrdersPage = (last: OrdersPage, pages: OrdersPage[], lastParam: number) =>
  nextPage(
    {
      loaded: pages.reduce((sum, page) => sum + page.orders.length, 0),
      lastCount: last.orders.length,
      total: last.total,
      pageSize: ORDERS_PAGE_SIZE,
    },
    lastParam,
  );

/** GET orders (the signed-in user's) or all-orders (administrators), newest first, a page at a time. */
export const ordersQuery = (scope: 'mine' | 'all') =>
  infiniteQueryOptions({
    queryKey: ['orders', scope],
    queryFn: async ({ pageParam }): Promise<OrdersPage> => {
      const { data, total } = await api.callWithTotal(scope === 'mine' ? 'myOrders' : 'allOrders', { query: { page: pageParam } });
      return { orders: data.map(toShopOrder), total: total ?? data.length };
    },
    initialPageParam: 1,
    getNextPageParam: nextOrdersPage,
  });

export const useOrders = (scope: 'mine' | 'all') => useInfiniteQuery(ordersQuery(scope));
