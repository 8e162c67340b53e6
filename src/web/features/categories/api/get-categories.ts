import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetCategoriesResponse } from '../../../../contract/category.ts';
import { api } from '../../../lib/api-client.ts';

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: () => api.get<GetCategoriesResponse>('/category/get-category').then((data) => data.category),
    staleTime: 5 * 60_000,
  });

export const useCategories = () => useQuery(categoriesQuery());
