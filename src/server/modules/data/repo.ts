import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, orderItems, orders, productSlugHistory, products, users } from '../../db/schema.ts';
import type { ProductValues } from '../product/repo.ts';

const BATCH = 1000;

/** A product as the catalogue CSV holds it (the category by id; the caller names it). */
export type CsvProduct = ProductValues & { id: number; updatedAt: Date };

const csvProductSelection = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  quantity: products.quantity,
  shipping: products.shipping,
  categoryId: products.categoryId,
  lowStockThreshold: products.lowStockThreshold,
  updatedAt: products.updatedAt,
};

/** Every product, oldest first, BATCH at a time (keyset on the id: each batch is one index range). */
export async function* allProducts(db: Db): AsyncGenerator<CsvProduct> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select(csvProductSelection)
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(BATCH);
    yield* batch;
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return;
    after = last.id;
  }
}

/** The products whose slugs a file names (matching rows to products), BATCH slugs per query. */
export async function productsBySlug(db: Db | Tx, slugs: string[]): Promise<Map<string, CsvProduct>> {
  const found = new Map<string, CsvProduct>();
  for (let start = 0; start < slugs.length; start += BATCH) {
    const rows = await db
      .select(csvProductSelection)
      .from(products)
      .where(inArray(products.slug, slugs.slice(start, start + BATCH)));
    for (const row of rows) found.set(row.slug, row);
  }
  return found;
}

/** Of `slugs`, those a product has or had (an old slug keeps resolving to its product). */
export async function slugsInUse(db: Db | Tx, slugs: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < slugs.length; start += BATCH) {
    const chunk = slugs.slice(start, start + BATCH);
    const [current, old] = await Promise.all([
      db.select({ slug: products.slug }).from(products).where(inArray(products.slug, chunk)),
      db.select({ slug: productSlugHistory.slug }).from(productSlugHistory).where(inArray(productSlugHistory.slug, chunk)),
    ]);
    for (const row of [...current, ...old]) taken.add(row.slug);
  }
  return taken;
}

export async function allCategories(db: Db | Tx): Promise<{ id: number; name: string; slug: string }[]> {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories);
}

/** A product as an import writes it. */
export type ProductWrite = ProductValues;

export async function insertProducts(tx: Tx, rows: ProductWrite[]): Promise<{ id: number; slug: string }[]> {
  const inserted: { id: number; slug: string }[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    inserted.push(
      ...(await tx
        .insert(products)
        .values(rows.slice(start, start + BATCH))
        .returning({ id: products.id, slug: products.slug })),
    );
  }
  return inserted;
}

/** Many products changed in one statement per BATCH (`update … from (values …)`). */
export async function updateProducts(tx: Tx, rows: (ProductWrite & { id: number })[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const values = rows
      .slice(start, start + BATCH)
      .map(
        (row) =>
          sql`(${row.id}::int, ${row.name}::text, ${row.description}::text, ${row.priceCents}::int, ${row.quantity}::int, ${row.shipping}::boolean, ${row.categoryId}::int, ${row.lowStockThreshold}::int)`,
      );
    await tx.execute(sql`
      update products as p set
        name = v.name, description = v.description, price_cents = v.price_cents, quantity = v.quantity,
        shipping = v.shipping, category_id = v.category_id, low_stock_threshold = v.low_stock_threshold,
        updated_at = now()
      from (values ${sql.join(values, sql`, `)})
        as v(id, name, description, price_cents, quantity, shipping, category_id, low_stock_threshold)
      where p.id = v.id`);
  }
}

export interface OrderLineRow {
  orderId: number;
  createdAt: Date;
  status: string;
  totalCents: number;
  buyerName: string;
  buyerEmail: string;
  deliveryName: string;
  deliveryAddress: string;
  deliveryPhone: string;
  productId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface DayRange {
  /** First day (YYYY-MM-DD), included. */
  from?: string | undefined;
  /** Last day (YYYY-MM-DD), included. */
  to?: string | undefined;
  /** The days are this time zone's. */
  timeZone: string;
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
          after ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(BATCH);
    if (page.length === 0) return;
    const lines = await db
      .select({
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
        quantity: orderItems.quantity,
        unitPriceCents: orderItems.unitPriceCents,
      })
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
