import { currencyExponent, shopMoney } from '../../domain/money.ts';
import type { Product } from '../../contract/product.ts';
import { createStoredStore, useStore } from '../lib/create-store.ts';

/** The cart as spec.md keeps it: whole product objects under the storage key `cart`; duplicates allowed. */
export type Cart = Product[];

export const CART_STORAGE_KEY = 'cart';

export function parseCart(raw: unknown): Cart {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (entry): entry is Product =>
      Boolean(entry) && typeof entry === 'object' && typeof (entry as Product)._id === 'string',
  );
}

/** ADD TO CART appends the product (the same product may be added again). */
export function addToCart(cart: Cart, product: Product): Cart {
  return [...cart, product];
}

/** Remove deletes the first entry with the matching `_id`. */
export function removeFromCart(cart: Cart, productId: string): Cart {
  const index = cart.findIndex((entry) => entry._id === productId);
  return index === -1 ? cart : [...cart.slice(0, index), ...cart.slice(index + 1)];
}

export function cartTotal(cart: Cart): number {
  // Added in the shop's minor units (cents, yen, fils); a stored entry without a price makes NaN, as before.
  const unit = 10 ** currencyExponent(shopMoney().currency);
  return cart.reduce((sum, entry) => sum + Math.round(entry.price * unit), 0) / unit;
}

const EMPTY: Cart = [];
export const cartStore = createStoredStore<Cart>(CART_STORAGE_KEY, parseCart, EMPTY);

export const cartActions = {
  add: (product: Product) => cartStore.set(addToCart(cartStore.get(), product)),
  remove: (productId: string) => cartStore.set(removeFromCart(cartStore.get(), productId)),
  clear: () => cartStore.set(EMPTY),
};

export const useCart = () => useStore(cartStore);
