import { currencyExponent, shopMoney } from '../../domain/money.ts';
import type { ServerCart } from '../../contract/cart.ts';
import type { Product } from '../../contract/product.ts';
import { createStoredStore, useStore } from '../lib/create-store.ts';

/** The variant a cart entry buys, as the product page showed it: its id, values ("M / Blue"), price and photo. */
export interface CartVariant {
  _id: string;
  title: string;
  price: number;
  /** A gallery photo id and its version (null: the product's photo). */
  photo: { _id: string; version: string } | null;
}

/** A unit in the cart: the product object, and the variant chosen on its page (none: its first in stock). */
export type CartEntry = Product & { variant?: CartVariant };

/**
 * The cart as spec.md keeps it: whole product objects under the storage key `cart`; duplicates allowed.
 * An entry of a product with options carries the chosen variant.
 */
export type Cart = CartEntry[];

const isCartVariant = (value: unknown): value is CartVariant => {
  const variant = value as CartVariant | null | undefined;
  return (
    typeof variant === 'object' && variant !== null && typeof variant._id === 'string' && typeof variant.title === 'string' &&
    typeof variant.price === 'number' && (variant.photo === null || (typeof variant.photo === 'object' && typeof variant.photo._id === 'string'))
  );
};

export const CART_STORAGE_KEY = 'cart';

export function parseCart(raw: unknown): Cart {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((entry): entry is CartEntry => Boolean(entry) && typeof entry === 'object' && typeof (entry as Product)._id === 'string')
    .map((entry) => {
      if (entry.variant === undefined || isCartVariant(entry.variant)) return entry;
      // A variant this shop did not write: the entry takes the product's first variant in stock.
      const { variant: _dropped, ...product } = entry;
      return product;
    });
}

/** The price a cart entry is bought at: its variant's, else the product's. */
export const entryPrice = (entry: CartEntry) => entry.variant?.price ?? entry.price;

/** Whether a cart entry is this product (and this variant, when one is named). */
const isEntry = (entry: CartEntry, productId: string, variantId?: string) =>
  entry._id === productId && entry.variant?._id === variantId;

/** ADD TO CART appends the product (the same product may be added again), with its chosen variant if any. */
export function addToCart(cart: Cart, product: Product, variant?: CartVariant): Cart {
  return [...cart, variant ? { ...product, variant } : product];
}

/** How many units of this product (and variant, when named) the cart holds. */
export const unitsInCart = (cart: Cart, productId: string, variantId?: string) =>
  cart.filter((entry) => isEntry(entry, productId, variantId)).length;

/** Remove deletes the first entry with the matching `_id` (and variant). */
export function removeFromCart(cart: Cart, productId: string, variantId?: string): Cart {
  const index = cart.findIndex((entry) => isEntry(entry, productId, variantId));
  return index === -1 ? cart : [...cart.slice(0, index), ...cart.slice(index + 1)];
}

export function cartTotal(cart: Cart): number {
  // Added in the shop's minor units (cents, yen, fils); a stored entry without a price makes NaN, as before.
  const unit = 10 ** currencyExponent(shopMoney().currency);
  return cart.reduce((sum, entry) => sum + Math.round(entryPrice(entry) * unit), 0) / unit;
}

/**
 * The browser's copy of the server's cart, in the specification's shape: one whole product object per unit,
 * with its variant when the product has options (a product without options takes its one variant).
 */
export function entriesOfServerCart(cart: ServerCart): Cart {
  return cart.lines.flatMap((line) => {
    const entry: CartEntry =
      line.variant.title === '' ? line.product : { ...line.product, variant: { _id: line.variant._id, title: line.variant.title, price: line.price, photo: line.variant.photo } };
    return Array.from({ length: line.quantity }, () => entry);
  });
}

/** A browser cart's entries as lines to add to the server's cart: units per product and variant, in order. */
export function linesOfCart(cart: Cart): { product: string; variant?: string; quantity: number }[] {
  const lines = new Map<string, { product: string; variant?: string; quantity: number }>();
  for (const entry of cart) {
    const key = `${entry._id}:${entry.variant?._id ?? ''}`;
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else lines.set(key, { product: entry._id, ...(entry.variant ? { variant: entry.variant._id } : {}), quantity: 1 });
  }
  return [...lines.values()];
}

const EMPTY: Cart = [];
export const cartStore = createStoredStore<Cart>(CART_STORAGE_KEY, parseCart, EMPTY);

export const cartActions = {
  add: (product: Product, variant?: CartVariant) => cartStore.set(addToCart(cartStore.get(), product, variant)),
  remove: (productId: string, variantId?: string) => cartStore.set(removeFromCart(cartStore.get(), productId, variantId)),
  clear: () => cartStore.set(EMPTY),
};

export const useCart = () => useStore(cartStore);
