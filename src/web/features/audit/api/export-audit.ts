import type { ApiDownload } from '../../../lib/download.ts';
import { type AuditFilters, auditSearch } from './get-audit.ts';

/** GET admin/audit.csv?kind=&actor=: the log with the same filters as the screen, as CSV. */
export const auditCsv = (filters: AuditFilters): ApiDownload => ({
  path: `/admin/audit.csv${auditSearch(filters)}`,
  fallbackName: 'audit-log.csv',
});
