import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type ShopOrder, toShopOrder } from './get-orders.ts';
import { awaitingCard, PAYMENT_POLL_MS } from './payments.ts';

/** The token of a guest order page's link, from its fragment (`#t=…`: browsers never send it to the server). */
export const guestTokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('t')?.trim() ?? '';

/** POST auth/guest-orders/{id} `{token}`: the guest's order and its payment (asked of the card provider while it waits). */
export const guestOrderQuery = (orderId: string, token: string) =>
  queryOptions({
    queryKey: ['guest-order', orderId, token],
    queryFn: async (): Promise<ShopOrder> => toShopOrder((await api.call('guestOrder', { params: { orderId }, body: { token } })).order),
    refetchInterval: (query) => (awaitingCard(query.state.data) ? PAYMENT_POLL_MS : false),
    staleTime: 0,
    retry: false,
  });
export const useGuestOrder = (orderId: string, token: string) => useQuery(guestOrderQuery(orderId, token));

/** POST auth/guest-orders/{id}/pay `{token}`: the order's card payment page (the open one, or a new one). */
export const usePayGuestOrder = (orderId: string, token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('payGuestOrder', { params: { orderId }, body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guest-order', orderId] }),
  });
};
