import { ordersCsvQuery } from '../../../../contract/data.ts';
import { callPath } from '../../../lib/api-client.ts';
import type { ApiDownload } from '../../../lib/download.ts';

/** Days of the orders export, YYYY-MM-DD, both included ('' for no limit on that side). */
export interface OrdersRange {
  from: string;
  to: string;
}

/** GET admin/orders.csv?from=&to=: one row per order line placed in the range, for accounting. */
export const ordersCsv = ({ from, to }: OrdersRange): ApiDownload => ({
  path: callPath('ordersCsv', { query: { from, to } }),
  fallbackName: 'orders.csv',
});

/** GET admin/orders.csv?ids=: the lines of the orders selected in the admin's list. */
export const selectedOrdersCsv = (ids: readonly string[]): ApiDownload => ({
  path: callPath('ordersCsv', { query: { ids: ids.join(',') } }),
  fallbackName: 'orders-selected.csv',
});

/** Whether the server takes this range (the contract's rule: real days, the last not before the first). */
export const rangeAccepted = ({ from, to }: OrdersRange): boolean =>
  ordersCsvQuery.safeParse({ from: from || undefined, to: to || undefined }).success;
