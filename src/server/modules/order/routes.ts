import type { FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../../contract/limits.ts';
import { ORDER_STATUS_LABELS } from '../../../domain/order-status.ts';
import type { Handlers } from '../../plugins/calls.ts';
import { actorOf, userOf } from '../auth/guards.ts';
import { fromMinorUnits } from '../../../domain/money.ts';
import { cartEntries, stockMovedBy, toWireHistory, toWireOrder, toWireOrders } from './mapper.ts';
import type { PaymentRow } from './payment-repo.ts';
import type { OrderItemRow, OrderRow, OrderTaxLineRow } from './repo.ts';
import type { OrderService, WhilePlacing } from './service.ts';

/**
 * What else an order writes in its transaction, by the request that places it (the cart module's: the
 * ordered lines leave the account's cart, or a guest's under their cookie); none, nothing.
 */
export interface PlacingExtras {
  user(request: FastifyRequest): WhilePlacing | undefined;
  guest(request: FastifyRequest): WhilePlacing | undefined;
}

export const orderHandlers = (orders: OrderService, extras?: PlacingExtras) => {
  const bank = orders.methods().bank;
  const wire = (found: { order: OrderRow; items: OrderItemRow[]; live: PaymentRow[]; taxLines: OrderTaxLineRow[] }) =>
    toWireOrder(found.order, found.items, { live: found.live, bank, taxLines: found.taxLines });
  return {
    myOrders: async (request, reply) => {
      const page = await orders.forBuyer(userOf(request).id, request.query.page);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return toWireOrders(page.orders, page.items, { live: page.live, bank, taxLines: page.taxLines });
    },

    placeOrder: async (request) => {
      const { cart, paymentMethod, delivery, rateId, code } = request.body;
      const placed = await orders.checkout(userOf(request), cartEntries(cart), actorOf(request), paymentMethod, { delivery, rateId, code, whilePlacing: extras?.user(request) });
      request.stockMoved = stockMovedBy(placed.items);
      return { success: true, message: 'Order placed successfully', order: wire(placed) };
    },

    allOrders: async (request, reply) => {
      const page = await orders.all(request.query.page);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return toWireOrders(page.orders, page.items, { live: page.live, bank, taxLines: page.taxLines });
    },

    setOrderStatus: async (request) => {
      const changed = await orders.setStatus(request.params.orderId, request.body.status, actorOf(request));
      request.stockMoved = stockMovedBy(changed.items);
      return {
        success: true,
        message: `Order status set to ${ORDER_STATUS_LABELS[request.body.status]}`,
        order: wire(changed),
      };
    },

    orderDetail: async (request) => {
      const found = await orders.detail(request.params.orderId);
      return { success: true, order: wire(found), history: toWireHistory(found.history) };
    },

    paymentMethods: async () => orders.methods(),

    orderPayment: async (request) => ({ success: true, order: wire(await orders.paymentOf(userOf(request).id, request.params.orderId)) }),

    payOrder: async (request) => {
      const user = userOf(request);
      return { success: true, order: wire(await orders.pay(user.id, user.email, request.params.orderId)) };
    },

    markOrderPaid: async (request) => ({
      success: true,
      message: 'Payment recorded as received',
      order: wire(await orders.markPaid(request.params.orderId, actorOf(request))),
    }),

    refundOrder: async (request) => {
      const done = await orders.refund(request.params.orderId, request.body, actorOf(request));
      request.stockMoved = stockMovedBy(done.items);
      const refund = done.refund;
      if (!refund) throw new Error('refund not found after commit');
      const amount = fromMinorUnits(refund.amountMinor, done.order.currency);
      return {
        success: true,
        message:
          refund.state === 'pending'
            ? 'Refund recorded; the card provider has not confirmed it yet'
            : refund.state === 'failed'
              ? 'The card provider refused this refund: nothing was given back'
              : 'Refund made',
        refund: { id: String(refund.id), amount, state: refund.state as 'pending' | 'succeeded' | 'failed' },
        order: wire(done),
      };
    },
  } satisfies Partial<Handlers>;
};
