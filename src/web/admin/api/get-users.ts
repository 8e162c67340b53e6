import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** GET all-users?page=N: a page of users, newest first, with the total and the page size. */
export const usersQuery = (page: number) =>
  queryOptions({
    queryKey: ['users', page],
    queryFn: () => api.call('allUsers', { query: { page } }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number) => useQuery(usersQuery(page));
