import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { type ProductInput, toProductFormData } from './product-form-data.ts';

export interface UpdateProductInput {
  id: string;
  input: ProductInput;
}

/** PUT update-product/{id} (multipart): every field including shipping; the photo only if a new one was picked. */
export const updateProduct = ({ id, input }: UpdateProductInput) =>
  api.call('updateProduct', { params: { id }, form: toProductFormData(input) });

export const useUpdateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['products', 'update'],
    mutationFn: updateProduct,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
};
