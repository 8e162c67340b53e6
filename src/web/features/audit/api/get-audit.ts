import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AUDIT_KINDS, AuditResponse } from '../../../../contract/audit.ts';
import { api } from '../../../lib/api-client.ts';

/** The filters of the audit log: a kind ('' for all) and a person (a user id, '0' for the shop itself, '' for everyone). */
export interface AuditFilters {
  kind: (typeof AUDIT_KINDS)[number] | '';
  actor: string;
}

/** The query string of the filters (and the page), as the list and its CSV take it. */
export function auditSearch(filters: AuditFilters, page?: number): string {
  const query = new URLSearchParams();
  if (page !== undefined && page > 1) query.set('page', String(page));
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.actor) query.set('actor', filters.actor);
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** GET admin/audit?page=&kind=&actor=: a page of the log (25), newest first, with the total. Always fetched afresh. */
export const auditQuery = (page: number, filters: AuditFilters) =>
  queryOptions({
    queryKey: ['audit', 'entries', page, filters.kind, filters.actor],
    queryFn: () => api.get<AuditResponse>(`/admin/audit${auditSearch(filters, page)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAudit = (page: number, filters: AuditFilters) => useQuery(auditQuery(page, filters));
