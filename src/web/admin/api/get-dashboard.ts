import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** GET dashboard: the owner's "today" page in one answer; fresh each time the page opens. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: () => api.call('dashboard'),
    staleTime: 0,
  });

export const useDashboard = () => useQuery(dashboardQuery());
