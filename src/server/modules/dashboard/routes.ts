import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_DAYS, dashboardResponse } from '../../../contract/dashboard.ts';
import { fromCents } from '../../../domain/money.ts';
import type { Db } from '../../db/client.ts';
import { countMails } from '../mail/repo.ts';
import type { Guards } from '../auth/guards.ts';
import * as repo from './repo.ts';

const LIST = 10;

/** The calendar days from `days - 1` days ago to today, in `timeZone` (YYYY-MM-DD). */
export function lastDays(now: Date, days: number, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const result: string[] = [];
  for (let back = days - 1; back >= 0; back--) result.push(format.format(new Date(now.getTime() - back * 86_400_000)));
  return [...new Set(result)];
}

/** The owner's "today" page (admin home): what needs doing and how the shop is doing, in one call. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; timeZone: string }> = async (
  app,
  { db, guards, timeZone },
) => {
  app.get(
    '/dashboard',
    { preHandler: guards.requireAdmin, schema: { tags: ['admin'], response: { 200: dashboardResponse } } },
    async () => {
      const now = new Date();
      const dates = lastDays(now, DASHBOARD_DAYS, timeZone);
      // From the start of the first day shown (a day more than needed, cut by date below).
      const since = new Date(now.getTime() - (DASHBOARD_DAYS + 1) * 86_400_000);
      const [waiting, toShip, low, soldOut, failedMails, perDay, best, customers] = await Promise.all([
        repo.ordersInStatus(db, 'not_processed', LIST),
        repo.ordersInStatus(db, 'processing', LIST),
        repo.lowStock(db, false, LIST),
        repo.lowStock(db, true, LIST),
        countMails(db, 'failed'),
        repo.ordersPerDay(db, since, timeZone),
        repo.bestSellers(db, since, 5),
        repo.newCustomers(db, new Date(now.getTime() - DASHBOARD_DAYS * 86_400_000), 5),
      ]);
      const byDate = new Map(perDay.map((row) => [row.date, row]));
      const brief = (row: { id: number; buyer: string; totalCents: number; createdAt: Date }) => ({
        _id: String(row.id),
        buyer: row.buyer,
        total: fromCents(Number(row.totalCents)),
        createdAt: row.createdAt.toISOString(),
      });
      const stock = (row: { id: number; name: string; slug: string; quantity: number; threshold: number }) => ({
        _id: String(row.id),
        name: row.name,
        slug: row.slug,
        quantity: row.quantity,
        threshold: row.threshold,
      });
      return {
        success: true as const,
        waiting: { count: waiting.count, orders: waiting.rows.map(brief) },
        toShip: { count: toShip.count, orders: toShip.rows.map(brief) },
        lowStock: { count: low.count, products: low.rows.map(stock) },
        soldOut: { count: soldOut.count, products: soldOut.rows.map(stock) },
        failedMails,
        days: dates.map((date) => {
          const row = byDate.get(date);
          return {
            date,
            orders: row?.orders ?? 0,
            revenue: fromCents(Number(row?.revenueCents ?? 0)),
            deliveredOrders: row?.deliveredOrders ?? 0,
            deliveredRevenue: fromCents(Number(row?.deliveredCents ?? 0)),
          };
        }),
        bestSellers: best.map((row) => ({
          _id: String(row.productId),
          name: row.name,
          units: row.units,
          revenue: fromCents(Number(row.revenueCents)),
        })),
        newCustomers: {
          count: customers.count,
          latest: customers.rows.map((row) => ({ _id: String(row.id), name: row.name, createdAt: row.createdAt.toISOString() })),
        },
        timeZone,
      };
    },
  );
};
