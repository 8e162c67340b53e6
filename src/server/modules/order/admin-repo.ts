import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AdminOrderSort } from '../../../contract/admin-lists.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import type { PaymentStatus } from '../../../domain/order-lifecycle.ts';
import type { Db } from '../../db/client.ts';
import { orders, toShip, users } from '../../db/schema.ts';
import { type Cursor, keysetCondition } from '../../lib/paging.ts';
import { type OrderRow, selectOrders } from './repo.ts';
import { likePattern } from '../../lib/like-pattern.ts';

export interface AdminOrderFilters {
  /** An order number. */
  orderId?: number | undefined;
  /** Words in the customer's name or e-mail (a substring, any case). */
  customerText?: string | undefined;
  customer?: number | undefined;
  status?: OrderStatus | undefined;
  payment?: PaymentStatus | undefined;
  toShip?: boolean | undefined;
  /** Days (YYYY-MM-DD), both included, in `timeZone`. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
}

/** `%`, `_` and `\` typed by the owner are matched as themselves. */

function whereOf(filters: AdminOrderFilters): SQL | undefined {
  const { timeZone } = filters;
  return and(
    filters.orderId !== undefined ? eq(orders.id, filters.orderId) : undefined,
    filters.customer !== undefined ? eq(orders.buyerId, filters.customer) : undefined,
    // The customers first (a trigram index on their name and e-mail), then their orders by the buyer's index.
    filters.customerText !== undefined
      ? sql`${orders.buyerId} in (select ${users.id} from ${users} where (${users.name} || ' ' || ${users.email}) ilike ${likePattern(filters.customerText)})`
      : undefined,
    filters.status !== undefined ? eq(orders.status, filters.status) : undefined,
    filters.payment !== undefined ? eq(orders.paymentStatus, filters.payment) : undefined,
    filters.toShip === true ? toShip(orders) : filters.toShip === false ? sql`not (${toShip(orders)})` : undefined,
    filters.from !== undefined ? gte(orders.createdAt, sql`(${filters.from}::date::timestamp at time zone ${timeZone})`) : undefined,
    filters.to !== undefined ? lt(orders.createdAt, sql`((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`) : undefined,
  );
}

const SORT_KEYS: Record<AdminOrderSort, { key: typeof orders.createdAt | typeof orders.totalCents; descending: boolean }> = {
  newest: { key: orders.createdAt, descending: true },
  oldest: { key: orders.createdAt, descending: false },
  'total-desc': { key: orders.totalCents, descending: true },
  'total-asc': { key: orders.totalCents, descending: false },
};

/**
 * A page of the admin's orders list: `limit` orders after (or before) the cursor's order in the sort's
 * order, ties broken by id. The cursor's sort key is read from its row, so the comparison is exact to the
 * database's precision; each page is one range of an index whatever its depth (keyset paging).
 */
export async function adminOrdersPage(
  db: Db,
  filters: AdminOrderFilters,
  sort: AdminOrderSort,
  cursor: Cursor,
  limit: number,
): Promise<OrderRow[]> {
  const { key, descending } = SORT_KEYS[sort];
  // Walking backwards (Previous) reads the same index the other way, then turns the rows round.
  const backwards = cursor !== null && 'before' in cursor;
  const down = descending !== backwards;
  const cursorId = cursor === null ? null : 'after' in cursor ? cursor.after : cursor.before;
  const keyset = cursorId === null ? undefined : keysetCondition(orders, key, orders.id, cursorId, down);
  const order = down ? [desc(key), desc(orders.id)] : [asc(key), asc(orders.id)];
  const rows = await selectOrders(db)
    .where(and(whereOf(filters), keyset))
    .orderBy(...order)
    .limit(limit);
  return backwards ? rows.reverse() : rows;
}

/** How many orders match, counting at most `cap` (the count of a broad filter stays bounded). */
export async function countAdminOrders(db: Db, filters: AdminOrderFilters, cap: number): Promise<number> {
  const matching = db.select({ one: sql`1`.as('one') }).from(orders).where(whereOf(filters)).limit(cap).as('matching');
  const [row] = await db.select({ value: count() }).from(matching);
  return Number(row?.value ?? 0);
}
