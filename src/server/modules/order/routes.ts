import { TOTAL_COUNT_HEADER } from '../../../contract/limits.ts';
import { ORDER_STATUS_LABELS } from '../../../domain/order-status.ts';
import type { Handlers } from '../../plugins/calls.ts';
import { actorOf, userOf } from '../auth/guards.ts';
import { cartProductIds, toWireHistory, toWireOrder, toWireOrders } from './mapper.ts';
import type { OrderService } from './service.ts';

export const orderHandlers = (orders: OrderService) =>
  ({
    myOrders: async (request, reply) => {
      const page = await orders.forBuyer(userOf(request).id, request.query.page);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return toWireOrders(page.orders, page.items);
    },

    placeOrder: async (request) => {
      const { order, items } = await orders.checkout(userOf(request), cartProductIds(request.body.cart), actorOf(request));
      return { success: true, message: 'Order placed successfully', order: toWireOrder(order, items) };
    },

    allOrders: async (request, reply) => {
      const page = await orders.all(request.query.page);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return toWireOrders(page.orders, page.items);
    },

    setOrderStatus: async (request) => {
      const { order, items } = await orders.setStatus(request.params.orderId, request.body.status, actorOf(request));
      return {
        success: true,
        message: `Order status set to ${ORDER_STATUS_LABELS[request.body.status]}`,
        order: toWireOrder(order, items),
      };
    },

    orderDetail: async (request) => {
      const { order, items, history } = await orders.detail(request.params.orderId);
      return { success: true, order: toWireOrder(order, items), history: toWireHistory(history) };
    },
  }) satisfies Partial<Handlers>;
