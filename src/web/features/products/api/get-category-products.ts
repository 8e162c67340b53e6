import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Category } from '../../../../contract/category.ts';
import { api } from '../../../lib/api-client.ts';
import { nextPageParam, type ProductPage } from './product-pages.ts';

export interface CategoryPage extends ProductPage {
  category: Category;
}

/** GET product-category/{slug}: the category and its products, a page at a time. */
export const categoryProductsQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: ['products', 'category', slug],
    queryFn: ({ pageParam }): Promise<CategoryPage> =>
      api.call('productCategory', { params: { slug }, query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useCategoryProducts = (slug: string) => useInfiniteQuery(categoryProductsQuery(slug));
