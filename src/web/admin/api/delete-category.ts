import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** DELETE delete-category/{id}; the server refuses (409) while products still use the category. */
export const deleteCategory = (id: string) => api.call('deleteCategory', { params: { id } });

export const useDeleteCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['categories', 'delete'],
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
};
