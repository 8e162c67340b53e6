import { MAX_CART_ENTRIES } from './limits.ts';
import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { idNumber, idString, pageNumber, wireId } from './common.ts';


export const orderStatus = z.enum(ORDER_STATUSES, {
  error: `must be one of: ${ORDER_STATUSES.join(', ')}`,
});

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
  status: orderStatus,
  buyer: z.object({ _id: wireId, name: z.string() }),
  /** The spec's client reads `createAt`; `createdAt` is the same date. */
  createAt: z.string(),
  createdAt: z.string(),
  payment: z.object({ success: z.boolean(), method: z.literal('cash_on_delivery') }),
  /** One entry per unit ordered, as the cart holds them (Quantity = products.length). */
  products: z.array(orderProduct),
  total: z.number(),
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

export const ordersQuery = z.object({ page: pageNumber.optional().default(1) });
/** A bare array (as the spec's client reads it); the true total is in the X-Total-Count header. */
export const ordersResponse = z.array(order);

export const orderIdParams = z.object({ orderId: idNumber });
export const orderStatusBody = z.object({ status: orderStatus });
export const orderStatusResponse = z.object({ success: z.literal(true), message: z.string(), order });
