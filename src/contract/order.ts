import { MAX_CART_ENTRIES } from './limits.ts';
import { z } from 'zod';
import { idNumber, idString, wireId } from './common.ts';
import { fromWireStatus, WIRE_ORDER_STATUSES } from './order-status-wire.ts';

/** A status as it travels (`deliverd`, `Not Process`…). */
export const wireOrderStatus = z.enum(WIRE_ORDER_STATUSES, {
  error: `must be one of: ${WIRE_ORDER_STATUSES.join(', ')}`,
});
/** A status sent by a client, read as the shop's own name. */
export const orderStatus = wireOrderStatus.transform(fromWireStatus);

export const orderProduct = z.object({
  _id: wireId,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number(),
});
export type OrderProduct = z.infer<typeof orderProduct>;

export const order = z.object({
  _id: wireId,
  status: wireOrderStatus,
  buyer: z.object({ _id: wireId, name: z.string() }),
  /** The spec's client reads `createAt`; `createdAt` is the same date. */
  createAt: z.string(),
  createdAt: z.string(),
  payment: z.object({ success: z.boolean(), method: z.literal('cash_on_delivery') }),
  /** One entry per unit ordered, as the cart holds them (Quantity = products.length). */
  products: z.array(orderProduct),
  total: z.number(),
  /** Where to deliver, as the buyer's profile said when the order was placed. */
  delivery: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
});
export type Order = z.infer<typeof order>;

/** Cart entries: whole product objects or `{_id}`; the same product may appear several times. */
export const checkoutBody = z.object({
  cart: z
    .array(z.looseObject({ _id: idString }), { error: 'must be a list of products' })
    .min(1, 'is empty')
    .max(MAX_CART_ENTRIES, `must hold at most ${MAX_CART_ENTRIES} items`),
});
export type CheckoutBody = z.input<typeof checkoutBody>;

export const checkoutResponse = z.object({ success: z.literal(true), message: z.string(), order });

/** Orders asked for without a page: every order up to this many, newest first (with the true total). */
export const UNPAGED_ORDERS_MAX = 500;
/** A bare array (as the spec's client reads it); the true total is in the X-Total-Count header. */
export const ordersResponse = z.array(order);

export const orderIdParams = z.object({ orderId: idNumber });
export const orderStatusBody = z.object({ status: orderStatus });
export const orderStatusResponse = z.object({ success: z.literal(true), message: z.string(), order });

/** One entry of an order's history: placed, or a status change (who, when). */
export const orderHistoryEntry = z.object({
  at: z.string(),
  event: z.enum(['placed', 'status']),
  from: wireOrderStatus.nullable(),
  status: wireOrderStatus,
  by: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

/** An order for the administrator: the order (with its delivery details) and its history, oldest first. */
export const orderDetailResponse = z.object({
  success: z.literal(true),
  order,
  history: z.array(orderHistoryEntry),
});
export type OrderDetailResponse = z.infer<typeof orderDetailResponse>;
