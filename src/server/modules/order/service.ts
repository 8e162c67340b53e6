
import { ORDERS_PAGE_SIZE } from '../../../contract/limits.ts';
import { CANCELLED_STATUS, type OrderStatus } from '../../../domain/order-status.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import * as repo from './repo.ts';

export interface OrderPage {
  orders: repo.OrderRow[];
  items: repo.OrderItemRow[];
  total: number;
}

/** Sum the units per product id: the cart may hold the same product several times. */
export function countUnits(cart: { _id: string }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const entry of cart) {
    const id = Number(entry._id);
    units.set(id, (units.get(id) ?? 0) + 1);
  }
  return units;
}

export function createOrderService(db: Db) {
  async function page(buyerId: number | null, pageNumber: number): Promise<OrderPage> {
    const [orders, total] = await Promise.all([
      repo.listOrders(db, buyerId, ORDERS_PAGE_SIZE, (pageNumber - 1) * ORDERS_PAGE_SIZE),
      repo.countOrders(db, buyerId),
    ]);
    const items = await repo.itemsOfOrders(
      db,
      orders.map((order) => order.id),
    );
    return { orders, items, total };
  }

  async function withItems(tx: Db | Tx, orderId: number) {
    const order = await repo.findOrder(tx, orderId);
    if (!order) throw notFound('Order not found');
    return { order, items: await repo.itemsOfOrders(tx, [orderId]) };
  }

  /** Move stock back into the shop (cancel) or out of it again (un-cancel), refusing to go below zero. */
  async function moveStock(tx: Tx, orderId: number, direction: 1 | -1): Promise<void> {
    const items = await repo.itemsOfOrders(tx, [orderId]);
    const units = new Map<number, number>();
    for (const item of items) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
    if (direction === -1) {
      const stock = await repo.lockProducts(tx, [...units.keys()]);
      const inStock = new Map(stock.map((row) => [row.id, row.quantity]));
      // A product deleted since the order was cancelled has no stock left to take (checkout keeps one item per product).
      const short = items.filter((item) => (inStock.get(item.productId) ?? 0) < (units.get(item.productId) ?? 0));
      if (short.length > 0) {
        throw conflict(`Not enough stock to reopen this order: ${short.map((item) => item.name).join(', ')}`);
      }
    }
    await repo.adjustStock(
      tx,
      [...units].map(([productId, quantity]) => ({ productId, delta: direction * quantity })),
    );
  }

  return {
    forBuyer: (buyerId: number, pageNumber: number) => page(buyerId, pageNumber),
    all: (pageNumber: number) => page(null, pageNumber),

    /**
     * Checkout: prices and names come from the database; the stock is taken in the same transaction
     * (the products are locked first), and a short item refuses the whole order (409).
     */
    async checkout(buyerId: number, cart: { _id: string }[]) {
      const units = countUnits(cart);
      return db.transaction(async (tx) => {
        const stock = await repo.lockProducts(tx, [...units.keys()]);
        if (stock.length !== units.size) {
          throw notFound('Some products in your cart are no longer available; remove them and try again');
        }
        const short = stock.filter((row) => row.quantity < (units.get(row.id) ?? 0));
        if (short.length > 0) {
          const names = short.map((row) =>
            row.quantity === 0 ? `${row.name} (sold out)` : `${row.name} (only ${row.quantity} left)`,
          );
          throw conflict(`Not enough stock: ${names.join(', ')}`);
        }
        const items = stock.map((row) => ({
          productId: row.id,
          name: row.name,
          slug: row.slug,
          description: row.description,
          unitPriceCents: row.priceCents,
          quantity: units.get(row.id) ?? 0,
        }));
        const totalCents = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
        await repo.adjustStock(
          tx,
          items.map((item) => ({ productId: item.productId, delta: -item.quantity })),
        );
        const orderId = await repo.insertOrder(tx, buyerId, totalCents, items);
        return withItems(tx, orderId);
      });
    },

    /** Any status may follow any other; cancelling returns the stock, reopening takes it again. */
    async setStatus(orderId: number, status: OrderStatus) {
      return db.transaction(async (tx) => {
        const current = await repo.lockOrderStatus(tx, orderId);
        if (current === undefined) throw notFound('Order not found');
        if (current !== CANCELLED_STATUS && status === CANCELLED_STATUS) await moveStock(tx, orderId, 1);
        if (current === CANCELLED_STATUS && status !== CANCELLED_STATUS) await moveStock(tx, orderId, -1);
        await repo.setOrderStatus(tx, orderId, status);
        return withItems(tx, orderId);
      });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
