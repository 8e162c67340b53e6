import { MAX_CART_ENTRIES } from './limits.ts';
import { z } from 'zod';
import { deliveryAddress } from './address.ts';
import { idNumber, idString, wireId } from './common.ts';
import { fromWireStatus, WIRE_ORDER_STATUSES } from './order-status-wire.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../domain/order-lifecycle.ts';
import { codeText } from './discount.ts';
import { taxClass } from './product.ts';

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
  /**
   * The variant sold, as it was when the order was placed: its id, its values ("M / Blue"), its SKU and
   * the photo that showed it (a gallery photo id). Only on lines of a product with options or a SKU.
   */
  variant: z
    .object({ _id: wireId, title: z.string(), sku: z.string().nullable(), photo: wireId.nullable() })
    .optional(),
});
export type OrderProduct = z.infer<typeof orderProduct>;

export const paymentMethod = z.enum(PAYMENT_METHODS, { error: `must be one of: ${PAYMENT_METHODS.join(', ')}` });

export const bankDetails = z.object({ accountName: z.string(), iban: z.string(), bic: z.string() });
export type BankDetails = z.infer<typeof bankDetails>;

export const orderPayment = z.object({
  success: z.boolean(),
  method: paymentMethod,
  status: z.enum(PAYMENT_STATUSES).optional(),
  paid: z.number().optional(),
  refunded: z.number().optional(),
  /** Card, waiting: the payment page to send the shopper to (null: ask for a new one with payOrder). */
  url: z.string().nullable().optional(),
  /** Card, waiting: when the order is cancelled if still unpaid. */
  expiresAt: z.string().nullable().optional(),
  /** Bank transfer: where to pay, and the reference to write on the transfer. */
  bank: bankDetails.optional(),
  reference: z.string().optional(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

/** One tax line: its class, rate (a percentage: 20, 5.5), what was taxed and the tax (major units). */
export const taxLine = z.object({ taxClass, rate: z.number(), base: z.number(), amount: z.number() });
export type TaxLineWire = z.infer<typeof taxLine>;

export const order = z.object({
  _id: wireId,
  status: wireOrderStatus,
  buyer: z.object({ _id: wireId, name: z.string() }),
  /** The spec's client reads `createAt`; `createdAt` is the same date. */
  createAt: z.string(),
  createdAt: z.string(),
  /**
   * `success` and `method` as the specification has them (a cash order carries only these two); a card or
   * bank transfer order adds its payment status, the amounts paid and refunded (major units, like `total`),
   * the payment page while it waits (card), and the bank details and reference (transfer).
   */
  payment: orderPayment,
  /** One entry per unit ordered, as the cart holds them (Quantity = products.length). */
  products: z.array(orderProduct),
  /** What is charged: the goods after the discount, the shipping, and the tax when prices do not include it. */
  total: z.number(),
  /** The discount code the order used and what it took off (major units; `total` is after it). Only on such orders. */
  discount: z.object({ code: z.string(), amount: z.number(), subtotal: z.number() }).optional(),
  /** The goods before the discount, the delivery method and its cost, the tax and its lines. */
  subtotal: z.number(),
  shipping: z.object({ name: z.string(), amount: z.number() }).nullable(),
  tax: z.number(),
  taxIncluded: z.boolean(),
  taxes: z.array(taxLine),
  /** Where to deliver, as given at checkout (or as the buyer's profile said when the order was placed). */
  delivery: z.object({ name: z.string(), address: z.string(), phone: z.string(), country: z.string().nullable().optional() }),
});
export type Order = z.infer<typeof order>;

/** The variant a cart entry names: its id, or an object with it (the web cart keeps the chosen variant so). */
const cartVariant = z.union([idString, z.looseObject({ _id: idString }).transform((variant) => variant._id)], {
  error: 'must be a variant id',
});

/**
 * Cart entries: whole product objects or `{_id}`, one per unit; the same product may appear several times.
 * An entry may name the variant it buys (`variant`); without, its product's first variant in stock.
 */
export const checkoutCart = z
  .array(z.looseObject({ _id: idString, variant: cartVariant.optional() }), { error: 'must be a list of products' })
  .min(1, 'is empty')
  .max(MAX_CART_ENTRIES, `must hold at most ${MAX_CART_ENTRIES} items`);
export const checkoutBody = z.object({
  cart: checkoutCart,
  /** None: cash on delivery (the specification's client sends none). */
  paymentMethod: paymentMethod.optional(),
  /** A discount code (src/contract/discount.ts): refused, the order is not placed (409 with the reason). */
  code: codeText.optional(),
  /** Where to deliver (none: the buyer's profile address, no shipping and no tax: the specification's client). */
  delivery: deliveryAddress.optional(),
  /** The delivery method chosen among the quote's choices (none: the cheapest). */
  rateId: idNumber.optional(),
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

/** The payment methods checkout offers now (in the owner's order), and the bank details for a transfer. */
export const paymentMethodsResponse = z.object({
  methods: z.array(paymentMethod),
  bank: bankDetails.nullable(),
});

/** An order and where its payment stands (the return from the payment page, polled until paid). */
export const orderPaymentResponse = z.object({ success: z.literal(true), order });

/** The admin records a bank transfer or cash payment as received. */
export const markPaidBody = z.object({ paid: z.literal(true, { error: 'must be true' }) });

export const refundLine = z.object({
  productId: z.union([z.number().int().positive(), idNumber], { error: 'must be a product id' }),
  /** One variant's line of the product (none: the product's lines in order). */
  variant: z.union([z.number().int().positive(), idNumber], { error: 'must be a variant id' }).optional(),
  quantity: z.number().int().min(1).max(100_000),
});
/**
 * A refund: some lines and quantities (their unit prices), or the whole order when no line is named;
 * `restock` puts the refunded units back on the shelves.
 */
export const refundBody = z.object({
  lines: z.array(refundLine).max(200).optional(),
  restock: z.boolean().default(false),
  reason: z.string().trim().max(500).default(''),
});
export const refundResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  refund: z.object({ id: wireId, amount: z.number(), state: z.enum(['pending', 'succeeded', 'failed']) }),
  order,
});
