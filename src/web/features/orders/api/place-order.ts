import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '../../../../contract/product.ts';
import type { PaymentMethod } from '../../../../domain/order-lifecycle.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST orders: the server prices the cart and takes the stock; only ids travel. Cash on delivery sends no
 * method, as the specification's client.
 */
export const placeOrder = ({ cart, paymentMethod }: { cart: Product[]; paymentMethod?: PaymentMethod }) =>
  api.call('placeOrder', {
    body: {
      cart: cart.map((product) => ({ _id: product._id })),
      ...(paymentMethod && paymentMethod !== 'cash_on_delivery' ? { paymentMethod } : {}),
    },
  });

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
