import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const productCountQuery = () =>
  queryOptions({
    queryKey: ['products', 'count'],
    queryFn: () => api.call('productCount').then((data) => data.total),
  });

export const useProductCount = () => useQuery(productCountQuery());
