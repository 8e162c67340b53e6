import type { Product } from '../../../contract/product.ts';
import { fromCents } from '../../../domain/money.ts';
import { toWireCategory } from '../category/mapper.ts';
import type { ProductRow } from './repo.ts';

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
