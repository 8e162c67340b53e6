import { toWireStatus } from '../../../contract/order-status-wire.ts';
import { minorToDecimal, shopMoney } from '../../../domain/money.ts';
import { productVariantName } from '../../../domain/variants.ts';
import { isPaid, ORDER_STATUS_LABELS, type OrderStatus, paymentLabel } from '../../../domain/order-status.ts';
import type { OptionRow, StoredProduct, VariantRow } from '../product/service.ts';
import type { OrderLineRow } from './repo.ts';

/** An amount as decimal text in the shop's currency: 19.99 in dollars, 1500 in yen. */
const money = (minor: number) => minorToDecimal(minor, shopMoney().currency);

/**
 * A variant of a product as a CSV row (what the export writes; the import reads the same shape back):
 * CATALOGUE_CSV_COLUMNS, the product's columns with the variant's price, stock and threshold, then the
 * variant's own columns. A product without variants (none stored) is its own row.
 */
export function toProductCsvRow(product: StoredProduct, categoryName: string, variant?: VariantRow, options: OptionRow[] = []): string[] {
  return [
    product.slug,
    product.name,
    product.description,
    money(variant?.priceCents ?? product.priceCents),
    String(variant?.stock ?? product.quantity),
    product.shipping ? 'yes' : 'no',
    categoryName,
    String(variant?.lowStockThreshold ?? product.lowStockThreshold),
    product.updatedAt.toISOString(),
    product.draft ? 'yes' : 'no',
    variant?.sku ?? '',
    variant?.compareAtCents === null || variant?.compareAtCents === undefined ? '' : money(variant.compareAtCents),
    variant?.weightGrams === null || variant?.weightGrams === undefined ? '' : String(variant.weightGrams),
    ...[0, 1, 2].flatMap((o) => [options[o]?.name ?? '', variant?.options[o] ?? '']),
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
    line.sku ?? '',
    line.productId,
    productVariantName(line.name, line.variantTitle),
    line.quantity,
    money(line.unitPriceCents),
    money(line.unitPriceCents * line.quantity),
    money(line.totalCents),
  ];
}
