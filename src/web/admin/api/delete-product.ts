import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** DELETE delete-product/{id}. */
export const deleteProduct = (id: string) => api.call('deleteProduct', { params: { id } });

export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['products', 'delete'],
    mutationFn: deleteProduct,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      // Marked stale without refetching: the screen showing the deleted product is being left.
      void queryClient.invalidateQueries({ queryKey: ['product'], refetchType: 'none' });
    },
  });
};
