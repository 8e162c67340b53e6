import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { putCart } from '../../../lib/server-cart.ts';

/** DELETE cart/lines/:lineId: removes a line of the cart. */
export const removeCartLine = (lineId: string) => api.call('removeCartLine', { params: { lineId } });

export const useRemoveCartLine = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeCartLine, onSuccess: (data) => putCart(queryClient, data.cart) });
};
