import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { PAYMENT_STATUSES } from '../domain/order-lifecycle.ts';
import { idNumber, text, wireId } from './common.ts';
import { order, wireOrderStatus } from './order.ts';
import { PRODUCT_QUANTITY_MAX, product } from './product.ts';

/**
 * The admin area's lists at a shop's size: the orders list with its search, filters and sorts, paged by a
 * cursor (an order's id: the page after it or before it) so a page costs the same at any depth, and the
 * bulk status change with its undo. Statuses here are the shop's own names (`not_processed`…); the orders
 * themselves travel as everywhere (`status` in the specification's spelling).
 */

export const ADMIN_ORDERS_PAGE_SIZE = 20;
/** Totals are counted up to this many; past it the answer says "at least" (a count's cost stays bounded). */
export const LIST_COUNT_CAP = 10_000;
/** Orders one bulk action takes. */
export const BULK_ORDERS_MAX = 100;

export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total-desc', 'total-asc'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of: ${values.join(', ')}` });
const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

export const adminOrdersQuery = z
  .object({
    /** An order number (`1042` or `#1042`), or words of the customer's name or e-mail. */
    q: text({ max: 100 }).optional(),
    /** Fulfilment status. */
    status: oneOf(ORDER_STATUSES).optional(),
    payment: oneOf(PAYMENT_STATUSES).optional(),
    /** `true`: paid (or cash on delivery) and not shipped yet. */
    toShip: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    /** One customer's orders (a user id). */
    customer: idNumber.optional(),
    /** Days, both included, in the shop's time zone. */
    from: day.optional(),
    to: day.optional(),
    sort: oneOf(ADMIN_ORDER_SORTS).optional(),
    /** The page after this order (Next), or before it (Previous), in the list's order. */
    after: idNumber.optional(),
    before: idNumber.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'must not be before from' })
  .refine((query) => query.after === undefined || query.before === undefined, { path: ['before'], message: 'must not come with after' });
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

/** An order as the admin's list shows it: the order, its buyer's e-mail beside the name. */
export const adminOrder = order.extend({ buyer: z.object({ _id: wireId, name: z.string(), email: z.string() }) });
export type AdminOrder = z.infer<typeof adminOrder>;

export const adminOrdersResponse = z.object({
  success: z.literal(true),
  orders: z.array(adminOrder),
  /** How many orders match, up to LIST_COUNT_CAP (`totalIsCapped`: at least that many). */
  total: z.number(),
  totalIsCapped: z.boolean(),
  /** The cursors of the next and previous pages (null: none). */
  next: wireId.nullable(),
  prev: wireId.nullable(),
  pageSize: z.number(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;

/** Order ids for a bulk action: 1 to BULK_ORDERS_MAX, each once. */
export const orderIds = z
  .array(idNumber, { error: 'must be a list of order ids' })
  .min(1, 'must name at least one order')
  .max(BULK_ORDERS_MAX, `must name at most ${BULK_ORDERS_MAX} orders`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not name an order twice');

export const bulkOrderStatusBody = z.object({ ids: orderIds, status: oneOf(ORDER_STATUSES) });
export const undoOrderStatusBody = z.object({ ids: orderIds });

/** Each order's outcome: changed (with its undo's end), unchanged (it had the status), or refused and why. */
export const bulkOrderOutcome = z.object({
  _id: wireId,
  outcome: z.enum(['changed', 'unchanged', 'refused']),
  /** The order's status after the call. */
  status: wireOrderStatus.nullable(),
  message: z.string(),
  /** Until when the change may be undone (null: it may not). */
  undoUntil: z.string().nullable(),
});
export type BulkOrderOutcome = z.infer<typeof bulkOrderOutcome>;

export const bulkOrderStatusResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  results: z.array(bulkOrderOutcome),
});
export type BulkOrderStatusResponse = z.infer<typeof bulkOrderStatusResponse>;

export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const ADMIN_PRODUCT_SORTS = ['newest', 'name', 'price-asc', 'price-desc', 'stock-asc'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
/** In stock: some; low: some, at or below the product's low-stock threshold; out: none. */
export const STOCK_FILTERS = ['in', 'low', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
/** Drafts only, products shown to shoppers only, or both (the default). */
export const DRAFT_FILTERS = ['draft', 'published', 'all'] as const;
export type DraftFilter = (typeof DRAFT_FILTERS)[number];

export const adminProductsQuery = z.object({
  /** Words in the name or description (a substring, any case). */
  q: text({ max: 100 }).optional(),
  category: idNumber.optional(),
  stock: oneOf(STOCK_FILTERS).optional(),
  draft: oneOf(DRAFT_FILTERS).optional(),
  sort: oneOf(ADMIN_PRODUCT_SORTS).optional(),
  after: idNumber.optional(),
  before: idNumber.optional(),
}).refine((query) => query.after === undefined || query.before === undefined, { path: ['before'], message: 'must not come with after' });
export type AdminProductsQuery = z.input<typeof adminProductsQuery>;

export const adminProductsResponse = z.object({
  success: z.literal(true),
  products: z.array(product.extend({ lowStockThreshold: z.number() })),
  total: z.number(),
  totalIsCapped: z.boolean(),
  next: wireId.nullable(),
  prev: wireId.nullable(),
  pageSize: z.number(),
});
export type AdminProductsResponse = z.infer<typeof adminProductsResponse>;

/** Several products at once: a new category, a new stock (each product's, as the product form sets it), a draft state, or several. */
export const bulkProductsBody = z
  .object({
    ids: z
      .array(idNumber, { error: 'must be a list of product ids' })
      .min(1, 'must name at least one product')
      .max(BULK_ORDERS_MAX, `must name at most ${BULK_ORDERS_MAX} products`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not name a product twice'),
    category: idNumber.optional(),
    quantity: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(PRODUCT_QUANTITY_MAX, `must be at most ${PRODUCT_QUANTITY_MAX}`)
      .optional(),
    /** true: the products become drafts (hidden from shoppers); false: they are shown. */
    draft: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((body) => body.category !== undefined || body.quantity !== undefined || body.draft !== undefined, {
    path: ['category'],
    message: 'give a category, a quantity or a draft state',
  });

export const bulkProductsResponse = z.object({ success: z.literal(true), message: z.string(), changed: z.number() });
