import type { CartLine, ServerCart } from '../../../contract/cart.ts';
import { fromCents } from '../../../domain/money.ts';
import { toWireGalleryPhoto, toWireProduct } from '../product/mapper.ts';
import type { CartLineRow } from './repo.ts';

const photoOf = (photo: { id: number; etag: string }) => {
  const { _id, version } = toWireGalleryPhoto({ ...photo, alt: '' });
  return { _id, version };
};

export function toWireCartLine(row: CartLineRow): CartLine {
  const { variant } = row;
  const soldOut = variant.stock <= 0;
  return {
    _id: String(row.lineId),
    product: toWireProduct(row),
    variant: {
      _id: String(variant.id),
      title: variant.title,
      sku: variant.sku,
      price: fromCents(variant.priceCents),
      photo: variant.photo ? photoOf(variant.photo) : null,
    },
    quantity: row.lineQuantity,
    price: fromCents(variant.priceCents),
    seenPrice: fromCents(row.seenPriceCents),
    priceChanged: row.seenPriceCents !== variant.priceCents,
    stock: Math.max(variant.stock, 0),
    soldOut,
    short: !soldOut && row.lineQuantity > variant.stock,
    subtotal: fromCents(variant.priceCents * row.lineQuantity),
  };
}

export function toWireCart(rows: CartLineRow[]): ServerCart {
  const lines = rows.map(toWireCartLine);
  return {
    lines,
    count: rows.reduce((sum, row) => sum + row.lineQuantity, 0),
    total: fromCents(rows.reduce((sum, row) => sum + row.variant.priceCents * row.lineQuantity, 0)),
    canCheckout: lines.length > 0 && lines.every((line) => !line.soldOut && !line.short),
  };
}
