import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toWireStatus } from '../../../contract/order-status-wire.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import { api } from '../../lib/api-client.ts';

export interface UpdateOrderStatusInput {
  orderId: string;
  status: OrderStatus;
}

/** PUT order-status/{orderId}: `{status}` (in the wire's spelling), any of the five values in any order. */
export const updateOrderStatus = ({ orderId, status }: UpdateOrderStatusInput) =>
  api.call('setOrderStatus', { params: { orderId }, body: { status: toWireStatus(status) } });

/** The order lists (the admin's and the buyer's) reload before the change reports success. */
export const useUpdateOrderStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', 'status'],
    mutationFn: updateOrderStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
