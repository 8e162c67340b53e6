import { toWireStatus } from '../../../contract/order-status-wire.ts';
import { fromCents } from '../../../domain/money.ts';
import { isPaid, ORDER_STATUS_LABELS, type OrderStatus, paymentLabel } from '../../../domain/order-status.ts';
import type { StoredProduct } from '../product/service.ts';
import type { OrderLineRow } from './repo.ts';

const money = (cents: number) => fromCents(cents).toFixed(2);

/** A product as a CSV row (what the export writes; the import reads the same shape back): PRODUCT_CSV_COLUMNS. */
export function toProductCsvRow(product: StoredProduct, categoryName: string): string[] {
  return [
    product.slug,
    product.name,
    product.description,
    money(product.priceCents),
    String(product.quantity),
    product.shipping ? 'yes' : 'no',
    categoryName,
    String(product.lowStockThreshold),
    product.updatedAt.toISOString(),
  ];
}

/** An order line for accounting: ORDER_CSV_COLUMNS (the status by name and in the wire's spelling). */
export function toOrderCsvRow(line: OrderLineRow): unknown[] {
  const status = line.status as OrderStatus;
  return [
    line.orderId,
    line.createdAt.toISOString(),
    `${ORDER_STATUS_LABELS[status]} (${toWireStatus(status)})`,
    paymentLabel({ success: isPaid(status) }, status),
    line.buyerName,
    line.buyerEmail,
    line.deliveryName,
    line.deliveryAddress,
    line.deliveryPhone,
    line.productId,
    line.name,
    line.quantity,
    money(line.unitPriceCents),
    money(line.unitPriceCents * line.quantity),
    money(line.totalCents),
  ];
}
