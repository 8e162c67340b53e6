import type { Handlers } from '../../plugins/calls.ts';
import { actorOf } from '../auth/guards.ts';
import { toWireCategory } from './mapper.ts';
import type { CategoryService } from './service.ts';

export const categoryHandlers = (categories: CategoryService) =>
  ({
    getCategories: async () => {
      const rows = await categories.list();
      return { success: true, message: 'All Categories List', category: rows.map(toWireCategory) };
    },

    createCategory: async (request) => {
      const row = await categories.create(request.body.name, actorOf(request));
      return { success: true, message: `${row.name} is created`, category: toWireCategory(row) };
    },

    updateCategory: async (request) => {
      const row = await categories.update(request.params.id, request.body.name, actorOf(request));
      return { success: true, message: `${row.name} is updated`, category: toWireCategory(row) };
    },

    deleteCategory: async (request) => {
      await categories.remove(request.params.id, actorOf(request));
      return { success: true, message: 'category is deleted' };
    },
  }) satisfies Partial<Handlers>;
