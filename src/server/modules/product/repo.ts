import { and, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { catalogueCounters, categories, productPhotos, productSlugHistory, products } from '../../db/schema.ts';

/** Every product column a screen needs, with its category, and never the photo bytes or search vector. */
const productSelection = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  priceCents: products.priceCents,
  quantity: products.quantity,
  shipping: products.shipping,
  hasPhoto: products.hasPhoto,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  category: { id: categories.id, name: categories.name, slug: categories.slug },
};

export type ProductRow = {
  id: number;
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  quantity: number;
  shipping: boolean;
  hasPhoto: boolean;
  createdAt: Date;
  updatedAt: Date;
  category: { id: number; name: string; slug: string };
};

const newestFirst = [desc(products.createdAt), desc(products.id)];

function selectProducts(db: Db | Tx) {
  return db.select(productSelection).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
}

export interface ProductFilter {
  categoryIds?: number[];
  minCents?: number;
  maxCentsExclusive?: number | null;
}

function filterWhere(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.categoryIds && filter.categoryIds.length > 0)
    conditions.push(inArray(products.categoryId, filter.categoryIds));
  if (filter.minCents !== undefined && filter.minCents > 0) conditions.push(gte(products.priceCents, filter.minCents));
  if (filter.maxCentsExclusive !== undefined && filter.maxCentsExclusive !== null) {
    conditions.push(lt(products.priceCents, filter.maxCentsExclusive));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listProducts(
  db: Db,
  filter: ProductFilter,
  limit: number,
  offset: number,
): Promise<ProductRow[]> {
  return selectProducts(db)
    .where(filterWhere(filter))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

export async function countProducts(db: Db, filter: ProductFilter): Promise<number> {
  const where = filterWhere(filter);
  if (!where) {
    // Kept by triggers: no table scan for the unfiltered total.
    const [row] = await db
      .select({ value: catalogueCounters.value })
      .from(catalogueCounters)
      .where(eq(catalogueCounters.name, 'products'));
    return row?.value ?? 0;
  }
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(products).where(where);
  return Number(row?.value ?? 0);
}

/** A prefix query over the stored search vector: every word must match (`wire` finds "wireless"). */
export function searchQuery(keyword: string): SQL | null {
  const words =
    keyword
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  if (words.length === 0) return null;
  const text = words.map((word) => `${word}:*`).join(' & ');
  return sql`to_tsquery('english', ${text})`;
}

/** One page of matches: best first (name matches weigh more), then newest. */
export async function searchProducts(db: Db, query: SQL, limit: number, offset: number): Promise<ProductRow[]> {
  return selectProducts(db)
    .where(sql`${products.search} @@ ${query}`)
    .orderBy(sql`ts_rank(${products.search}, ${query}) desc`, ...newestFirst)
    .limit(limit)
    .offset(offset);
}

/**
 * The number of all matches. A separate query on purpose: counting in the ranked query with
 * `count(*) over ()` makes PostgreSQL carry every matching row through a window (measured 4x slower).
 */
export async function countSearch(db: Db, query: SQL): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(products)
    .where(sql`${products.search} @@ ${query}`);
  return Number(row?.value ?? 0);
}

export async function findProductById(db: Db | Tx, id: number): Promise<ProductRow | undefined> {
  const [row] = await selectProducts(db).where(eq(products.id, id));
  return row;
}

/** By its current slug, or by a slug it had before a rename. */
export async function findProductBySlug(db: Db, slug: string): Promise<ProductRow | undefined> {
  const [current] = await selectProducts(db).where(eq(products.slug, slug));
  if (current) return current;
  const [old] = await db
    .select({ id: productSlugHistory.productId })
    .from(productSlugHistory)
    .where(eq(productSlugHistory.slug, slug));
  return old ? findProductById(db, old.id) : undefined;
}

export async function listRelated(db: Db, productId: number, categoryId: number, limit: number): Promise<ProductRow[]> {
  return selectProducts(db)
    .where(and(eq(products.categoryId, categoryId), ne(products.id, productId)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** Whether a slug is taken by another product, now or in its history. */
export async function productSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [current, old] = await Promise.all([
    db.select({ id: products.id }).from(products).where(eq(products.slug, slug)),
    db.select({ id: productSlugHistory.productId }).from(productSlugHistory).where(eq(productSlugHistory.slug, slug)),
  ]);
  return [...current, ...old].some((row) => row.id !== exceptId);
}

export interface ProductValues {
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  quantity: number;
  shipping: boolean;
  categoryId: number;
}

export interface PhotoValues {
  contentType: string;
  data: Uint8Array;
  etag: string;
}

async function savePhoto(tx: Tx, productId: number, photo: PhotoValues): Promise<void> {
  await tx
    .insert(productPhotos)
    .values({ productId, ...photo })
    .onConflictDoUpdate({ target: productPhotos.productId, set: { ...photo, updatedAt: new Date() } });
}

export async function insertProduct(db: Db, values: ProductValues, photo: PhotoValues | null): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...values, hasPhoto: photo !== null })
      .returning({ id: products.id });
    if (!row) throw new Error('product insert returned nothing');
    if (photo) await savePhoto(tx, row.id, photo);
    return row.id;
  });
}

export async function updateProduct(
  db: Db,
  id: number,
  oldSlug: string,
  values: ProductValues,
  photo: PhotoValues | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (values.slug !== oldSlug) {
      await tx.delete(productSlugHistory).where(eq(productSlugHistory.slug, values.slug));
      await tx.insert(productSlugHistory).values({ slug: oldSlug, productId: id }).onConflictDoNothing();
    }
    await tx
      .update(products)
      .set({ ...values, ...(photo ? { hasPhoto: true } : {}), updatedAt: new Date() })
      .where(eq(products.id, id));
    if (photo) await savePhoto(tx, id, photo);
  });
}

export async function deleteProduct(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

export async function findPhotoEtag(db: Db, productId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ etag: productPhotos.etag })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId));
  return row?.etag;
}

export async function findPhoto(db: Db, productId: number): Promise<PhotoValues | undefined> {
  const [row] = await db
    .select({ contentType: productPhotos.contentType, data: productPhotos.data, etag: productPhotos.etag })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId));
  return row;
}

/** Slugs and change dates of the newest products, for the sitemap. */
export async function listProductSlugs(db: Db, limit: number): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(...newestFirst)
    .limit(limit);
}
