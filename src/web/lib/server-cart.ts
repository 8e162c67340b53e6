import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServerCart } from '../../contract/cart.ts';
import { api } from './api-client.ts';

/**
 * The server's cart in the query cache, shared by the features that change it: the cart (features/cart)
 * and ADD TO CART on every product card and page (features/products).
 */

/** The cart's query key: the signed-in user's cart, or the guest's (the cookie's). */
export const cartKey = (userId: string | null) => ['cart', userId] as const;

/** A write answered the whole cart: it becomes the cart shown (every key: sign-in may change whose it is). */
export const putCart = (queryClient: QueryClient, cart: ServerCart) => queryClient.setQueriesData({ queryKey: ['cart'] }, cart);

/** POST cart/lines: adds units of a variant (or of a product: its first variant in stock). */
export const addCartLine = (body: { variant?: string; product?: string; quantity?: number }) => api.call('addCartLine', { body });

export const useAddCartLine = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCartLine, onSuccess: (data) => putCart(queryClient, data.cart) });
};
