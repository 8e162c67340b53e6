import type { Product } from '../../../contract/product.ts';
import { fromCents } from '../../../domain/money.ts';
import { toWireCategory } from '../category/mapper.ts';
import type { ProductRow, ProductValues } from './repo.ts';

export function toWireProduct(row: ProductRow): Product {
  return {
    _id: String(row.id),
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: fromCents(row.priceCents),
    quantity: row.quantity,
    shipping: row.shipping,
    category: toWireCategory(row.category),
    hasPhoto: row.hasPhoto,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A product's fields as the audit log keeps them (prices in dollars, as the owner reads them). */
export function toAuditProduct(values: ProductValues): Record<string, unknown> {
  return {
    name: values.name,
    slug: values.slug,
    description: values.description,
    price: fromCents(values.priceCents),
    quantity: values.quantity,
    shipping: values.shipping,
    categoryId: values.categoryId,
    lowStockThreshold: values.lowStockThreshold,
  };
}
