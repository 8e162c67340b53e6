import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Facet } from '../../../../contract/product.ts';
import type { ProductSort } from '../../../../domain/product-sort.ts';
import { api } from '../../../lib/api-client.ts';
import { nextPageParam, type ProductPage } from './product-pages.ts';

export interface ProductFilters {
  /** Category ids. */
  checked: string[];
  /** A band's [min, max] pair, or empty. */
  radio: number[];
  /** Option values to keep, per option name (`{"Size": ["S", "M"]}`); none when empty. */
  options?: Record<string, string[]>;
  /** Newest first when not given. */
  sort?: ProductSort;
}

const bodyOf = ({ options, ...rest }: ProductFilters) => ({ ...rest, ...(options && Object.keys(options).length > 0 ? { options } : {}) });

/** POST product-filters: the filtered list, a page at a time, with its total. */
export const filteredProductsQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: ['products', 'filtered', filters],
    queryFn: async ({ pageParam }): Promise<ProductPage> => {
      const data = await api.call('productFilters', { body: { ...bodyOf(filters), page: pageParam } });
      return { products: data.products, total: data.total };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    placeholderData: keepPreviousData,
  });

export const useFilteredProducts = (filters: ProductFilters, enabled: boolean) =>
  useInfiniteQuery({ ...filteredProductsQuery(filters), enabled });

/**
 * POST product-filters with `facets: true`: how many products of these categories and band offer each option
 * value. The counts do not depend on the chosen values, so choosing one asks nothing new.
 */
export const productFacetsQuery = (filters: Pick<ProductFilters, 'checked' | 'radio'>) =>
  queryOptions({
    queryKey: ['products', 'facets', filters],
    queryFn: async (): Promise<Facet[]> => {
      const data = await api.call('productFilters', { body: { ...filters, facets: true, page: 1 } });
      return data.facets ?? [];
    },
    placeholderData: keepPreviousData,
  });

export const useProductFacets = (filters: Pick<ProductFilters, 'checked' | 'radio'>, enabled: boolean) =>
  useQuery({ ...productFacetsQuery(filters), enabled });
