import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '../../../contract/category.ts';
import { api } from '../../lib/api-client.ts';

/** POST create-category: `{name}`; the server refuses an empty (400) or duplicate (409) name. */
export const createCategory = (body: CategoryInput) => api.call('createCategory', { body });

/** Reloads the category list (and so the header's Categories dropdown) before it reports success. */
export const useCreateCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['categories', 'create'],
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
};
