import { shopMoney } from '../../../domain/money.ts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { OrderState, PaymentMethod, PaymentStatus } from '../../../domain/order-lifecycle.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import type { Db, Tx } from '../../db/client.ts';
import { awaitingPayment, orderItems, orders, products, users } from '../../db/schema.ts';

export type OrderItemRow = typeof orderItems.$inferSelect;

const orderSelection = {
  id: orders.id,
  status: orders.status,
  totalCents: orders.totalCents,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  currency: orders.currency,
  refundedMinor: orders.refundedMinor,
  createdAt: orders.createdAt,
  buyer: { id: users.id, name: users.name, email: users.email },
  delivery: { name: orders.deliveryName, address: orders.deliveryAddress, phone: orders.deliveryPhone },
};
export type OrderRow = SelectResultFields<typeof orderSelection>;

export function selectOrders(db: Db | Tx) {
  return db.select(orderSelection).from(orders).innerJoin(users, eq(users.id, orders.buyerId));
}

export async function listOrders(db: Db, buyerId: number | null, limit: number, offset: number): Promise<OrderRow[]> {
  return selectOrders(db)
    .where(buyerId === null ? undefined : eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function countOrders(db: Db, buyerId: number | null): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(buyerId === null ? undefined : eq(orders.buyerId, buyerId));
  return Number(row?.value ?? 0);
}

export async function findOrder(db: Db | Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  return row;
}

/** The items of several orders in one query. */
export async function itemsOfOrders(db: Db | Tx, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
}

/** What checkout reads of each product of a cart (its name and price are copied into the order). */
const stockSelection = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  priceCents: products.priceCents,
  quantity: products.quantity,
};
export type StockRow = SelectResultFields<typeof stockSelection>;

/** Lock the products of a cart, in id order so that concurrent checkouts never deadlock. */
export async function lockProducts(tx: Tx, ids: number[]): Promise<StockRow[]> {
  return tx
    .select(stockSelection)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

/** Add `delta` (negative to take) to the stock of each product, in one statement. */
export async function adjustStock(tx: Tx, lines: { productId: number; delta: number }[]): Promise<void> {
  if (lines.length === 0) return;
  const values = sql.join(
    lines.map((line) => sql`(${line.productId}::int, ${line.delta}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${products} set quantity = ${products.quantity} + change.delta, updated_at = now()
    from (values ${values}) as change(id, delta)
    where ${products.id} = change.id`);
}

export interface NewOrderItem {
  productId: number;
  name: string;
  slug: string;
  description: string;
  unitPriceCents: number;
  quantity: number;
}

export interface Delivery {
  name: string;
  address: string;
  phone: string;
}

/**
 * Hold the order limits of an account and of a client address until the transaction ends: a checkout of
 * the same account or from the same address waits, so two cannot both pass a limit. (Account first, then
 * address, in every checkout: no deadlock.)
 */
export async function lockOrderLimits(tx: Tx, buyerId: number, placedFrom: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('emporium:order-limit:account'), ${buyerId}::int)`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('emporium:order-limit:address'), hashtext(${placedFrom}))`);
}

export interface OpenOrders {
  orders: number;
  units: number;
}

/** Orders of an account, or placed from an address, still waiting for payment on delivery, and their units. */
export async function openOrders(tx: Tx, who: { buyerId: number } | { placedFrom: string }): Promise<OpenOrders> {
  const whose = 'buyerId' in who ? eq(orders.buyerId, who.buyerId) : eq(orders.placedFrom, who.placedFrom);
  const [row] = await tx
    .select({
      orders: sql<number>`count(distinct ${orders.id})::int`,
      units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(whose, awaitingPayment(orders.status)));
  return { orders: row?.orders ?? 0, units: row?.units ?? 0 };
}

export async function insertOrder(
  tx: Tx,
  buyerId: number,
  delivery: Delivery,
  totalCents: number,
  items: NewOrderItem[],
  placedFrom: string,
  paymentMethod: PaymentMethod = 'cash_on_delivery',
): Promise<number> {
  const [row] = await tx
    .insert(orders)
    .values({
      buyerId,
      placedFrom,
      paymentMethod,
      totalCents,
      // Placed in the shop's currency of the moment (which cannot change once there are orders).
      currency: shopMoney().currency,
      deliveryName: delivery.name,
      deliveryAddress: delivery.address,
      deliveryPhone: delivery.phone,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('order insert returned nothing');
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row.id })));
  return row.id;
}

export async function lockOrderStatus(tx: Tx, id: number): Promise<string | undefined> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).for('update');
  return row?.status;
}

export async function setOrderStatus(tx: Tx, id: number, status: OrderStatus): Promise<void> {
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id));
}

/** The order's lifecycle state, its row locked until the transaction ends (every change to an order takes it first). */
export async function lockOrderState(tx: Tx, id: number): Promise<OrderState | undefined> {
  const [row] = await tx
    .select({
      fulfilment: orders.status,
      payment: orders.paymentStatus,
      method: orders.paymentMethod,
      totalMinor: orders.totalCents,
      refundedMinor: orders.refundedMinor,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  return row
    ? {
        ...row,
        fulfilment: row.fulfilment as OrderStatus,
        payment: row.payment as PaymentStatus,
        method: row.method as PaymentMethod,
      }
    : undefined;
}

/** Write an order's new lifecycle state (`paid_at` set the first time it is paid). */
export async function saveOrderState(tx: Tx, id: number, state: OrderState): Promise<void> {
  const paid = state.payment !== 'pending' && state.payment !== 'failed' && state.payment !== 'expired';
  await tx
    .update(orders)
    .set({
      status: state.fulfilment,
      paymentStatus: state.payment,
      refundedMinor: state.refundedMinor,
      updatedAt: new Date(),
      ...(paid ? { paidAt: sql`coalesce(${orders.paidAt}, now())` } : {}),
    })
    .where(eq(orders.id, id));
}
