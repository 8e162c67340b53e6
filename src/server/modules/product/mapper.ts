import type { Product } from '../../../contract/product.ts';
import type { GalleryPhoto, ProductVariantsResponse, VariantWire } from '../../../contract/variants.ts';
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
    ...(row.priceMaxCents !== null && row.priceMaxCents > row.priceCents ? { maxPrice: fromCents(row.priceMaxCents) } : {}),
    quantity: row.quantity,
    shipping: row.shipping,
    category: toWireCategory(row.category),
    hasPhoto: row.hasPhoto,
    ...(row.draft ? { draft: true as const } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A product's fields as the audit log keeps them (prices in the shop's major units, as the owner reads them). */
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
    draft: values.draft,
  };
}

/** A variant for the wire (prices in major units like the product's; the threshold only for the owner). */
export function toWireVariant(
  row: { id: number; sku: string | null; priceCents: number; compareAtCents: number | null; stock: number; lowStockThreshold: number; weightGrams: number | null; options: string[]; photoIds: number[] },
  forOwner: boolean,
): VariantWire {
  const wire: VariantWire = {
    _id: String(row.id),
    sku: row.sku,
    price: fromCents(row.priceCents),
    compareAtPrice: row.compareAtCents === null ? null : fromCents(row.compareAtCents),
    quantity: row.stock,
    weight: row.weightGrams,
    options: row.options,
    photos: row.photoIds.map(String),
  };
  // Set after, not spread in: a spread per variant is a good part of a 2,048-variant answer's cost.
  if (forOwner) wire.lowStockThreshold = row.lowStockThreshold;
  return wire;
}

export const toWireGalleryPhoto = (row: { id: number; alt: string; etag: string }): GalleryPhoto => ({
  _id: String(row.id),
  alt: row.alt,
  version: row.etag.replaceAll('"', '').slice(0, 16),
});

export function toWireProductVariants(
  read: {
    productId: number;
    options: { name: string; values: string[] }[];
    variants: Parameters<typeof toWireVariant>[0][];
    photos: { id: number; alt: string; etag: string }[];
  },
  forOwner = false,
): ProductVariantsResponse {
  return {
    success: true,
    productId: String(read.productId),
    options: read.options,
    variants: read.variants.map((variant) => toWireVariant(variant, forOwner)),
    photos: read.photos.map(toWireGalleryPhoto),
  };
}

/** Options and variants as the audit log keeps them (prices in the shop's major units). */
export function toAuditVariants(
  options: { name: string; values: string[] }[],
  variants: { id?: number; sku: string | null; priceCents: number; compareAtCents: number | null; stock: number; options: string[] }[],
): Record<string, unknown> {
  return {
    options: options.map((option) => `${option.name}: ${option.values.join(', ')}`),
    variants: variants.map((variant) => ({
      ...(variant.id === undefined ? {} : { id: variant.id }),
      options: variant.options.join(' / '),
      sku: variant.sku,
      price: fromCents(variant.priceCents),
      compareAtPrice: variant.compareAtCents === null ? null : fromCents(variant.compareAtCents),
      quantity: variant.stock,
    })),
  };
}
