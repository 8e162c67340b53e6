import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerCart } from '../../../../contract/cart.ts';
import { api } from '../../../lib/api-client.ts';
import { cartKey } from '../../../lib/server-cart.ts';
import { useAuth } from '../../../stores/auth-store.ts';

export const getCart = async (): Promise<ServerCart> => (await api.call('getCart')).cart;

export const cartQuery = (userId: string | null) => queryOptions({ queryKey: cartKey(userId), queryFn: getCart, staleTime: 30_000 });

/**
 * GET cart: the server's cart of whoever is signed in here (or of this browser's guest). `fresh`: read it
 * again on mount (the cart screen shows today's prices and stock).
 */
export function useServerCart({ fresh = false } = {}) {
  const userId = useAuth()?.user._id ?? null;
  return useQuery({ ...cartQuery(userId), ...(fresh ? { refetchOnMount: 'always' as const } : {}) });
}
