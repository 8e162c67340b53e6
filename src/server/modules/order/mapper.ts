import type { BankDetails, Order, OrderHistoryEntry, OrderPayment, OrderProduct } from '../../../contract/order.ts';
import { toWireStatus } from '../../../contract/order-status-wire.ts';
import { fromCents, fromMinorUnits } from '../../../domain/money.ts';
import { paidMinor, paymentSucceeded, type PaymentMethod, type PaymentStatus } from '../../../domain/order-lifecycle.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import type { TaxClass } from '../../../domain/pricing.ts';
import type { AuditRow } from '../audit/service.ts';
import type { PaymentRow } from './payment-repo.ts';
import type { OrderItemRow, OrderRow, OrderTaxLineRow } from './repo.ts';
import { type CartEntry, transferReference } from './service.ts';

/** What the wire adds to an order beside its row: its live payment page, and the shop's bank details. */
export interface PaymentExtras {
  live: Pick<PaymentRow, 'orderId' | 'url' | 'expiresAt'>[];
  bank: BankDetails | null;
  /** The tax lines of the orders answered (none: no tax shown). */
  taxLines?: OrderTaxLineRow[];
}

const NO_EXTRAS: PaymentExtras = { live: [], bank: null };

/**
 * The order's payment on the wire: a cash order exactly as the specification has it (`success`, `method`);
 * a card or transfer order with its status, amounts (major units), payment page or bank details.
 */
function toWirePayment(row: OrderRow, extras: PaymentExtras): OrderPayment {
  const method = row.paymentMethod as PaymentMethod;
  const status = row.paymentStatus as PaymentStatus;
  if (method === 'cash_on_delivery') return { success: paymentSucceeded(status), method };
  const amount = (minor: number) => fromMinorUnits(minor, row.currency);
  const payment: OrderPayment = {
    success: paymentSucceeded(status),
    method,
    status,
    paid: amount(paidMinor({ payment: status, totalMinor: row.totalCents })),
    refunded: amount(row.refundedMinor),
  };
  if (method === 'card') {
    const live = extras.live.find((page) => page.orderId === row.id);
    payment.url = status === 'pending' && row.status !== 'cancelled' ? (live?.url ?? null) : null;
    payment.expiresAt = live && status === 'pending' ? live.expiresAt.toISOString() : null;
  } else if (extras.bank) {
    payment.bank = extras.bank;
    payment.reference = transferReference(row.id);
  }
  return payment;
}

/** A cart as it travels (whole products or `{_id}` entries, one per unit, each maybe naming its variant). */
export const cartEntries = (cart: { _id: string; variant?: string | undefined }[]): CartEntry[] =>
  cart.map((entry) => ({ productId: Number(entry._id), variantId: entry.variant === undefined ? null : Number(entry.variant) }));

/** Products travel one entry per unit, as the cart holds them (the spec's Quantity is `products.length`). */
function unitsOf(item: OrderItemRow): OrderProduct[] {
  const unit: OrderProduct = {
    _id: String(item.productId),
    name: item.name,
    slug: item.slug,
    description: item.description,
    price: fromCents(item.unitPriceCents),
    ...(item.variantId !== null && (item.variantTitle !== '' || item.sku !== null)
      ? {
          variant: {
            _id: String(item.variantId),
            title: item.variantTitle,
            sku: item.sku,
            photo: item.photoId === null ? null : String(item.photoId),
          },
        }
      : {}),
  };
  return Array.from({ length: item.quantity }, () => unit);
}

export function toWireOrder(row: OrderRow, items: OrderItemRow[], extras: PaymentExtras = NO_EXTRAS): Order {
  const status = row.status as OrderStatus;
  const createdAt = row.createdAt.toISOString();
  return {
    _id: String(row.id),
    status: toWireStatus(status),
    buyer: { _id: String(row.buyer.id), name: row.buyer.name },
    createAt: createdAt,
    createdAt,
    payment: toWirePayment(row, extras),
    products: items.flatMap(unitsOf),
    total: fromCents(row.totalCents),
    ...orderFigures(row, items, extras.taxLines ?? []),
    // The country only when the order was given one at checkout (the specification's orders have none).
    delivery: (({ country, ...rest }) => (country === null ? rest : { ...rest, country }))(row.delivery),
  };
}

/** A rate in basis points as a percentage (2000 → 20, 550 → 5.5). */
export const percentOf = (basisPoints: number) => basisPoints / 100;

/** The order's subtotal, discount code, shipping and tax lines on the wire (major units of its currency). */
function orderFigures(row: OrderRow, items: OrderItemRow[], taxLines: OrderTaxLineRow[]) {
  const amount = (minor: number) => fromMinorUnits(minor, row.currency);
  const goods = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  const subtotal = amount(row.subtotalMinor ?? goods);
  return {
    // The code the order used and what it took off (only on such orders).
    ...(row.discountCode !== null ? { discount: { code: row.discountCode, amount: amount(row.discountMinor), subtotal } } : {}),
    subtotal,
    shipping: row.shippingName === null ? null : { name: row.shippingName, amount: amount(row.shippingMinor) },
    tax: amount(row.taxMinor),
    taxIncluded: row.taxIncluded,
    taxes: taxLines
      .filter((line) => line.orderId === row.id)
      .map((line) => ({ taxClass: line.taxClass as TaxClass, rate: percentOf(line.rateBasisPoints), base: amount(line.baseMinor), amount: amount(line.amountMinor) })),
  };
}

/** Orders with their items, grouped without another query per order. */
export function toWireOrders(rows: OrderRow[], items: OrderItemRow[], extras: PaymentExtras = NO_EXTRAS): Order[] {
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return rows.map((row) => toWireOrder(row, byOrder.get(row.id) ?? [], extras));
}

/** An order's history as the administrator reads it (statuses in the wire's spelling). */
export function toWireHistory(rows: AuditRow[]): OrderHistoryEntry[] {
  return rows
    .filter((row) => row.action === 'order.placed' || row.action === 'order.status')
    .map((row) => {
      const before = (row.before as { status?: OrderStatus } | null)?.status ?? null;
      const after = (row.after as { status?: OrderStatus } | null)?.status ?? 'not_processed';
      return {
        at: row.at.toISOString(),
        event: row.action === 'order.placed' ? ('placed' as const) : ('status' as const),
        from: before ? toWireStatus(before) : null,
        status: toWireStatus(after),
        by: row.actorName,
      };
    });
}

/** The products an order's lines take stock from (each once): what a stock change of the order names. */
export const stockMovedBy = (items: readonly { productId: number }[]): number[] => [...new Set(items.map((item) => item.productId))];
