import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AUDIT_KINDS } from '../../../../contract/audit.ts';
import { api } from '../../../lib/api-client.ts';

/** The filters of the audit log: a kind ('' for all) and a person (a user id, '0' for the shop itself, '' for everyone). */
export interface AuditFilters {
  kind: (typeof AUDIT_KINDS)[number] | '';
  actor: string;
}

/** The query of the filters (and the page, left out when it is the first), as the list and its CSV take it. */
export function auditFilterQuery(filters: AuditFilters, page?: number) {
  return {
    page: page !== undefined && page > 1 ? page : undefined,
    kind: filters.kind || undefined,
    actor: filters.actor || undefined,
  };
}

/** The screen's address of the filters and page (`?page=3&actor=12`): the same keys as the call's query. */
export function auditSearch(filters: AuditFilters, page?: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(auditFilterQuery(filters, page))) if (value !== undefined) query.set(key, String(value));
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** GET admin/audit?page=&kind=&actor=: a page of the log (25), newest first, with the total. Always fetched afresh. */
export const auditQuery = (page: number, filters: AuditFilters) =>
  queryOptions({
    queryKey: ['audit', 'entries', page, filters.kind, filters.actor],
    queryFn: () => api.call('audit', { query: auditFilterQuery(filters, page) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAudit = (page: number, filters: AuditFilters) => useQuery(auditQuery(page, filters));
