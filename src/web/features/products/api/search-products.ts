import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
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

/** Suggestions while typing: the first products of the same search (page 1, which the server keeps). */
export const SUGGESTED_PRODUCTS = 5;
export const searchSuggestionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['products', 'search', keyword, 'suggestions'],
    queryFn: async () => (await api.call('search', { params: { keyword }, query: { page: 1 } })).slice(0, SUGGESTED_PRODUCTS),
    staleTime: 60_000,
  });
