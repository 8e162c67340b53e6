import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAddressInput } from '../../../../contract/address.ts';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { type OrderInput, orderBody, refreshStock } from './place-order.ts';

/**
 * POST auth/guest-orders: checkout without an account, the signed-in checkout's body (cart, payment
 * method, delivery address and method, code) with the delivery required, plus the e-mail the confirmation
 * goes to. The answer carries the order page's token.
 */
export const placeGuestOrder = ({ email, delivery, ...input }: OrderInput & { email: string; delivery: DeliveryAddressInput }) =>
  api.call('placeGuestOrder', { body: { ...orderBody(input), delivery, email } });

/** A guest order page's path with its token (in the fragment, so that no request or log holds it). */
export const guestOrderLink = (orderId: string, token: string) => `${paths.guestOrder(orderId)}#t=${encodeURIComponent(token)}`;

export const usePlaceGuestOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeGuestOrder,
    onSuccess: () => refreshStock(queryClient),
  });
};
