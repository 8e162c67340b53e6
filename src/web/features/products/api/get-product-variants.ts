import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET product-variants/{slug}: a product's options, variants and photos, for its page. */
export const productVariantsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug, 'variants'],
    queryFn: () => api.call('productVariants', { params: { slug } }),
  });

export const useProductVariants = (slug: string) => useQuery(productVariantsQuery(slug));
