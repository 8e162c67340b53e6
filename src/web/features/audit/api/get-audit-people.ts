import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPeopleResponse } from '../../../../contract/audit.ts';
import { api } from '../../../lib/api-client.ts';

/** GET admin/audit/people: everyone who changed something (the filter by person). */
export const auditPeopleQuery = () =>
  queryOptions({
    queryKey: ['audit', 'people'],
    queryFn: async () => (await api.get<AuditPeopleResponse>('/admin/audit/people')).people,
    staleTime: 0,
  });

export const useAuditPeople = () => useQuery(auditPeopleQuery());
