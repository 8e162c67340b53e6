import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ProductSort } from '../../../../domain/product-sort.ts';
import { api } from '../../../lib/api-client.ts';
import { nextPageParam, type ProductPage } from './product-pages.ts';

export interface ProductFilters {
  /** Category ids. */
  checked: string[];
  /** A band's [min, max] pair, or empty. */
  radio: number[];
  /** Newest first when not given. */
  sort?: ProductSort;
}

/** POST product-filters: the filtered list, a page at a time, with its total. */
export const filteredProductsQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: ['products', 'filtered', filters],
    queryFn: async ({ pageParam }): Promise<ProductPage> => {
      const data = await api.call('productFilters', { body: { ...filters, page: pageParam } });
      return { products: data.products, total: data.total };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    placeholderData: keepPreviousData,
  });

export const useFilteredProducts = (filters: ProductFilters, enabled: boolean) =>
  useInfiniteQuery({ ...filteredProductsQuery(filters), enabled });
