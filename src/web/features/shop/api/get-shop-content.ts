import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET shop/content: the owner's details, pages, announcement bar and home banners (one cached answer). */
export const shopContentQuery = () =>
  queryOptions({
    queryKey: ['shop-content'],
    queryFn: () => api.call('shopContent'),
    staleTime: 5 * 60_000,
  });

export const useShopContent = () => useQuery(shopContentQuery());
