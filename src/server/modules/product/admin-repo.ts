import { and, asc, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { AdminProductSort, DraftFilter, StockFilter } from '../../../contract/admin-lists.ts';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { adminProductCounts, adminProductStock, categories, products } from '../../db/schema.ts';
import { type Cursor, keysetCondition } from '../../lib/paging.ts';
import { type Bind, bindValue, inlined, inlinedLimit, preparedOnce } from '../../lib/prepared.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { productSelection } from './repo.ts';

export interface AdminProductFilters {
  /** Words in the name or description (a substring, any case: the catalogue's trigram index). */
  words?: string | undefined;
  category?: number | undefined;
  stock?: StockFilter | undefined;
  draft?: DraftFilter | undefined;
}


/** The products whose kept stock meets `condition`: admin_product_stock's partial index (few rows). */
const stockIs = (condition: SQL) => sql`${products.id} in (select ${adminProductStock.productId} from ${adminProductStock} where ${condition})`;

/**
 * In stock: most products (read as the list walks). Low: some, at or below the threshold; out: none (both
 * few, from admin_product_stock: products has no index on its stock, decision record 0023).
 */
const STOCK: Record<StockFilter, SQL> = {
  in: gt(products.quantity, 0),
  low: stockIs(sql`${adminProductStock.state} = 'low'`),
  out: stockIs(sql`${adminProductStock.state} = 'out'`),
};

/** Drafts: their own partial index (few); shown: the shop's partial indexes; all: no condition. */
const DRAFT: Record<DraftFilter, SQL | undefined> = {
  draft: sql`${products.draft}`,
  published: sql`not ${products.draft}`,
  all: undefined,
};

/** The values a filter sends, by name (a prepared query's placeholders). */
type FilterValues = { pattern?: string | undefined; category?: number | undefined; cursor?: number | undefined };

function whereOf(filters: AdminProductFilters, bind: Bind<FilterValues>): SQL | undefined {
  return and(
    filters.words !== undefined ? sql`(${products.name} || ' ' || ${products.description}) ilike ${bind('pattern')}` : undefined,
    filters.category !== undefined ? eq(products.categoryId, bind('category')) : undefined,
    filters.stock !== undefined ? STOCK[filters.stock] : undefined,
    filters.draft !== undefined ? DRAFT[filters.draft] : undefined,
  );
}

/** Each sort's key and the table that holds it with the product's id (the stock: admin_product_stock, joined). */
const SORT_KEYS: Record<AdminProductSort, { table: AnyPgTable; key: AnyPgColumn; id: AnyPgColumn; descending: boolean }> = {
  newest: { table: products, key: products.createdAt, id: products.id, descending: true },
  name: { table: products, key: products.name, id: products.id, descending: false },
  'price-asc': { table: products, key: products.priceCents, id: products.id, descending: false },
  'price-desc': { table: products, key: products.priceCents, id: products.id, descending: true },
  'stock-asc': { table: adminProductStock, key: adminProductStock.quantity, id: adminProductStock.productId, descending: false },
};

/** The product columns every screen reads, with the owner's low-stock threshold. */
const adminProductSelection = { ...productSelection, lowStockThreshold: products.lowStockThreshold };

/** The stock filter on the kept counts: product_stock_state (the migration) is 'out', 'low' or 'plenty'. */
const KEPT_STOCK: Record<StockFilter, SQL> = {
  in: sql`${adminProductCounts.stock} in ('low', 'plenty')`,
  low: sql`${adminProductCounts.stock} = 'low'`,
  out: sql`${adminProductCounts.stock} = 'out'`,
};
const KEPT_DRAFT: Record<DraftFilter, SQL | undefined> = {
  draft: sql`${adminProductCounts.draft}`,
  published: sql`not ${adminProductCounts.draft}`,
  all: undefined,
};

/**
 * How many products match, from the counts the triggers keep (admin_product_counts) unless the filter
 * has words (then counted, at most `cap`).
 */
function countOf(filters: AdminProductFilters, bind: Bind<FilterValues>, cap: number): SQL<number> {
  if (filters.words === undefined) {
    const where = and(
      filters.category !== undefined ? eq(adminProductCounts.categoryId, bind('category')) : undefined,
      filters.stock !== undefined ? KEPT_STOCK[filters.stock] : undefined,
      filters.draft !== undefined ? KEPT_DRAFT[filters.draft] : undefined,
    );
    return sql<number>`(select least(coalesce(sum(${adminProductCounts.products}), 0), ${inlined(cap)})::int from ${adminProductCounts} ${where ? sql`where ${where}` : sql``})`;
  }
  return sql<number>`(select count(*)::int from (select 1 from ${products} where ${whereOf(filters, bind) ?? sql`true`} limit ${inlined(cap)}) as matching)`;
}

/**
 * A keyset page of the admin's products list (see adminOrdersPage: the same rule), with the total (at
 * most `cap`) in the same query.
 */
export async function adminProductsPage(db: Db, filters: AdminProductFilters, sort: AdminProductSort, cursor: Cursor, limit: number, cap: number) {
  const { table, key, id, descending } = SORT_KEYS[sort];
  const backwards = cursor !== null && 'before' in cursor;
  const down = descending !== backwards;
  const cursorId = cursor === null ? null : 'after' in cursor ? cursor.after : cursor.before;
  const values: FilterValues = { pattern: filters.words === undefined ? undefined : likePattern(filters.words), category: filters.category, cursor: cursorId ?? undefined };
  const build = (bind: Bind<FilterValues>) => {
    const query = db
      .select({ ...adminProductSelection, total: countOf(filters, bind, cap) })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId));
    return (table === products ? query : query.innerJoin(adminProductStock, eq(adminProductStock.productId, products.id)))
      .where(and(whereOf(filters, bind), cursorId === null ? undefined : keysetCondition(table, key, id, bind('cursor'), down)))
      .orderBy(...(down ? [desc(key), desc(id)] : [asc(key), asc(id)]))
      .limit(inlinedLimit(limit));
  };
  // Prepared once per shape (see adminOrdersPage); a search by words is planned for its words each time.
  const shape = `p${filters.category === undefined ? '' : 'c'}${filters.stock ?? ''}${filters.draft ?? ''}_${sort}${cursor === null ? '' : backwards ? '<' : '>'}${limit}`;
  const found =
    filters.words === undefined
      ? await preparedOnce(db, shape, () => build((name) => sql.placeholder(name)).prepare(`admin_list_${shape}`)).execute(values)
      : await build(bindValue(values));
  if (backwards) found.reverse();
  const rows = found.map(({ total: _total, ...row }) => row);
  // A page past the end of its list (a cursor) tells no total: counted on its own; an empty first page has none.
  const total =
    found[0]?.total ??
    (cursor === null ? 0 : (rowsOf<{ total: number }>(await db.execute(sql`select ${countOf(filters, bindValue(values), cap)} as total`))[0]?.total ?? 0));
  return { rows, total };
}
export type AdminProductRow = Awaited<ReturnType<typeof adminProductsPage>>['rows'][number];

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
