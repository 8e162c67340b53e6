import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { nextPageParam, type ProductPage } from '../../features/products/api/product-pages.ts';

/** GET get-product?page=N: every product, newest first, a page at a time, with the true total. */
export const adminProductsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['products', 'admin'],
    queryFn: async ({ pageParam }): Promise<ProductPage> => {
      const data = await api.call('getProducts', { query: { page: pageParam } });
      return { products: data.products, total: data.total };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useAdminProducts = () => useInfiniteQuery(adminProductsQuery());
