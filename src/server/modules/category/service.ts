import { MAX_CATEGORIES } from '../../../contract/category.ts';
import { SLUG_PATTERN, slugify } from '../../../domain/slug.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { uniqueSlug } from '../../lib/unique-slug.ts';
import { type Actor, changedFields, recordChange } from '../audit/service.ts';
import * as repo from './repo.ts';

/** Whether a category exists (a product's category must). */
export const categoryExists = async (db: Db, id: number): Promise<boolean> => (await repo.findCategoryById(db, id)) !== undefined;

/** A free slug for a new category named `name` (taken: a category's, now or in its history). */
export const newCategorySlug = (db: Db, name: string): Promise<string> =>
  uniqueSlug(name, (candidate) => repo.categorySlugTaken(db, candidate));

/** A new category, recorded in the audit log, in the caller's transaction (the form, or an import). */
export async function insertCategory(tx: Db | Tx, name: string, slug: string, actor: Actor) {
  const row = await repo.insertCategory(tx, name, slug);
  await recordChange(tx, actor, { action: 'category.create', entity: 'category', entityId: row.id, after: { name, slug } });
  return row;
}

const duplicate = (name: string) => conflict(`Category "${name}" already exists`);

export function createCategoryService(db: Db) {
  async function assertNameFree(name: string, exceptId?: number) {
    const existing = await repo.findCategoryByName(db, name);
    if (existing && existing.id !== exceptId) throw duplicate(name);
  }
  const rethrowDuplicate = (name: string) => (error: unknown) => {
    throw isUniqueViolation(error) ? duplicate(name) : error;
  };

  return {
    list: () => repo.listCategories(db, MAX_CATEGORIES),

    async create(name: string, actor: Actor) {
      await assertNameFree(name);
      const slug = await newCategorySlug(db, name);
      return db.transaction((tx) => insertCategory(tx, name, slug, actor)).catch(rethrowDuplicate(name));
    },

    async update(id: number, name: string, actor: Actor) {
      const current = await repo.findCategoryById(db, id);
      if (!current) throw notFound('Category not found');
      await assertNameFree(name, id);
      const slug =
        slugify(name) === slugify(current.name)
          ? current.slug
          : await uniqueSlug(name, (candidate) => repo.categorySlugTaken(db, candidate, id));
      return db
        .transaction(async (tx) => {
          const row = await repo.renameCategory(tx, current, name, slug);
          const change = changedFields({ name: current.name, slug: current.slug }, { name, slug });
          if (change) await recordChange(tx, actor, { action: 'category.update', entity: 'category', entityId: id, ...change });
          return row;
        })
        .catch(rethrowDuplicate(name));
    },

    /** A category that still has products is not deleted (409): move or delete its products first. */
    async remove(id: number, actor: Actor) {
      const current = await repo.findCategoryById(db, id);
      if (!current) throw notFound('Category not found');
      const inUse = await repo.countProductsInCategory(db, id);
      if (inUse > 0) {
        throw conflict(
          `Category "${current.name}" still has ${inUse} product${inUse === 1 ? '' : 's'}; move or delete them first`,
        );
      }
      await db.transaction(async (tx) => {
        await repo.deleteCategory(tx, id);
        await recordChange(tx, actor, {
          action: 'category.delete',
          entity: 'category',
          entityId: id,
          before: { name: current.name, slug: current.slug },
        });
      });
      return current;
    },

    /** A slug that cannot exist names nothing: 404 without asking the database. */
    async bySlug(slug: string) {
      const found = SLUG_PATTERN.test(slug) ? await repo.findCategoryBySlug(db, slug) : undefined;
      if (!found) throw notFound('Category not found');
      return found;
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
