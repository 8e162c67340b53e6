import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProduct } from '../../features/products/api/get-product.ts';
import { api } from '../../lib/api-client.ts';

/**
 * GET admin-product/{id}: the product and what only the owner sees (its low-stock threshold). The screen's
 * address names the product by slug: its id comes from get-product/{slug} first.
 */
export const adminProductQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', 'admin', slug],
    queryFn: async () => {
      const found = await getProduct(slug);
      return api.call('adminProduct', { params: { id: found._id } });
    },
    // Always fresh on opening: the form is filled from what is stored now.
    staleTime: 0,
  });

export const useAdminProduct = (slug: string) => useQuery(adminProductQuery(slug));
