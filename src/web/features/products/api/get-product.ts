import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../contract/product.ts';
import { api } from '../../../lib/api-client.ts';

export const getProduct = (slug: string) =>
  api.get<{ product: Product }>(`/product/get-product/${slug}`).then((data) => data.product);

export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug],
    queryFn: () => getProduct(slug),
  });

export const useProduct = (slug: string) => useQuery(productQuery(slug));
