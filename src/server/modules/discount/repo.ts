import { and, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { executeNamed, preparedOnce } from '../../lib/prepared.ts';
import { categories, discountCodes, discountCodeUses, orders, products, users } from '../../db/schema.ts';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type NewDiscountCode = typeof discountCodes.$inferInsert;

/** What the list adds to a code: the totals of the orders that used it, and what they were given off. */
export interface CodeFigures {
  revenueMinor: number;
  discountedMinor: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
const searchOf = (q: string | undefined) => (q ? ilike(discountCodes.code, `%${escapeLike(q.toUpperCase())}%`) : undefined);

export async function listCodes(db: Db, q: string | undefined, limit: number, offset: number): Promise<DiscountCodeRow[]> {
  return db
    .select()
    .from(discountCodes)
    .where(searchOf(q))
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
    .limit(limit)
    .offset(offset);
}

export async function countCodes(db: Db, q: string | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(discountCodes).where(searchOf(q));
  return Number(row?.value ?? 0);
}

/** Revenue and discount per code of a page: one grouped query over the uses' (code_id, …) index. */
export async function figuresOf(db: Db | Tx, codeIds: number[]): Promise<Map<number, CodeFigures>> {
  if (codeIds.length === 0) return new Map();
  const rows = await db
    .select({
      codeId: discountCodeUses.codeId,
      revenueMinor: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
      discountedMinor: sql<string>`coalesce(sum(${discountCodeUses.discountMinor}), 0)`,
    })
    .from(discountCodeUses)
    .innerJoin(orders, eq(orders.id, discountCodeUses.orderId))
    .where(inArray(discountCodeUses.codeId, codeIds))
    .groupBy(discountCodeUses.codeId);
  return new Map(rows.map((row) => [row.codeId, { revenueMinor: Number(row.revenueMinor), discountedMinor: Number(row.discountedMinor) }]));
}

export async function findCode(db: Db | Tx, id: number): Promise<DiscountCodeRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row;
}

/** A code by id, its row locked until the transaction ends (the delete's check against a concurrent order's claim). */
export async function lockCode(tx: Tx, id: number): Promise<DiscountCodeRow | undefined> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
  return row;
}

/** A code by its normalised text, its row locked until the transaction ends (checkout), or read (a check). */
export async function codeByText(tx: Db | Tx, code: string, lock: boolean): Promise<DiscountCodeRow | undefined> {
  const query = tx.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A code with what the shopper's standing needs, read without a lock: the quote's check, which changes nothing. */
export interface CodeWithStanding {
  row: DiscountCodeRow;
  /** The shopper's uses of it (by normalised e-mail); 0 without an e-mail or a per-customer limit. */
  byCustomer: number;
  /** Whether the e-mail has an order not cancelled (only asked of a first-order code). */
  ordered: boolean;
}

/**
 * The code by its normalised text, the shopper's uses and whether they ordered before, in one statement (one
 * round trip where codeByText, usesOf and hasOrdered take three): the quote's. The order's claim reads them
 * one after the other, after the code's lock, so they see the uses committed while it waited.
 */
export async function codeWithStanding(db: Db | Tx, code: string, email: string | null): Promise<CodeWithStanding | undefined> {
  const query = preparedOnce(db, 'discount_code_standing', () =>
    db
      .select({
        row: discountCodes,
        // Written out with their tables: drizzle leaves the table off the columns of a one-table select.
        byCustomer: sql<number>`case when discount_codes.max_uses_per_customer is null then 0 else (select count(*)::int from discount_code_uses u
          where u.code_id = discount_codes.id and u.email = ${sql.placeholder('email')}) end`,
        ordered: sql<boolean>`case when discount_codes.first_order_only then exists (select 1 from orders o join users b on b.id = o.buyer_id
          where b.email = ${sql.placeholder('email')} and o.status <> 'cancelled') else false end`,
      })
      .from(discountCodes)
      .where(eq(discountCodes.code, sql.placeholder('code')))
      .prepare('discount_code_standing'),
  );
  const [found] = await query.execute({ code, email: email ?? '' });
  return found;
}

export async function insertCode(tx: Tx, values: NewDiscountCode): Promise<DiscountCodeRow> {
  const [row] = await tx.insert(discountCodes).values(values).returning();
  if (!row) throw new Error('discount code insert returned nothing');
  return row;
}

/** Codes of a batch, skipping texts already taken: answers the rows made. */
export async function insertCodesSkippingTaken(tx: Tx, values: NewDiscountCode[]): Promise<DiscountCodeRow[]> {
  if (values.length === 0) return [];
  return tx.insert(discountCodes).values(values).onConflictDoNothing({ target: discountCodes.code }).returning();
}

export async function updateCode(tx: Tx, id: number, values: Partial<NewDiscountCode>): Promise<DiscountCodeRow | undefined> {
  const [row] = await tx
    .update(discountCodes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(discountCodes.id, id))
    .returning();
  return row;
}

export async function deleteCode(tx: Tx, id: number): Promise<void> {
  await tx.delete(discountCodes).where(eq(discountCodes.id, id));
}

export async function codeTaken(db: Db | Tx, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), exceptId === undefined ? undefined : ne(discountCodes.id, exceptId)));
  return row !== undefined;
}

/** Which of these ids name no product / no category (the scope of a code must name real ones). */
export async function missingProducts(db: Db | Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

export async function missingCategories(db: Db | Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids))).map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

/** A code's uses in all, and by one shopper (normalised e-mail): the (code_id, email) index. */
export async function usesOf(tx: Db | Tx, codeId: number, email: string): Promise<{ byCustomer: number }> {
  const [row] = await tx
    .select({ value: count() })
    .from(discountCodeUses)
    .where(and(eq(discountCodeUses.codeId, codeId), eq(discountCodeUses.email, email)));
  return { byCustomer: Number(row?.value ?? 0) };
}

/** Whether an e-mail (normalised) has an order that was not cancelled. */
export async function hasOrdered(tx: Db | Tx, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(and(eq(users.email, email), ne(orders.status, 'cancelled')))
    .limit(1);
  return row !== undefined;
}

/** The use of a code by an order, and the code's count, in one statement (the order's transaction holds the code's lock). */
export async function insertUse(tx: Tx, codeId: number, orderId: number, email: string, discountMinor: number): Promise<void> {
  await executeNamed(tx, sql`with used as (
      insert into ${discountCodeUses} (code_id, order_id, email, discount_minor) values (${codeId}, ${orderId}, ${email}, ${discountMinor}))
    update ${discountCodes} set uses = ${discountCodes.uses} + 1 where ${discountCodes.id} = ${codeId}`);
}

