import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AdminOrderSort } from '../../../contract/admin-lists.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import type { PaymentStatus } from '../../../domain/order-lifecycle.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import { adminOrderCounts, orderItems, orders, orderTaxLines, payments, toShip, users } from '../../db/schema.ts';
import { type Cursor, keysetCondition } from '../../lib/paging.ts';
import { type Bind, bindValue, inlined, inlinedLimit, preparedOnce } from '../../lib/prepared.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import type { PaymentRow } from './payment-repo.ts';
import { LIVE } from './payment-repo.ts';
import { type OrderItemRow, type OrderRow, orderSelection, type OrderTaxLineRow } from './repo.ts';

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

/** The values a filter sends, by name (a prepared query's placeholders). */
type FilterValues = {
  orderId?: number | undefined;
  customer?: number | undefined;
  customerPattern?: string | undefined;
  status?: string | undefined;
  payment?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  timeZone?: string | undefined;
  cursor?: number | undefined;
};

function valuesOf(filters: AdminOrderFilters, cursorId: number | null): FilterValues {
  return {
    orderId: filters.orderId,
    customer: filters.customer,
    // `%`, `_` and `\` typed by the owner are matched as themselves.
    customerPattern: filters.customerText === undefined ? undefined : likePattern(filters.customerText),
    status: filters.status,
    payment: filters.payment,
    from: filters.from,
    to: filters.to,
    timeZone: filters.from !== undefined || filters.to !== undefined ? filters.timeZone : undefined,
    cursor: cursorId ?? undefined,
  };
}

function whereOf(filters: AdminOrderFilters, bind: Bind<FilterValues>): SQL | undefined {
  const timeZone = bind('timeZone');
  return and(
    filters.orderId !== undefined ? eq(orders.id, bind('orderId')) : undefined,
    filters.customer !== undefined ? eq(orders.buyerId, bind('customer')) : undefined,
    // The customers first (a trigram index on their name and e-mail), then their orders by the buyer's index.
    filters.customerText !== undefined
      ? sql`${orders.buyerId} in (select ${users.id} from ${users} where (${users.name} || ' ' || ${users.email}) ilike ${bind('customerPattern')})`
      : undefined,
    filters.status !== undefined ? eq(orders.status, bind('status')) : undefined,
    filters.payment !== undefined ? eq(orders.paymentStatus, bind('payment')) : undefined,
    filters.toShip === true ? toShip(orders) : filters.toShip === false ? sql`not (${toShip(orders)})` : undefined,
    filters.from !== undefined ? gte(orders.createdAt, sql`(${bind('from')}::date::timestamp at time zone ${timeZone})`) : undefined,
    filters.to !== undefined ? lt(orders.createdAt, sql`((${bind('to')}::date + 1)::timestamp at time zone ${timeZone})`) : undefined,
  );
}

const SORT_KEYS: Record<AdminOrderSort, { key: typeof orders.createdAt | typeof orders.totalCents; descending: boolean }> = {
  newest: { key: orders.createdAt, descending: true },
  oldest: { key: orders.createdAt, descending: false },
  'total-desc': { key: orders.totalCents, descending: true },
  'total-asc': { key: orders.totalCents, descending: false },
};

/**
 * How many orders match, from the counts the triggers keep (admin_order_counts) when the filters are only
 * those it counts by (status, payment status, "to ship"), else counted, at most `cap`: the total stays
 * bounded (a search or a date range) and a broad filter never reads its orders.
 */
function countOf(filters: AdminOrderFilters, bind: Bind<FilterValues>, cap: number): SQL<number> {
  const kept =
    filters.orderId === undefined &&
    filters.customer === undefined &&
    filters.customerText === undefined &&
    filters.from === undefined &&
    filters.to === undefined;
  if (kept) {
    const where = and(
      filters.status !== undefined ? eq(adminOrderCounts.status, bind('status')) : undefined,
      filters.payment !== undefined ? eq(adminOrderCounts.paymentStatus, bind('payment')) : undefined,
      filters.toShip === true ? toShip(adminOrderCounts) : filters.toShip === false ? sql`not (${toShip(adminOrderCounts)})` : undefined,
    );
    return sql<number>`(select least(coalesce(sum(${adminOrderCounts.orders}), 0), ${inlined(cap)})::int from ${adminOrderCounts} ${where ? sql`where ${where}` : sql``})`;
  }
  return sql<number>`(select count(*)::int from (select 1 from ${orders} where ${whereOf(filters, bind) ?? sql`true`} limit ${inlined(cap)}) as matching)`;
}

/** What the admin's list shows of an order's live payment page. */
export type LivePayment = Pick<PaymentRow, 'orderId' | 'url' | 'expiresAt'>;

/**
 * Each order's lines, tax lines and live payment page as JSON beside it, in the page's own query: one
 * round trip answers the page (as the separate reads did: lines by id, tax lines, live pages).
 */
const extrasSelection = {
  items: sql<OrderItemRow[]>`(select coalesce(json_agg(json_build_object(
      'id', i.id, 'orderId', i.order_id, 'productId', i.product_id, 'name', i.name, 'slug', i.slug, 'description', i.description,
      'unitPriceCents', i.unit_price_cents, 'quantity', i.quantity, 'variantId', i.variant_id, 'sku', i.sku,
      'variantTitle', i.variant_title, 'photoId', i.photo_id, 'discountMinor', i.discount_minor) order by i.id), '[]'::json)
    from ${orderItems} i where i.order_id = ${orders.id})`,
  taxLines: sql<OrderTaxLineRow[]>`(select coalesce(json_agg(json_build_object(
      'orderId', x.order_id, 'taxClass', x.tax_class, 'rateBasisPoints', x.rate_basis_points, 'baseMinor', x.base_minor,
      'amountMinor', x.amount_minor)), '[]'::json)
    from ${orderTaxLines} x where x.order_id = ${orders.id})`,
  live: sql<Array<{ orderId: number; url: string | null; expiresAt: string }>>`(select coalesce(json_agg(json_build_object(
      'orderId', p.order_id, 'url', p.url, 'expiresAt', p.expires_at)), '[]'::json)
    from ${payments} p where p.order_id = ${orders.id} and p.state in (${sql.join(LIVE.map((state) => sql`${state}`), sql`, `)}))`,
};

export interface AdminOrdersPage {
  rows: OrderRow[];
  items: OrderItemRow[];
  taxLines: OrderTaxLineRow[];
  live: LivePayment[];
  /** How many orders match, at most the cap. */
  total: number;
}

/**
 * A page of the admin's orders list: `limit` orders after (or before) the cursor's order in the sort's
 * order, ties broken by id, with their lines and the total, in one query. The cursor's sort key is read
 * from its row, so the comparison is exact to the database's precision; each page is one range of an
 * index whatever its depth (keyset paging).
 */
export async function adminOrdersPage(
  db: Db,
  filters: AdminOrderFilters,
  sort: AdminOrderSort,
  cursor: Cursor,
  limit: number,
  cap: number,
): Promise<AdminOrdersPage> {
  const { key, descending } = SORT_KEYS[sort];
  // Walking backwards (Previous) reads the same index the other way, then turns the rows round.
  const backwards = cursor !== null && 'before' in cursor;
  const down = descending !== backwards;
  const cursorId = cursor === null ? null : 'after' in cursor ? cursor.after : cursor.before;
  const values = valuesOf(filters, cursorId);
  const build = (bind: Bind<FilterValues>) => {
    const keyset = cursorId === null ? undefined : keysetCondition(orders, key, orders.id, bind('cursor'), down);
    const order = down ? [desc(key), desc(orders.id)] : [asc(key), asc(orders.id)];
    return db
      .select({ ...orderSelection, ...extrasSelection, total: countOf(filters, bind, cap) })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerId))
      .where(and(whereOf(filters, bind), keyset))
      .orderBy(...order)
      .limit(inlinedLimit(limit));
  };
  // Prepared once per shape of the query (which filters, which sort, which way): PostgreSQL plans it
  // once per connection. A customer search is planned for its words each time (a trigram index or not).
  const shape = `o${shapeOf(filters)}${sort}${cursor === null ? '' : backwards ? '<' : '>'}${limit}`;
  const found =
    filters.customerText === undefined
      ? await preparedOnce(db, shape, () => build((name) => sql.placeholder(name)).prepare(`admin_list_${shape}`)).execute(values)
      : await build(bindValue(values));
  if (backwards) found.reverse();
  const page: AdminOrdersPage = { rows: [], items: [], taxLines: [], live: [], total: found[0]?.total ?? 0 };
  for (const { items, taxLines, live, total: _total, ...row } of found) {
    page.rows.push(row);
    page.items.push(...items);
    page.taxLines.push(...taxLines);
    for (const payment of live) page.live.push({ ...payment, expiresAt: new Date(payment.expiresAt) });
  }
  // A page past the end of its list (a cursor) tells no total: counted on its own. A first page that is
  // empty has none.
  if (found.length === 0 && cursor !== null) {
    page.total = rowsOf<{ total: number }>(await db.execute(sql`select ${countOf(filters, bindValue(values), cap)} as total`))[0]?.total ?? 0;
  }
  return page;
}

/** Which filters a request has (not their values): one letter each. */
function shapeOf(filters: AdminOrderFilters): string {
  const has = (value: unknown, letter: string) => (value === undefined ? '' : letter);
  return [
    has(filters.orderId, 'n'),
    has(filters.customer, 'c'),
    has(filters.customerText, 'q'),
    has(filters.status, 's'),
    has(filters.payment, 'p'),
    filters.toShip === undefined ? '' : filters.toShip ? 't' : 'u',
    has(filters.from, 'f'),
    has(filters.to, 'e'),
  ].join('') + '_';
}
