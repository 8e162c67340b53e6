import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from '../../db/client.ts';
import { categories, orderItems, orders, orderTaxLines, users } from '../../db/schema.ts';

const BATCH = 1000;

/** Every category (to name each product's in the CSV, and to match the file's by name). */
export async function allCategories(db: Db | Tx): Promise<{ id: number; name: string; slug: string }[]> {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories);
}

/** An order line for accounting: the order, its buyer and delivery details, the line. */
const orderLineSelection = {
  orderId: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  totalCents: orders.totalCents,
  buyerName: users.name,
  buyerEmail: users.email,
  deliveryName: orders.deliveryName,
  deliveryAddress: orders.deliveryAddress,
  deliveryPhone: orders.deliveryPhone,
  productId: orderItems.productId,
  name: orderItems.name,
  variantTitle: orderItems.variantTitle,
  sku: orderItems.sku,
  quantity: orderItems.quantity,
  unitPriceCents: orderItems.unitPriceCents,
  discountMinor: orderItems.discountMinor,
  discountCode: orders.discountCode,
  shippingName: orders.shippingName,
  shippingMinor: orders.shippingMinor,
  taxMinor: orders.taxMinor,
  taxIncluded: orders.taxIncluded,
  /** The order's tax lines as "class:basis points:base:amount" joined by ";" (few per order: one subquery per row). */
  taxLines: sql<string | null>`(select string_agg(${orderTaxLines.taxClass} || ':' || ${orderTaxLines.rateBasisPoints} || ':' || ${orderTaxLines.baseMinor} || ':' || ${orderTaxLines.amountMinor}, ';' order by ${orderTaxLines.taxClass}) from ${orderTaxLines} where ${orderTaxLines.orderId} = ${orders.id})`,
};
export type OrderLineRow = SelectResultFields<typeof orderLineSelection>;

export interface DayRange {
  /** First day (YYYY-MM-DD), included. */
  from?: string | undefined;
  /** Last day (YYYY-MM-DD), included. */
  to?: string | undefined;
  /** The days are this time zone's. */
  timeZone: string;
  /** Only these orders (none: every order of the days). */
  ids?: number[] | undefined;
}

/**
 * Every order line of orders placed within the days of `range`, oldest order first, BATCH orders at a time:
 * each batch is a range of the orders' created-at index, then those orders' lines.
 */
export async function* orderLines(db: Db, range: DayRange): AsyncGenerator<OrderLineRow> {
  const { timeZone } = range;
  const from = range.from ? sql`(${range.from}::date::timestamp at time zone ${timeZone})` : undefined;
  const to = range.to ? sql`((${range.to}::date + 1)::timestamp at time zone ${timeZone})` : undefined;
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const page: { id: number; createdAt: Date }[] = await db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(
        and(
          from ? sql`${orders.createdAt} >= ${from}` : undefined,
          to ? sql`${orders.createdAt} < ${to}` : undefined,
          range.ids ? inArray(orders.id, range.ids) : undefined,
          after ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(BATCH);
    if (page.length === 0) return;
    const lines = await db
      .select(orderLineSelection)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerId))
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(inArray(orders.id, page.map((row) => row.id)))
      .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderItems.id));
    yield* lines;
    if (page.length < BATCH) return;
    after = page.at(-1) ?? null;
  }
}
