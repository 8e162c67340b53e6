import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetVariantsBody } from '../../../contract/variants.ts';
import { api } from '../../lib/api-client.ts';

/** GET admin-variants/{id}: the options, variants (with thresholds) and photos, for the product form. */
export const adminVariantsQuery = (id: string) =>
  queryOptions({
    queryKey: ['product', 'admin', 'variants', id],
    queryFn: () => api.call('adminProductVariants', { params: { id } }),
    staleTime: 0,
  });

export const useAdminVariants = (id: string) => useQuery(adminVariantsQuery(id));

/** After a change: the product's lists, pages and the form's copies are read again. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    void queryClient.invalidateQueries({ queryKey: ['product'] });
  };
};

/** PUT product-variants/{id}: the options and the whole grid in one write. */
export const useSaveVariants = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['product', 'variants', 'save'],
    mutationFn: ({ id, body }: { id: string; body: SetVariantsBody }) => api.call('setProductVariants', { params: { id }, body }),
    onSuccess: refresh,
  });
};

/** POST product-photos/{id}: one photo added at the end of the gallery. */
export const useAddPhoto = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['product', 'photos', 'add'],
    mutationFn: ({ id, file, alt }: { id: string; file: File; alt: string }) => {
      const form = new FormData();
      form.append('alt', alt);
      form.append('photo', file);
      return api.call('addProductPhoto', { params: { id }, form });
    },
    onSuccess: refresh,
  });
};

/** PUT product-photos/{id}: the gallery's order and alt texts. */
export const useArrangePhotos = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['product', 'photos', 'arrange'],
    mutationFn: ({ id, photos }: { id: string; photos: { _id: string; alt: string }[] }) =>
      api.call('arrangeProductPhotos', { params: { id }, body: { photos } }),
    onSuccess: refresh,
  });
};

/** DELETE product-photos/{id}/{photoId}. */
export const useDeletePhoto = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['product', 'photos', 'delete'],
    mutationFn: ({ id, photoId }: { id: string; photoId: string }) => api.call('deleteProductPhoto', { params: { id, photoId } }),
    onSuccess: refresh,
  });
};
