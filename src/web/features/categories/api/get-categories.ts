import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: () => api.call('getCategories').then((data) => data.category),
    staleTime: 5 * 60_000,
  });

export const useCategories = () => useQuery(categoriesQuery());
