import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cartStore, entriesOfServerCart, linesOfCart } from '../../../stores/cart-store.ts';
import { addCartLine } from '../../../lib/server-cart.ts';
import { useServerCart } from '../api/get-cart.ts';

/** Set once this browser's `cart` is a copy of the server's (before: a cart kept only in the browser). */
const KEPT_BY_SERVER = 'cart-kept-by-server';

const keptByServer = () => {
  try {
    return globalThis.localStorage?.getItem(KEPT_BY_SERVER) === '1';
  } catch {
    return true;
  }
};

/**
 * Keeps the browser's `cart` (the specification's storage key and shape) a copy of the server's cart, which
 * the badge and the product pages read. A cart kept only in the browser (by an older version of the app)
 * is added to the server's once, when the server's is empty.
 */
export function CartSync() {
  const queryClient = useQueryClient();
  const { data } = useServerCart();
  useEffect(() => {
    if (!data) return;
    const local = cartStore.get();
    if (!keptByServer()) {
      globalThis.localStorage?.setItem(KEPT_BY_SERVER, '1');
      if (data.lines.length === 0 && local.length > 0) {
        void (async () => {
          for (const line of linesOfCart(local)) await addCartLine(line).catch(() => undefined);
          await queryClient.invalidateQueries({ queryKey: ['cart'] });
        })();
        return;
      }
    }
    cartStore.set(entriesOfServerCart(data));
  }, [data, queryClient]);
  return null;
}
