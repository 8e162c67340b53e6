import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface UpdateCategoryInput {
  id: string;
  name: string;
}

/** PUT update-category/{id}: `{name}`. */
export const updateCategory = ({ id, name }: UpdateCategoryInput) => api.call('updateCategory', { params: { id }, body: { name } });

/** A renamed category shows its new name everywhere: the category list and every product that carries it. */
export const useUpdateCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['categories', 'update'],
    mutationFn: updateCategory,
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      await queryClient.invalidateQueries({ queryKey: ['categories'] });
    },
  });
};
