import type { AuditEntry } from '../../../contract/audit.ts';
import type { AuditFilter, AuditRow, NamedAuditRow } from './repo.ts';

const wireIdOf = (id: number | null) => (id === null ? null : String(id));

export const toWireEntry = (row: NamedAuditRow): AuditEntry => ({
  _id: String(row.id),
  at: row.at.toISOString(),
  actor: { _id: wireIdOf(row.actorId), name: row.actorName },
  address: row.address,
  action: row.action,
  kind: row.entity,
  entityId: wireIdOf(row.entityId),
  name: row.entity === 'order' ? null : row.name,
  before: (row.before as Record<string, unknown> | null) ?? null,
  after: (row.after as Record<string, unknown> | null) ?? null,
});

export const toWirePerson = (row: { actorId: number | null; name: string }) => ({ _id: wireIdOf(row.actorId), name: row.name });

/** The filters of the query (`kind`, `actor`: 0 for the shop itself) as the log reads them. */
export const filterOf = (query: { kind?: string | undefined; actor?: number | undefined }): AuditFilter => ({
  ...(query.kind ? { entity: query.kind } : {}),
  ...(query.actor !== undefined ? { actorId: query.actor } : {}),
});

export const AUDIT_CSV_COLUMNS = ['at', 'by', 'by_id', 'address', 'action', 'kind', 'id', 'before', 'after'] as const;

export const toCsvRow = (row: AuditRow) => [
  row.at.toISOString(),
  row.actorName,
  row.actorId ?? '',
  row.address ?? '',
  row.action,
  row.entity,
  row.entityId ?? '',
  row.before === null ? '' : JSON.stringify(row.before),
  row.after === null ? '' : JSON.stringify(row.after),
];
