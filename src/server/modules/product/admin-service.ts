import { ADMIN_PRODUCTS_PAGE_SIZE, type AdminProductSort, type DraftFilter, LIST_COUNT_CAP, type StockFilter } from '../../../contract/admin-lists.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { cursorOf, cursorPage } from '../../lib/paging.ts';
import { type Actor, changedFields, recordChanges } from '../audit/service.ts';
import { categoryExists } from '../category/service.ts';
import * as adminRepo from './admin-repo.ts';

export interface AdminProductsRequest {
  q?: string | undefined;
  category?: number | undefined;
  stock?: StockFilter | undefined;
  draft?: DraftFilter | undefined;
  sort?: AdminProductSort | undefined;
  after?: number | undefined;
  before?: number | undefined;
}

/** The admin area's products: the list at a shop's size, and changes to several products at once. */
export function createAdminProductService(db: Db) {
  return {
    /** A page of 20 in the sort's order (newest first by default), after or before a cursor; the total up to LIST_COUNT_CAP. */
    async page(request: AdminProductsRequest) {
      const filters = { words: request.q, category: request.category, stock: request.stock, draft: request.draft };
      const cursor = cursorOf(request);
      const { rows, total } = await adminRepo.adminProductsPage(db, filters, request.sort ?? 'newest', cursor, ADMIN_PRODUCTS_PAGE_SIZE + 1, LIST_COUNT_CAP);
      return { ...cursorPage(rows, ADMIN_PRODUCTS_PAGE_SIZE, cursor), total, totalIsCapped: total >= LIST_COUNT_CAP };
    },

    /**
     * A new category, stock or draft state for several products, in one transaction: every product must exist (404
     * naming the missing ones, nothing changed); each change is in the audit log, as the product form's.
     */
    async change(ids: number[], fields: { category?: number | undefined; quantity?: number | undefined; draft?: boolean | undefined }, actor: Actor): Promise<number> {
      if (fields.category !== undefined && !(await categoryExists(db, fields.category))) throw badRequest('category: no such category');
      return db.transaction(async (tx) => {
        const current = await adminRepo.lockProductsForBulk(tx, ids);
        if (current.length !== ids.length) {
          const found = new Set(current.map((row) => row.id));
          throw notFound(`No such product: ${ids.filter((id) => !found.has(id)).join(', ')}`);
        }
        await adminRepo.setProductsFields(tx, ids, { categoryId: fields.category, quantity: fields.quantity, draft: fields.draft });
        const entries = current.flatMap((row) => {
          const change = changedFields(
            { categoryId: row.categoryId, quantity: row.quantity, draft: row.draft },
            { categoryId: fields.category ?? row.categoryId, quantity: fields.quantity ?? row.quantity, draft: fields.draft ?? row.draft },
          );
          return change ? [{ action: 'product.update', entity: 'product', entityId: row.id, ...change }] : [];
        });
        await recordChanges(tx, actor, entries);
        return entries.length;
      });
    },
  };
}

export type AdminProductService = ReturnType<typeof createAdminProductService>;
