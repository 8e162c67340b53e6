import { and, asc, count, desc, eq, gt, gte, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, products, productVariants, users } from '../../db/schema.ts';

/** Each of these reads one index (range or partial): the page stays fast with 100,000 orders. */

export async function ordersInStatus(db: Db, status: string, limit: number) {
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(orders).where(eq(orders.status, status)),
    db
      .select({ id: orders.id, buyer: users.name, totalCents: orders.totalCents, createdAt: orders.createdAt })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerId))
      .where(eq(orders.status, status))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(limit),
  ]);
  return { count: Number(total[0]?.value ?? 0), rows };
}

/** Variants at or below their threshold (the partial index product_variants_low_stock_idx holds only those). */
export async function lowStock(db: Db, soldOut: boolean, limit: number) {
  const atOrBelow = sql`${productVariants.stock} <= ${productVariants.lowStockThreshold}`;
  const where = and(atOrBelow, soldOut ? eq(productVariants.stock, 0) : gt(productVariants.stock, 0));
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(productVariants).where(where),
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        quantity: productVariants.stock,
        threshold: productVariants.lowStockThreshold,
        sku: productVariants.sku,
        options: sql<string>`concat_ws(' / ', nullif(${productVariants.option1}, ''), nullif(${productVariants.option2}, ''), nullif(${productVariants.option3}, ''))`,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where)
      .orderBy(asc(productVariants.stock), asc(productVariants.id))
      .limit(limit),
  ]);
  return { count: Number(total[0]?.value ?? 0), rows };
}

/** Orders and revenue per day since `since`, in `timeZone`, all and delivered. */
export async function ordersPerDay(db: Db, since: Date, timeZone: string) {
  const day = sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return db
    .select({
      date: day,
      orders: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`,
      deliveredOrders: sql<number>`(count(*) filter (where ${orders.status} = 'delivered'))::int`,
      deliveredCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} = 'delivered'), 0)::bigint`,
    })
    .from(orders)
    .where(gte(orders.createdAt, since))
    .groupBy(sql`1`);
}

/** The products sold most (units) in orders placed since `since`, cancelled ones left out. */
export async function bestSellers(db: Db, since: Date, limit: number) {
  const units = sql<number>`sum(${orderItems.quantity})::int`;
  return db
    .select({
      productId: orderItems.productId,
      name: sql<string>`max(${orderItems.name})`,
      units,
      revenueCents: sql<number>`sum(${orderItems.quantity} * ${orderItems.unitPriceCents})::bigint`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(gte(orders.createdAt, since), ne(orders.status, 'cancelled')))
    .groupBy(orderItems.productId)
    .orderBy(desc(units), asc(orderItems.productId))
    .limit(limit);
}

export async function newCustomers(db: Db, since: Date, limit: number) {
  const recent = and(gte(users.createdAt, since), lte(users.role, 0), eq(users.guest, false));
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(users).where(recent),
    db
      .select({ id: users.id, name: users.name, createdAt: users.createdAt })
      .from(users)
      .where(recent)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit),
  ]);
  return { count: Number(total[0]?.value ?? 0), rows };
}

/** Orders waiting for payment by card or transfer (the owner's page), from their partial index. */
export async function awaitingPayment(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(orders)
    .where(sql`${orders.paymentStatus} = 'pending' and ${orders.paymentMethod} in ('card', 'bank_transfer') and ${orders.status} <> 'cancelled'`);
  return row?.value ?? 0;
}
