import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { inlinedLimit, preparedOnce } from '../../lib/prepared.ts';
import { categories, categorySlugHistory, products } from '../../db/schema.ts';

export type CategoryRow = typeof categories.$inferSelect;

/** Alphabetical ignoring case ('apple' before 'Banana'), whatever the database's collation. */
export async function listCategories(db: Db, limit: number): Promise<CategoryRow[]> {
  const name = `categories_${Math.trunc(limit)}`;
  const query = preparedOnce(db, name, () =>
    db
      .select()
      .from(categories)
      .orderBy(asc(sql`lower(${categories.name})`), asc(categories.name), asc(categories.id))
      .limit(inlinedLimit(limit))
      .prepare(name),
  );
  return query.execute();
}

export async function findCategoryById(db: Db, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

/** By its current slug, or by a slug it had before a rename. */
export async function findCategoryBySlug(db: Db, slug: string): Promise<CategoryRow | undefined> {
  // A category page's first read: its SQL built once per database, planned once per connection.
  const bySlug = preparedOnce(db, 'category_by_slug', () =>
    db.select().from(categories).where(eq(categories.slug, sql.placeholder('slug'))).prepare('category_by_slug'),
  );
  const [current] = await bySlug.execute({ slug });
  if (current) return current;
  const [old] = await db
    .select({ category: categories })
    .from(categorySlugHistory)
    .innerJoin(categories, eq(categories.id, categorySlugHistory.categoryId))
    .where(eq(categorySlugHistory.slug, slug));
  return old?.category;
}

export async function findCategoryByName(db: Db, name: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(sql`lower(${categories.name}) = lower(${name})`);
  return row;
}

/** Whether a slug is taken by another category, now or in its history. */
export async function categorySlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [current, old] = await Promise.all([
    db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)),
    db
      .select({ id: categorySlugHistory.categoryId })
      .from(categorySlugHistory)
      .where(eq(categorySlugHistory.slug, slug)),
  ]);
  return [...current, ...old].some((row) => row.id !== exceptId);
}

export async function insertCategory(db: Db | Tx, name: string, slug: string): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values({ name, slug }).returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

export async function renameCategory(db: Db | Tx, current: CategoryRow, name: string, slug: string): Promise<CategoryRow> {
  return db.transaction(async (tx) => {
    if (slug !== current.slug) {
      await tx.delete(categorySlugHistory).where(eq(categorySlugHistory.slug, slug));
      await tx.insert(categorySlugHistory).values({ slug: current.slug, categoryId: current.id }).onConflictDoNothing();
    }
    const [row] = await tx.update(categories).set({ name, slug }).where(eq(categories.id, current.id)).returning();
    if (!row) throw new Error('category update returned nothing');
    return row;
  });
}

export async function countProductsInCategory(db: Db, categoryId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products).where(eq(products.categoryId, categoryId));
  return Number(row?.value ?? 0);
}

export async function deleteCategory(db: Db | Tx, id: number): Promise<boolean> {
  const rows = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  return rows.length > 0;
}
