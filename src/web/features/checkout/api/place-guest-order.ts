import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestContact } from '../../../../contract/guest.ts';
import type { PaymentMethod } from '../../../../domain/order-lifecycle.ts';
import { api } from '../../../lib/api-client.ts';
import type { CartEntry } from '../../../stores/cart-store.ts';

/**
 * POST auth/guest-orders: checkout without an account, the cart as the signed-in checkout sends it plus the
 * e-mail and where to deliver. The answer carries the order page's token.
 */
export const placeGuestOrder = ({ cart, paymentMethod, contact }: { cart: CartEntry[]; paymentMethod?: PaymentMethod; contact: GuestContact }) =>
  api.call('placeGuestOrder', {
    body: {
      cart: cart.map((entry) => (entry.variant ? { _id: entry._id, variant: entry.variant._id } : { _id: entry._id })),
      ...(paymentMethod && paymentMethod !== 'cash_on_delivery' ? { paymentMethod } : {}),
      email: contact.email,
      delivery: { name: contact.name, address: contact.address, phone: contact.phone },
    },
  });

export const usePlaceGuestOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeGuestOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
};
