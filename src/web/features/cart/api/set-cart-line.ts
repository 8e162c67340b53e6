import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { putCart } from '../../../lib/server-cart.ts';

/** PUT cart/lines: sets a variant's units (0 removes it); the line takes today's price as seen. */
export const setCartLine = (body: { variant: string; quantity: number }) => api.call('setCartLine', { body });

export const useSetCartLine = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCartLine, onSuccess: (data) => putCart(queryClient, data.cart) });
};
