import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** PUT order-paid/{orderId}: a bank transfer recorded as received. */
export const useMarkOrderPaid = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.call('markOrderPaid', { params: { orderId }, body: { paid: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};

export interface RefundInput {
  orderId: string;
  /** None: everything left. */
  lines?: { productId: number; variant?: number; quantity: number }[];
  restock: boolean;
}

/** POST order-refund/{orderId}: some lines and quantities, or everything left; through Stripe for a card order. */
export const useRefundOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, lines, restock }: RefundInput) =>
      api.call('refundOrder', { params: { orderId }, body: { restock, ...(lines ? { lines } : {}) } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      return queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
};
