import { ordersCsvQuery } from '../../../../contract/data.ts';
import type { ApiDownload } from '../../../lib/download.ts';

/** Days of the orders export, YYYY-MM-DD, both included ('' for no limit on that side). */
export interface OrdersRange {
  from: string;
  to: string;
}

/** GET admin/orders.csv?from=&to=: one row per order line placed in the range, for accounting. */
export const ordersCsv = ({ from, to }: OrdersRange): ApiDownload => {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const search = query.toString();
  return { path: `/admin/orders.csv${search ? `?${search}` : ''}`, fallbackName: 'orders.csv' };
};

/** Whether the server takes this range (the contract's rule: real days, the last not before the first). */
export const rangeAccepted = ({ from, to }: OrdersRange): boolean =>
  ordersCsvQuery.safeParse({ from: from || undefined, to: to || undefined }).success;
