import { ADMIN_ORDERS_PAGE_SIZE, type BulkOrderOutcome } from '../../../contract/admin-lists.ts';
import { toWireStatus } from '../../../contract/order-status-wire.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../domain/order-status.ts';
import type { Handlers } from '../../plugins/calls.ts';
import { actorOf } from '../auth/guards.ts';
import type { AdminOrderService, BulkOutcome } from './admin-service.ts';
import { toWireOrders } from './mapper.ts';
import type { OrderRow } from './repo.ts';
import type { OrderService } from './service.ts';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function toWireOutcome(result: BulkOutcome<{ order: OrderRow }>, changedWord: string): BulkOrderOutcome {
  if (result.outcome === 'refused') return { _id: String(result.id), outcome: 'refused', status: null, message: result.message, undoUntil: null };
  const status = result.found.order.status as OrderStatus;
  return {
    _id: String(result.id),
    outcome: result.outcome,
    status: toWireStatus(status),
    message: result.outcome === 'changed' ? `${changedWord} ${ORDER_STATUS_LABELS[status]}` : `Already ${ORDER_STATUS_LABELS[status]}`,
    undoUntil: result.undoUntil?.toISOString() ?? null,
  };
}

/** "3 orders marked Shipped; 1 refused": what a bulk action did, in a line. */
function summary(results: BulkOrderOutcome[], done: string): string {
  const changed = results.filter((result) => result.outcome === 'changed').length;
  const unchanged = results.filter((result) => result.outcome === 'unchanged').length;
  const refused = results.filter((result) => result.outcome === 'refused').length;
  const parts = [`${plural(changed, 'order')} ${done}`];
  if (unchanged > 0) parts.push(`${unchanged} unchanged`);
  if (refused > 0) parts.push(`${refused} refused`);
  return parts.join('; ');
}

/** The admin area's orders list, and status changes of several orders with their undo. */
export const adminOrderHandlers = (admin: AdminOrderService, orders: OrderService) => {
  const bank = orders.methods().bank;
  return {
    adminOrders: async (request) => {
      const { toShip, ...query } = request.query;
      const page = await admin.page({ ...query, toShip: toShip === undefined ? undefined : toShip === 'true' });
      const wire = toWireOrders(page.orders, page.items, { live: page.live, bank, taxLines: page.taxLines });
      return {
        success: true,
        // The buyer's e-mail beside the name (the order's own shape leaves it out).
        orders: wire.map((order, index) => ({ ...order, buyer: { ...order.buyer, email: page.orders[index]?.buyer.email ?? '' } })),
        total: page.total,
        totalIsCapped: page.totalIsCapped,
        next: page.next === null ? null : String(page.next),
        prev: page.prev === null ? null : String(page.prev),
        pageSize: ADMIN_ORDERS_PAGE_SIZE,
      };
    },

    bulkOrderStatus: async (request) => {
      const { ids, status } = request.body;
      const results = (await admin.setStatuses(ids, status, actorOf(request))).map((result) => toWireOutcome(result, 'Marked'));
      return { success: true, message: summary(results, `marked ${ORDER_STATUS_LABELS[status]}`), results };
    },

    undoOrderStatus: async (request) => {
      const results = (await admin.undoStatuses(request.body.ids, actorOf(request))).map((result) => toWireOutcome(result, 'Back to'));
      return { success: true, message: summary(results, 'put back'), results };
    },
  } satisfies Partial<Handlers>;
};
