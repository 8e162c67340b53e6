import { z } from 'zod';
import { wireId } from './common.ts';

/** How many days the owner's page draws (orders and revenue per day). */
export const DASHBOARD_DAYS = 30;

const orderBrief = z.object({ _id: wireId, buyer: z.string(), total: z.number(), createdAt: z.string() });
const stockItem = z.object({
  /** The product's id (its name and slug follow); the variant, when the product has options, by its values. */
  _id: wireId,
  name: z.string(),
  slug: z.string(),
  quantity: z.number(),
  threshold: z.number(),
  /** The variant's values ("M / Blue") when the product has options. */
  variant: z.string().optional(),
  sku: z.string().nullable().optional(),
});

/** The owner's "today" page: what needs doing, and how the shop is doing. */
export const dashboardResponse = z.object({
  success: z.literal(true),
  /** Orders not processed yet (oldest first: the longest waiting). */
  waiting: z.object({ count: z.number(), orders: z.array(orderBrief) }),
  /** Orders being processed, to ship (oldest first). */
  toShip: z.object({ count: z.number(), orders: z.array(orderBrief) }),
  /** Variants at or below their low-stock threshold, but not sold out (fewest first); a product without options is one. */
  lowStock: z.object({ count: z.number(), products: z.array(stockItem) }),
  soldOut: z.object({ count: z.number(), products: z.array(stockItem) }),
  failedMails: z.number(),
  /** Card and bank transfer orders waiting for their payment (not cancelled). */
  awaitingPayment: z.number(),
  /** The last DASHBOARD_DAYS days, oldest first, in the shop's time zone (SHOP_TIMEZONE). */
  days: z.array(
    z.object({
      date: z.string(),
      orders: z.number(),
      revenue: z.number(),
      deliveredOrders: z.number(),
      deliveredRevenue: z.number(),
    }),
  ),
  /** Best sellers of the same days (cancelled orders left out), by units. */
  bestSellers: z.array(z.object({ _id: wireId, name: z.string(), units: z.number(), revenue: z.number() })),
  newCustomers: z.object({ count: z.number(), latest: z.array(z.object({ _id: wireId, name: z.string(), createdAt: z.string() })) }),
  timeZone: z.string(),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
