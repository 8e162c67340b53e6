import { ADMIN_PRODUCTS_PAGE_SIZE } from '../../../contract/admin-lists.ts';
import type { Handlers } from '../../plugins/calls.ts';
import { actorOf } from '../auth/guards.ts';
import type { AdminProductService } from './admin-service.ts';
import { toWireProduct } from './mapper.ts';

const plural = (count: number) => `${count} product${count === 1 ? '' : 's'}`;

/** The admin area's products list, and changes to several products at once. */
export const adminProductHandlers = (admin: AdminProductService) =>
  ({
    adminProducts: async (request) => {
      const page = await admin.page(request.query);
      return {
        success: true,
        products: page.shown.map((row) => ({ ...toWireProduct(row), lowStockThreshold: row.lowStockThreshold })),
        total: page.total,
        totalIsCapped: page.totalIsCapped,
        next: page.next === null ? null : String(page.next),
        prev: page.prev === null ? null : String(page.prev),
        pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
      };
    },

    bulkProducts: async (request) => {
      const { ids, category, quantity, draft } = request.body;
      const changed = await admin.change(ids, { category, quantity, draft }, actorOf(request));
      return { success: true, message: `${plural(changed)} changed`, changed };
    },
  }) satisfies Partial<Handlers>;
