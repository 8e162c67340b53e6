import { TOTAL_COUNT_HEADER } from '../../../contract/limits.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, pageQuery } from '../../../contract/common.ts';
import { checkoutBody, checkoutResponse, orderDetailResponse, orderIdParams, orderStatusBody, orderStatusResponse, ordersResponse } from '../../../contract/order.ts';
import { ORDER_STATUS_LABELS } from '../../../domain/order-status.ts';
import { actorOf, type Guards, userOf } from '../auth/guards.ts';
import { toWireHistory, toWireOrder, toWireOrders } from './mapper.ts';
import type { OrderService } from './service.ts';

export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService; guards: Guards }> = async (
  app,
  { orders, guards },
) => {
  const tags = ['orders'];
  const listDescription =
    'Newest first, a page at a time (`?page=`), or without a page the newest 500; the true number of orders is in the X-Total-Count header.';

  app.get(
    '/orders',
    {
      preHandler: guards.requireUser,
      schema: { tags, description: listDescription, querystring: pageQuery, response: { 200: ordersResponse } },
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
      // Checkout takes stock: the catalogue shows it.
      config: { invalidatesCatalogue: true },
      schema: {
        tags,
        description:
          'Places an order (pay on delivery). Orders waiting for payment are limited per account and per client address: 429 past the number of orders, 409 past the units (OPEN_ORDERS_PER_ACCOUNT, OPEN_UNITS_PER_ACCOUNT, OPEN_ORDERS_PER_ADDRESS, OPEN_UNITS_PER_ADDRESS).',
        body: checkoutBody,
        response: { 201: checkoutResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { order, items } = await orders.checkout(userOf(request), request.body.cart, actorOf(request));
      return reply
        .code(201)
        .send({ success: true, message: 'Order placed successfully', order: toWireOrder(order, items) });
    },
  );

  app.get(
    '/all-orders',
    {
      preHandler: guards.requireAdmin,
      schema: { tags, description: listDescription, querystring: pageQuery, response: { 200: ordersResponse } },
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
      // Cancelling returns stock, reopening takes it again.
      config: { invalidatesCatalogue: true },
      schema: { tags, params: orderIdParams, body: orderStatusBody, response: { 200: orderStatusResponse } },
    },
    async (request) => {
      const { order, items } = await orders.setStatus(request.params.orderId, request.body.status, actorOf(request));
      return {
        success: true as const,
        message: `Order status set to ${ORDER_STATUS_LABELS[request.body.status]}`,
        order: toWireOrder(order, items),
      };
    },
  );

  app.get(
    '/order/:orderId',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags,
        description: 'One order for the administrator: delivery details, lines, total and its status history (who, when).',
        params: orderIdParams,
        response: { 200: orderDetailResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { order, items, history } = await orders.detail(request.params.orderId);
      return { success: true as const, order: toWireOrder(order, items), history: toWireHistory(history) };
    },
  );
};
