import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type ShopOrder, toShopOrder } from './get-orders.ts';

/** GET payment-methods: what checkout offers (the owner's settings), and the bank details. */
export const paymentMethodsQuery = queryOptions({
  queryKey: ['payment-methods'],
  queryFn: () => api.call('paymentMethods'),
  staleTime: 5 * 60_000,
});
export const usePaymentMethods = () => useQuery(paymentMethodsQuery);

/** While a card payment is on its way, the order is asked for again this often (the return page). */
export const PAYMENT_POLL_MS = 1500;

/** Waiting on the card provider: the return page keeps asking until paid (or ended). */
export const awaitingCard = (order: ShopOrder | undefined) =>
  order?.payment.method === 'card' && order.payment.status === 'pending' && order.status !== 'cancelled';

/** GET orders/{id}/payment: the buyer's order, its card payment asked of the provider while it waits. */
export const orderPaymentQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'payment', orderId],
    queryFn: async (): Promise<ShopOrder> => toShopOrder((await api.call('orderPayment', { params: { orderId } })).order),
    refetchInterval: (query) => (awaitingCard(query.state.data) ? PAYMENT_POLL_MS : false),
    staleTime: 0,
  });
export const useOrderPayment = (orderId: string) => useQuery(orderPaymentQuery(orderId));

/** POST orders/{id}/pay: the order's payment page (the open one, or a new one). */
export const usePayOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.call('payOrder', { params: { orderId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
