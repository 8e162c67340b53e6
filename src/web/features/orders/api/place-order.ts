import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '../../../../contract/product.ts';
import { api } from '../../../lib/api-client.ts';

/** POST orders: the server prices the cart and takes the stock; only ids travel. */
export const placeOrder = (cart: Product[]) =>
  api.call('placeOrder', { body: { cart: cart.map((product) => ({ _id: product._id })) } });

export const usePlaceOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
};
