import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../contract/product.ts';
import { api } from '../../../lib/api-client.ts';

export const relatedProductsQuery = (productId: string, categoryId: string) =>
  queryOptions({
    queryKey: ['products', 'related', productId, categoryId],
    queryFn: () => api.call('relatedProducts', { params: { pid: productId, cid: categoryId } }).then((data) => data.products),
  });

export const useRelatedProducts = (product: Product | undefined) =>
  useQuery({
    ...relatedProductsQuery(product?._id ?? '', product?.category._id ?? ''),
    enabled: Boolean(product),
  });
