import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { nextPageParam, type ProductPage } from './product-pages.ts';

/**
 * GET search/{keyword}: matches ranked by relevance, a page at a time; the total is in X-Total-Count, and the
 * corrected words when the server searched for a corrected spelling (X-Search-Corrected).
 */
export const searchQuery = (keyword: string) =>
  infiniteQueryOptions({
    queryKey: ['products', 'search', keyword],
    queryFn: async ({ pageParam }): Promise<ProductPage & { corrected: string | null }> => {
      const { data, total, corrected } = await api.callWithTotal('search', { params: { keyword }, query: { page: pageParam } });
      return { products: data, total, corrected };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useSearch = (keyword: string) => useInfiniteQuery({ ...searchQuery(keyword), enabled: keyword.length > 0 });
