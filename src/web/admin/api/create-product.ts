import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { type ProductInput, toProductFormData } from './product-form-data.ts';

/** POST create-product (multipart): awaited, so success and failure are told apart. */
export const createProduct = (input: ProductInput) => api.call('createProduct', { form: toProductFormData(input) });

/** The storefront's lists (and the admin list) show the new product at once. */
export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['products', 'create'],
    mutationFn: createProduct,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
};
