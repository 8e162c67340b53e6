import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getProduct = (slug: string) => api.call('getProduct', { params: { slug } }).then((data) => data.product);

export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug],
    queryFn: () => getProduct(slug),
  });

export const useProduct = (slug: string) => useQuery(productQuery(slug));
