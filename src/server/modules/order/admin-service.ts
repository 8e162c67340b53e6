import { ADMIN_ORDERS_PAGE_SIZE, type AdminOrderSort, LIST_COUNT_CAP } from '../../../contract/admin-lists.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import type { PaymentStatus } from '../../../domain/order-lifecycle.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { cursorOf, cursorPage } from '../../lib/paging.ts';
import type { Actor } from '../audit/service.ts';
import * as adminRepo from './admin-repo.ts';
import type { OrderService } from './service.ts';

export interface AdminOrdersRequest {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  payment?: PaymentStatus | undefined;
  toShip?: boolean | undefined;
  customer?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: AdminOrderSort | undefined;
  after?: number | undefined;
  before?: number | undefined;
}

/** An order number as the owner types it: `1042` or `#1042`. */
const ORDER_NUMBER = /^#?\s*(\d{1,10})$/;

export type BulkOutcome<T> =
  | { id: number; outcome: 'changed' | 'unchanged'; found: T; undoUntil: Date | null }
  | { id: number; outcome: 'refused'; message: string };

/** The admin area's orders: the list at a shop's size, and status changes of several orders with their undo. */
export function createAdminOrderService(db: Db, orders: OrderService, timeZone: string) {
  /** Each order in turn, in its own transaction: one refused (404, 409) does not stop the others. */
  async function each<T>(ids: number[], run: (id: number) => Promise<{ found: T; changed: boolean; undoUntil: Date | null }>) {
    const results: BulkOutcome<T>[] = [];
    for (const id of ids) {
      try {
        const done = await run(id);
        results.push({ id, outcome: done.changed ? 'changed' : 'unchanged', found: done.found, undoUntil: done.undoUntil });
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        results.push({ id, outcome: 'refused', message: error.message });
      }
    }
    return results;
  }

  return {
    /**
     * A page of 20 in the sort's order (newest first by default), after or before a cursor; the first page
     * of a search for an order number is that order. The total is counted up to LIST_COUNT_CAP.
     */
    async page(request: AdminOrdersRequest) {
      const number = request.q !== undefined ? ORDER_NUMBER.exec(request.q) : null;
      const filters: adminRepo.AdminOrderFilters = {
        orderId: number ? Number(number[1]) : undefined,
        customerText: request.q !== undefined && !number ? request.q : undefined,
        customer: request.customer,
        status: request.status,
        payment: request.payment,
        toShip: request.toShip,
        from: request.from,
        to: request.to,
        timeZone,
      };
      const sort = request.sort ?? 'newest';
      const cursor = cursorOf(request);
      // One more than a page tells whether there is a page beyond it; the page's lines and the total come
      // with it (one query).
      const found = await adminRepo.adminOrdersPage(db, filters, sort, cursor, ADMIN_ORDERS_PAGE_SIZE + 1, LIST_COUNT_CAP);
      const { shown, next, prev } = cursorPage(found.rows, ADMIN_ORDERS_PAGE_SIZE, cursor);
      return {
        orders: shown,
        items: found.items,
        live: found.live,
        taxLines: found.taxLines,
        total: found.total,
        totalIsCapped: found.total >= LIST_COUNT_CAP,
        next,
        prev,
      };
    },

    /** Each order set to `status` as order-status would (its buyer mailed once, its change undoable for a while). */
    setStatuses: (ids: number[], status: OrderStatus, actor: Actor) =>
      each(ids, async (id) => {
        const done = await orders.setStatus(id, status, actor);
        return { found: done, changed: done.changed, undoUntil: done.undoUntil };
      }),

    /** Each order's last change undone, while it may be. */
    undoStatuses: (ids: number[], actor: Actor) =>
      each(ids, async (id) => ({ found: await orders.undoStatus(id, actor), changed: true, undoUntil: null })),
  };
}

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
