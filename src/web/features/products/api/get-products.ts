import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { nextPageParam, type ProductPage } from './product-pages.ts';

/** GET product-list/{page}: the newest products, a page at a time (the total comes from product-count). */
export const productsQuery = (total: number | null) =>
  infiniteQueryOptions({
    queryKey: ['products', 'newest'],
    queryFn: async ({ pageParam }): Promise<ProductPage> => {
      const data = await api.call('productList', { params: { page: pageParam } });
      return { products: data.products, total };
    },
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages, lastPageParam) =>
      nextPageParam({ ...lastPage, total }, pages, lastPageParam),
  });

export const useProducts = (total: number | null, enabled = true) =>
  useInfiniteQuery({ ...productsQuery(total), enabled });
