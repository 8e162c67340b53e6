import { z } from 'zod';
import { idNumber, wireId } from './common.ts';
import { MAX_CART_ENTRIES } from './limits.ts';
import { product } from './product.ts';

/** Most units of one line, and most lines, a server cart holds (so it can always be ordered at once). */
export const CART_LINE_MAX = MAX_CART_ENTRIES;
export const CART_LINES_MAX = MAX_CART_ENTRIES;

const quantity = (min: number) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be ${min} or more`)
    .max(CART_LINE_MAX, `must be ${CART_LINE_MAX} or less`);

/**
 * What a line buys: a variant by id, or a product by id (its first variant in stock). `quantity` sets the
 * line's units (PUT; 0 removes it) or adds to them (POST; 1 when left out).
 */
const target = { variant: idNumber.optional(), product: idNumber.optional() };
const named = (body: { variant?: number | undefined; product?: number | undefined }, ctx: z.RefinementCtx) => {
  if (body.variant === undefined && body.product === undefined) {
    ctx.addIssue({ code: 'custom', path: ['variant'], message: 'name a variant or a product' });
  }
};
export const setCartLineBody = z.object({ ...target, quantity: quantity(0) }).superRefine(named);
export const addCartLineBody = z.object({ ...target, quantity: quantity(1).default(1) }).superRefine(named);
export type SetCartLineBody = z.infer<typeof setCartLineBody>;

export const cartLineParams = z.object({ lineId: idNumber });

/** A line as the cart shows it: what it buys, live price and stock, and the price the shopper last saw. */
export const cartLine = z.object({
  _id: wireId,
  /** The product, as the catalogue shows it (the web app keeps these in browser storage, spec.md section 3). */
  product,
  variant: z.object({
    _id: wireId,
    /** The variant's values ("M / Blue"; empty for a product without options). */
    title: z.string(),
    sku: z.string().nullable(),
    price: z.number(),
    photo: z.object({ _id: wireId, version: z.string() }).nullable(),
  }),
  quantity: z.number(),
  /** The unit price now (major units). */
  price: z.number(),
  /** The unit price when the shopper last added or set this line. */
  seenPrice: z.number(),
  priceChanged: z.boolean(),
  /** Units in stock now. */
  stock: z.number(),
  soldOut: z.boolean(),
  /** More units in the line than in stock (and not sold out). */
  short: z.boolean(),
  /** `price × quantity`. */
  subtotal: z.number(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cartResponse = z.object({
  success: z.literal(true),
  cart: z.object({
    lines: z.array(cartLine),
    /** Units in the cart (the badge). */
    count: z.number(),
    /** At today's prices. */
    total: z.number(),
    /** False while a line is sold out or short of stock (checkout would refuse it). */
    canCheckout: z.boolean(),
  }),
});
export type CartResponse = z.infer<typeof cartResponse>;
export type ServerCart = CartResponse['cart'];
