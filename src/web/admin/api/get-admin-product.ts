import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/**
 * GET admin-product-by-slug/{slug}: the product and what only the owner sees (its low-stock threshold, its
 * draft state); a draft too, which the shop's get-product answers 404 for.
 */
export const adminProductQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', 'admin', slug],
    queryFn: () => api.call('adminProductBySlug', { params: { slug } }),
    // Always fresh on opening: the form is filled from what is stored now.
    staleTime: 0,
  });

export const useAdminProduct = (slug: string) => useQuery(adminProductQuery(slug));
