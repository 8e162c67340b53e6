import { DASHBOARD_DAYS } from '../../../contract/dashboard.ts';
import type { Db } from '../../db/client.ts';
import type { MailService } from '../mail/service.ts';
import * as repo from './repo.ts';

const LIST = 10;

/** The calendar days from `days - 1` days ago to today, in `timeZone` (YYYY-MM-DD). */
export function lastDays(now: Date, days: number, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const result: string[] = [];
  for (let back = days - 1; back >= 0; back--) result.push(format.format(new Date(now.getTime() - back * 86_400_000)));
  return [...new Set(result)];
}

/** The owner's "today" page (admin home): what needs doing and how the shop is doing, in one read. */
export function createDashboardService(db: Db, mails: Pick<MailService, 'failedCount'>, timeZone: string) {
  return {
    timeZone,

    async today(now = new Date()) {
      const dates = lastDays(now, DASHBOARD_DAYS, timeZone);
      // From the start of the first day shown (a day more than needed, cut by date below).
      const since = new Date(now.getTime() - (DASHBOARD_DAYS + 1) * 86_400_000);
      const [waiting, toShip, lowStock, soldOut, failedMails, perDay, bestSellers, newCustomers, awaitingPayment] = await Promise.all([
        repo.ordersInStatus(db, 'not_processed', LIST),
        repo.ordersInStatus(db, 'processing', LIST),
        repo.lowStock(db, false, LIST),
        repo.lowStock(db, true, LIST),
        mails.failedCount(),
        repo.ordersPerDay(db, since, timeZone),
        repo.bestSellers(db, since, 5),
        repo.newCustomers(db, new Date(now.getTime() - DASHBOARD_DAYS * 86_400_000), 5),
        repo.awaitingPayment(db),
      ]);
      const byDate = new Map(perDay.map((row) => [row.date, row]));
      const days = dates.map((date) => {
        const row = byDate.get(date);
        return {
          date,
          orders: row?.orders ?? 0,
          revenueCents: Number(row?.revenueCents ?? 0),
          deliveredOrders: row?.deliveredOrders ?? 0,
          deliveredCents: Number(row?.deliveredCents ?? 0),
        };
      });
      return { waiting, toShip, lowStock, soldOut, failedMails, awaitingPayment, days, bestSellers, newCustomers };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
export type Today = Awaited<ReturnType<DashboardService['today']>>;
