import type { DashboardResponse } from '../../../contract/dashboard.ts';
import { fromCents } from '../../../domain/money.ts';
import type { Today } from './service.ts';

type Wire = Omit<DashboardResponse, 'success'>;
type Row<K extends keyof Today> = Today[K] extends { rows: (infer R)[] } ? R : never;

const brief = (row: Row<'waiting'>) => ({
  _id: String(row.id),
  buyer: row.buyer,
  total: fromCents(Number(row.totalCents)),
  createdAt: row.createdAt.toISOString(),
});

const stock = (row: Row<'lowStock'>) => ({
  _id: String(row.id),
  name: row.name,
  slug: row.slug,
  quantity: row.quantity,
  threshold: row.threshold,
  ...(row.options ? { variant: row.options } : {}),
  ...(row.sku ? { sku: row.sku } : {}),
});

export function toWireDashboard(today: Today, timeZone: string): Wire {
  return {
    waiting: { count: today.waiting.count, orders: today.waiting.rows.map(brief) },
    toShip: { count: today.toShip.count, orders: today.toShip.rows.map(brief) },
    lowStock: { count: today.lowStock.count, products: today.lowStock.rows.map(stock) },
    soldOut: { count: today.soldOut.count, products: today.soldOut.rows.map(stock) },
    failedMails: today.failedMails,
    awaitingPayment: today.awaitingPayment,
    days: today.days.map((day) => ({
      date: day.date,
      orders: day.orders,
      revenue: fromCents(day.revenueCents),
      deliveredOrders: day.deliveredOrders,
      deliveredRevenue: fromCents(day.deliveredCents),
    })),
    bestSellers: today.bestSellers.map((row) => ({
      _id: String(row.productId),
      name: row.name,
      units: row.units,
      revenue: fromCents(Number(row.revenueCents)),
    })),
    newCustomers: {
      count: today.newCustomers.count,
      latest: today.newCustomers.rows.map((row) => ({ _id: String(row.id), name: row.name, createdAt: row.createdAt.toISOString() })),
    },
    timeZone,
  };
}
