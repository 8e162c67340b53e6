import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAddressInput } from '../../../../contract/address.ts';
import type { PaymentMethod } from '../../../../domain/order-lifecycle.ts';
import { api } from '../../../lib/api-client.ts';
import type { CartEntry } from '../../../stores/cart-store.ts';

/** What an order is placed with: the cart, and the checkout's choices. */
export interface OrderInput {
  cart: CartEntry[];
  paymentMethod?: PaymentMethod;
  /** The checkout's delivery address and method (none: the profile's address, as the specification's client). */
  delivery?: DeliveryAddressInput;
  rateId?: string;
  /** A discount code (the server claims it under its lock and prices it again). */
  code?: string;
}

/**
 * The body of an order, signed in or a guest's: only ids travel (a product's, and its chosen variant's);
 * cash on delivery sends no method, as the specification's client.
 */
export const orderBody = ({ cart, paymentMethod, delivery, rateId, code }: OrderInput) => ({
  cart: cartIds(cart),
  ...(paymentMethod && paymentMethod !== 'cash_on_delivery' ? { paymentMethod } : {}),
  ...(delivery ? { delivery } : {}),
  ...(rateId ? { rateId } : {}),
  ...(code ? { code } : {}),
});

/** POST orders: the server prices the cart and takes the stock. */
export const placeOrder = (input: OrderInput) => api.call('placeOrder', { body: orderBody(input) });

/** Only ids travel: a product's, and its chosen variant's. */
export const cartIds = (cart: CartEntry[]) => cart.map((entry) => (entry.variant ? { _id: entry._id, variant: entry.variant._id } : { _id: entry._id }));

/** A placed order took stock: the products' pages and lists are read again. */
export const refreshStock = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: ['products'] });
  void queryClient.invalidateQueries({ queryKey: ['product'] });
};

export const usePlaceOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      refreshStock(queryClient);
    },
  });
};
