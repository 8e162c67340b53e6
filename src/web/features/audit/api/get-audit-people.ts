import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET admin/audit/people: everyone who changed something (the filter by person). */
export const auditPeopleQuery = () =>
  queryOptions({
    queryKey: ['audit', 'people'],
    queryFn: async () => (await api.call('auditPeople')).people,
    staleTime: 0,
  });

export const useAuditPeople = () => useQuery(auditPeopleQuery());
