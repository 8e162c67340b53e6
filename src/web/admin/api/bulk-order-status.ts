import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '../../../domain/order-status.ts';
import { api } from '../../lib/api-client.ts';

/** POST admin/orders/status: each order set to the status (each buyer mailed once, after the undo window). */
export const setOrderStatuses = ({ ids, status }: { ids: string[]; status: OrderStatus }) => api.call('bulkOrderStatus', { body: { ids, status } });

/** POST admin/orders/status-undo: each order's last change undone while it may be. */
export const undoOrderStatuses = (ids: string[]) => api.call('undoOrderStatus', { body: { ids } });

/** Both reload every order list and the order's page (and the products, whose stock may have moved). */
function useOrderMutation<I, O>(mutationKey: string[], mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['orders'] }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
  });
}

export const useSetOrderStatuses = () => useOrderMutation(['orders', 'status'], setOrderStatuses);
export const useUndoOrderStatuses = () => useOrderMutation(['orders', 'undo'], undoOrderStatuses);
