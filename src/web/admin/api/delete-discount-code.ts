import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** DELETE admin/discount-codes/{id}: only a code never used (409 otherwise: disable it). */
export const deleteDiscountCode = (id: string) => api.call('deleteDiscountCode', { params: { id } });

export const useDeleteDiscountCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['discount-codes', 'delete'],
    mutationFn: deleteDiscountCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discount-codes'] }),
  });
};
