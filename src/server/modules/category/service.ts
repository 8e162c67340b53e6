import { MAX_CATEGORIES } from '../../../contract/category.ts';
import { slugify } from '../../../domain/slug.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { uniqueSlug } from '../../lib/unique-slug.ts';
import * as repo from './repo.ts';

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

    async create(name: string) {
      await assertNameFree(name);
      const slug = await uniqueSlug(name, (candidate) => repo.categorySlugTaken(db, candidate));
      return repo.insertCategory(db, name, slug).catch(rethrowDuplicate(name));
    },

    async update(id: number, name: string) {
      const current = await repo.findCategoryById(db, id);
      if (!current) throw notFound('Category not found');
      await assertNameFree(name, id);
      const slug =
        slugify(name) === slugify(current.name)
          ? current.slug
          : await uniqueSlug(name, (candidate) => repo.categorySlugTaken(db, candidate, id));
      return repo.renameCategory(db, current, name, slug).catch(rethrowDuplicate(name));
    },

    /** A category that still has products is not deleted (409): move or delete its products first. */
    async remove(id: number) {
      const current = await repo.findCategoryById(db, id);
      if (!current) throw notFound('Category not found');
      const inUse = await repo.countProductsInCategory(db, id);
      if (inUse > 0) {
        throw conflict(
          `Category "${current.name}" still has ${inUse} product${inUse === 1 ? '' : 's'}; move or delete them first`,
        );
      }
      await repo.deleteCategory(db, id);
      return current;
    },

    async bySlug(slug: string) {
      const found = await repo.findCategoryBySlug(db, slug);
      if (!found) throw notFound('Category not found');
      return found;
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
