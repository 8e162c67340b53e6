import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ORDER_SORTS, type AdminOrder, type AdminOrderSort } from '../../../contract/admin-lists.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/order-status.ts';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../domain/order-lifecycle.ts';
import { toShopOrder, type ShopOrder } from '../../features/orders/api/get-orders.ts';
import { api } from '../../lib/api-client.ts';

/** An order of the admin's list, its status under the shop's name and its buyer's e-mail. */
export type ListedOrder = ShopOrder & { buyer: AdminOrder['buyer'] };

/** The orders list's search, filters, sort and cursor, as the address holds them ('' for none). */
export interface OrderListView {
  q: string;
  status: OrderStatus | '';
  payment: PaymentStatus | '';
  toShip: boolean;
  customer: string;
  from: string;
  to: string;
  sort: AdminOrderSort;
  after: string;
  before: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{1,10}$/;
const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | '' => ((values as readonly string[]).includes(raw ?? '') ? (raw as T) : '');

/** The view in the address (`?q=&status=&payment=&toShip=true&from=&to=&sort=&after=`); anything else there counts as none. */
export function orderListViewFrom(params: URLSearchParams): OrderListView {
  const text = (key: string, pattern: RegExp) => {
    const value = params.get(key) ?? '';
    return pattern.test(value) ? value : '';
  };
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    status: oneOf(ORDER_STATUSES, params.get('status')),
    payment: oneOf(PAYMENT_STATUSES, params.get('payment')),
    toShip: params.get('toShip') === 'true',
    customer: text('customer', ID),
    from: text('from', DAY),
    to: text('to', DAY),
    sort: oneOf(ADMIN_ORDER_SORTS, params.get('sort')) || 'newest',
    after: text('after', ID),
    before: text('before', ID),
  };
}

/** The address of a view: only what differs from the defaults. */
export function orderListSearch(view: OrderListView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.q) search.set('q', view.q);
  if (view.status) search.set('status', view.status);
  if (view.payment) search.set('payment', view.payment);
  if (view.toShip) search.set('toShip', 'true');
  if (view.customer) search.set('customer', view.customer);
  if (view.from) search.set('from', view.from);
  if (view.to) search.set('to', view.to);
  if (view.sort !== 'newest') search.set('sort', view.sort);
  if (view.after) search.set('after', view.after);
  else if (view.before) search.set('before', view.before);
  return search;
}

/** GET admin/orders: a page of 20 of the view, with the total (up to 10,000) and the cursors. */
export const adminOrdersQuery = (view: OrderListView) =>
  queryOptions({
    queryKey: ['orders', 'admin-list', orderListSearch(view).toString()],
    queryFn: async () => {
      const data = await api.call('adminOrders', {
        query: {
          q: view.q || undefined,
          status: view.status || undefined,
          payment: view.payment || undefined,
          toShip: view.toShip ? 'true' : undefined,
          customer: view.customer || undefined,
          from: view.from || undefined,
          to: view.to || undefined,
          sort: view.sort === 'newest' ? undefined : view.sort,
          after: view.after || undefined,
          before: view.before || undefined,
        },
      });
      return { ...data, orders: data.orders.map((order): ListedOrder => ({ ...toShopOrder(order), buyer: order.buyer })) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminOrders = (view: OrderListView) => useQuery(adminOrdersQuery(view));
