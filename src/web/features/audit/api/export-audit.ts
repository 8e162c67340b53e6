import { callPath } from '../../../lib/api-client.ts';
import type { ApiDownload } from '../../../lib/download.ts';
import { type AuditFilters, auditFilterQuery } from './get-audit.ts';

/** GET admin/audit.csv?kind=&actor=: the log with the same filters as the screen, as CSV. */
export const auditCsv = (filters: AuditFilters): ApiDownload => ({
  path: callPath('auditCsv', { query: auditFilterQuery(filters) }),
  fallbackName: 'audit-log.csv',
});
