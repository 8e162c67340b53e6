import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { AdminProductSort, DraftFilter, StockFilter } from '../../../contract/admin-lists.ts';
import type { Db, Tx } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { type Cursor, keysetCondition } from '../../lib/paging.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { productSelection } from './repo.ts';

export interface AdminProductFilters {
  /** Words in the name or description (a substring, any case: the catalogue's trigram index). */
  words?: string | undefined;
  category?: number | undefined;
  stock?: StockFilter | undefined;
  draft?: DraftFilter | undefined;
}


/** Low: some, at or below the threshold (the owner's page's partial index); out: none (the same index). */
const STOCK: Record<StockFilter, SQL> = {
  in: gt(products.quantity, 0),
  low: sql`${products.quantity} <= ${products.lowStockThreshold} and ${products.quantity} > 0`,
  out: sql`${products.quantity} <= ${products.lowStockThreshold} and ${products.quantity} = 0`,
};

/** Drafts: their own partial index (few); shown: the shop's partial indexes; all: no condition. */
const DRAFT: Record<DraftFilter, SQL | undefined> = {
  draft: sql`${products.draft}`,
  published: sql`not ${products.draft}`,
  all: undefined,
};

function whereOf(filters: AdminProductFilters): SQL | undefined {
  return and(
    filters.words !== undefined ? sql`(${products.name} || ' ' || ${products.description}) ilike ${likePattern(filters.words)}` : undefined,
    filters.category !== undefined ? eq(products.categoryId, filters.category) : undefined,
    filters.stock !== undefined ? STOCK[filters.stock] : undefined,
    filters.draft !== undefined ? DRAFT[filters.draft] : undefined,
  );
}

const SORT_KEYS: Record<AdminProductSort, { key: typeof products.createdAt | typeof products.name | typeof products.priceCents | typeof products.quantity; descending: boolean }> = {
  newest: { key: products.createdAt, descending: true },
  name: { key: products.name, descending: false },
  'price-asc': { key: products.priceCents, descending: false },
  'price-desc': { key: products.priceCents, descending: true },
  'stock-asc': { key: products.quantity, descending: false },
};

/** The product columns every screen reads, with the owner's low-stock threshold. */
const adminProductSelection = { ...productSelection, lowStockThreshold: products.lowStockThreshold };

/** A keyset page of the admin's products list (see adminOrdersPage: the same rule). */
export async function adminProductsPage(db: Db, filters: AdminProductFilters, sort: AdminProductSort, cursor: Cursor, limit: number) {
  const { key, descending } = SORT_KEYS[sort];
  const backwards = cursor !== null && 'before' in cursor;
  const down = descending !== backwards;
  const cursorId = cursor === null ? null : 'after' in cursor ? cursor.after : cursor.before;
  const rows = await db
    .select(adminProductSelection)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(whereOf(filters), cursorId === null ? undefined : keysetCondition(products, key, products.id, cursorId, down)))
    .orderBy(...(down ? [desc(key), desc(products.id)] : [asc(key), asc(products.id)]))
    .limit(limit);
  return backwards ? rows.reverse() : rows;
}
export type AdminProductRow = Awaited<ReturnType<typeof adminProductsPage>>[number];

export async function countAdminProducts(db: Db, filters: AdminProductFilters, cap: number): Promise<number> {
  const matching = db.select({ one: sql`1`.as('one') }).from(products).where(whereOf(filters)).limit(cap).as('matching');
  const [row] = await db.select({ value: count() }).from(matching);
  return Number(row?.value ?? 0);
}

/** The products' category and stock as they are, locked until the transaction ends (in id order). */
export async function lockProductsForBulk(tx: Tx, ids: number[]) {
  return tx
    .select({ id: products.id, categoryId: products.categoryId, quantity: products.quantity, draft: products.draft })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

/** One statement for all of them (the variants' stock follows the product's, by the trigger of variants). */
export async function setProductsFields(tx: Tx, ids: number[], fields: { categoryId?: number | undefined; quantity?: number | undefined; draft?: boolean | undefined }): Promise<void> {
  await tx
    .update(products)
    .set({
      ...(fields.categoryId !== undefined ? { categoryId: fields.categoryId } : {}),
      ...(fields.quantity !== undefined ? { quantity: fields.quantity } : {}),
      ...(fields.draft !== undefined ? { draft: fields.draft } : {}),
      updatedAt: new Date(),
    })
    .where(inArray(products.id, ids));
}
