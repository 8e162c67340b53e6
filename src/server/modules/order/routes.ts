import { TOTAL_COUNT_HEADER } from '../../../contract/limits.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/common.ts';
import { checkoutBody, checkoutResponse, orderIdParams, orderStatusBody, orderStatusResponse, ordersQuery, ordersResponse } from '../../../contract/order.ts';
import { ORDER_STATUS_LABELS } from '../../../domain/order-status.ts';
import { type Guards, userOf } from '../auth/guards.ts';
import { toWireOrder, toWireOrders } from './mapper.ts';
import type { OrderService } from './service.ts';

export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService; guards: Guards }> = async (
  app,
  { orders, guards },
) => {
  const tags = ['orders'];
  const listDescription = 'Newest first, paged (`?page=`); the true number of orders is in the X-Total-Count header.';

  app.get(
    '/orders',
    {
      preHandler: guards.requireUser,
      schema: { tags, description: listDescription, querystring: ordersQuery, response: { 200: ordersResponse } },
    },
    async (request, reply) => {
      const page = await orders.forBuyer(userOf(request).id, request.query.page);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return toWireOrders(page.orders, page.items);
    },
  );

  app.post(
    '/orders',
    {
      preHandler: guards.requireUser,
      schema: { tags, body: checkoutBody, response: { 201: checkoutResponse, 409: errorResponse } },
    },
    async (request, reply) => {
      const { order, items } = await orders.checkout(userOf(request).id, request.body.cart);
      return reply
        .code(201)
        .send({ success: true, message: 'Order placed successfully', order: toWireOrder(order, items) });
    },
  );

  app.get(
    '/all-orders',
    {
      preHandler: guards.requireAdmin,
      schema: { tags, description: listDescription, querystring: ordersQuery, response: { 200: ordersResponse } },
    },
    async (request, reply) => {
      const page = await orders.all(request.query.page);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return toWireOrders(page.orders, page.items);
    },
  );

  app.put(
    '/order-status/:orderId',
    {
      preHandler: guards.requireAdmin,
      schema: { tags, params: orderIdParams, body: orderStatusBody, response: { 200: orderStatusResponse } },
    },
    async (request) => {
      const { order, items } = await orders.setStatus(request.params.orderId, request.body.status);
      return {
        success: true as const,
        message: `Order status set to ${ORDER_STATUS_LABELS[request.body.status]}`,
        order: toWireOrder(order, items),
      };
    },
  );
};
