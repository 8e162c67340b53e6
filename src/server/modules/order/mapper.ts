import type { Order, OrderProduct } from '../../../contract/order.ts';
import { fromCents } from '../../../domain/money.ts';
import { isPaid, type OrderStatus } from '../../../domain/order-status.ts';
import type { OrderItemRow, OrderRow } from './repo.ts';

/** Products travel one entry per unit, as the cart holds them (the spec's Quantity is `products.length`). */
function unitsOf(item: OrderItemRow): OrderProduct[] {
  const unit: OrderProduct = {
    _id: String(item.productId),
    name: item.name,
    slug: item.slug,
    description: item.description,
    price: fromCents(item.unitPriceCents),
  };
  return Array.from({ length: item.quantity }, () => unit);
}

export function toWireOrder(row: OrderRow, items: OrderItemRow[]): Order {
  const status = row.status as OrderStatus;
  const createdAt = row.createdAt.toISOString();
  return {
    _id: String(row.id),
    status,
    buyer: { _id: String(row.buyer.id), name: row.buyer.name },
    createAt: createdAt,
    createdAt,
    payment: { success: isPaid(status), method: 'cash_on_delivery' },
    products: items.flatMap(unitsOf),
    total: fromCents(row.totalCents),
  };
}

/** Orders with their items, grouped without another query per order. */
export function toWireOrders(rows: OrderRow[], items: OrderItemRow[]): Order[] {
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return rows.map((row) => toWireOrder(row, byOrder.get(row.id) ?? []));
}
