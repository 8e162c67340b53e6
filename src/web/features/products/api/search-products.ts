import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { nextPageParam, type ProductPage } from './product-pages.ts';

/** GET search/{keyword}: matches ranked by relevance, a page at a time; the total is in X-Total-Count. */
export const searchQuery = (keyword: string) =>
  infiniteQueryOptions({
    queryKey: ['products', 'search', keyword],
    queryFn: async ({ pageParam }): Promise<ProductPage> => {
      const { data, total } = await api.callWithTotal('search', { params: { keyword }, query: { page: pageParam } });
      return { products: data, total };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useSearch = (keyword: string) => useInfiniteQuery({ ...searchQuery(keyword), enabled: keyword.length > 0 });
