
import { ORDERS_PAGE_SIZE } from '../../../contract/limits.ts';
import { UNPAGED_ORDERS_MAX } from '../../../contract/order.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { listWindow, listWithTotal } from '../../lib/paging.ts';
import { type Actor, historyOf, recordChange } from '../audit/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import * as repo from './repo.ts';

export interface OrderPage {
  orders: repo.OrderRow[];
  items: repo.OrderItemRow[];
  total: number;
}

/** Sum the units per product id (in the order of first appearance): a cart may hold a product several times. */
export function countUnits(productIds: number[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const id of productIds) units.set(id, (units.get(id) ?? 0) + 1);
  return units;
}

export interface BuyerDetails {
  id: number;
  name: string;
  email: string;
  address: string;
  phone: string;
}

/** How many orders waiting for payment on delivery, and units in them, one account and one address may have (0: any). */
export interface OrderLimits {
  ordersPerAccount: number;
  unitsPerAccount: number;
  ordersPerAddress: number;
  unitsPerAddress: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Refuse an order that would pass a limit on orders waiting for payment (429: too many orders; 409: too
 * many units), for an account or a client address.
 */
function checkOrderLimits(open: { account: repo.OpenOrders; address: repo.OpenOrders }, units: number, limits: OrderLimits): void {
  const over = (limit: number, current: number, adding: number) => limit > 0 && current + adding > limit;
  const wait = 'place it when one of them is delivered or cancelled';
  if (over(limits.ordersPerAccount, open.account.orders, 1)) {
    throw new HttpError(
      429,
      `You have ${plural(open.account.orders, 'order')} waiting for payment on delivery, the most one account may have: ${wait}`,
    );
  }
  if (over(limits.ordersPerAddress, open.address.orders, 1)) {
    throw new HttpError(
      429,
      `${plural(open.address.orders, 'order')} placed from your address are waiting for payment on delivery, the most one address may have: ${wait}`,
    );
  }
  const fewer = (limit: number, current: number) =>
    current === 0 ? `at most ${plural(limit, 'unit')} in one order` : `${plural(current, 'unit')} waiting already, at most ${limit} in all`;
  if (over(limits.unitsPerAccount, open.account.units, units)) {
    throw conflict(`Too many units for one account: this order has ${units}, with ${fewer(limits.unitsPerAccount, open.account.units)}; order fewer`);
  }
  if (over(limits.unitsPerAddress, open.address.units, units)) {
    throw conflict(`Too many units from your address: this order has ${units}, with ${fewer(limits.unitsPerAddress, open.address.units)}; order fewer`);
  }
}

export function createOrderService(db: Db, mailer: Mailer, limits: OrderLimits) {
  /** A page of ORDERS_PAGE_SIZE, newest first; without a page, the newest UNPAGED_ORDERS_MAX. */
  async function page(buyerId: number | null, pageNumber: number | undefined): Promise<OrderPage> {
    const { items: orders, total } = await listWithTotal(
      listWindow(pageNumber, ORDERS_PAGE_SIZE, UNPAGED_ORDERS_MAX),
      () => repo.countOrders(db, buyerId),
      ({ limit, offset }) => repo.listOrders(db, buyerId, limit, offset),
    );
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
    forBuyer: (buyerId: number, pageNumber: number | undefined) => page(buyerId, pageNumber),
    all: (pageNumber: number | undefined) => page(null, pageNumber),

    /**
     * Checkout of a cart's product ids (one per unit): prices and names come from the database; the stock is taken in the same transaction
     * (the products are locked first), and a short item refuses the whole order (409). The delivery
     * details are the buyer's as they are now; the confirmation, the owner's notice and the order's first
     * history entry are written in the same transaction. The limits on orders waiting for payment, per
     * account and per client address, are checked first, under locks that make concurrent checkouts of the
     * same account or address wait.
     */
    async checkout(buyer: BuyerDetails, productIds: number[], actor: Actor & { address: string }) {
      const units = countUnits(productIds);
      return db.transaction(async (tx) => {
        await repo.lockOrderLimits(tx, buyer.id, actor.address);
        const [account, address] = await Promise.all([
          repo.openOrders(tx, { buyerId: buyer.id }),
          repo.openOrders(tx, { placedFrom: actor.address }),
        ]);
        checkOrderLimits({ account, address }, productIds.length, limits);
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
        // The lines keep the cart's order (the products were locked in id order).
        const byId = new Map(stock.map((row) => [row.id, row]));
        const items = [...units.keys()].map((id) => byId.get(id) as repo.StockRow).map((row) => ({
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
        const delivery = { name: buyer.name, address: buyer.address, phone: buyer.phone };
        const orderId = await repo.insertOrder(tx, buyer.id, delivery, totalCents, items, actor.address);
        const placed = await withItems(tx, orderId);
        await mailer.orderPlaced(tx, {
          id: orderId,
          createdAt: placed.order.createdAt,
          lines: items.map((item) => ({ name: item.name, quantity: item.quantity, unitPriceCents: item.unitPriceCents })),
          totalCents,
          delivery,
          buyer: { name: buyer.name, email: buyer.email },
        });
        await recordChange(tx, actor, {
          action: 'order.placed',
          entity: 'order',
          entityId: orderId,
          after: { status: placed.order.status, totalCents },
        });
        return placed;
      });
    },

    /**
     * Any status may follow any other; cancelling returns the stock, reopening takes it again. A change
     * is recorded (who, when, from where, before and after) and the buyer is mailed, in the same
     * transaction; setting the status it already has changes nothing.
     */
    async setStatus(orderId: number, status: OrderStatus, actor: Actor) {
      return db.transaction(async (tx) => {
        const current = await repo.lockOrderStatus(tx, orderId);
        if (current === undefined) throw notFound('Order not found');
        if (current === status) return withItems(tx, orderId);
        if (current !== 'cancelled' && status === 'cancelled') await moveStock(tx, orderId, 1);
        if (current === 'cancelled' && status !== 'cancelled') await moveStock(tx, orderId, -1);
        await repo.setOrderStatus(tx, orderId, status);
        const changed = await withItems(tx, orderId);
        await recordChange(tx, actor, {
          action: 'order.status',
          entity: 'order',
          entityId: orderId,
          before: { status: current },
          after: { status },
        });
        await mailer.statusChanged(tx, {
          id: orderId,
          buyerName: changed.order.buyer.name,
          buyerEmail: changed.order.buyer.email,
          status,
        });
        return changed;
      });
    },

    /** One order for the administrator: its delivery details, lines, total and status history. */
    async detail(orderId: number) {
      const { order, items } = await withItems(db, orderId);
      return { order, items, history: await historyOf(db, 'order', orderId) };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
