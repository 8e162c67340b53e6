import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_PAGE_SIZE, type AuditEntry, auditPeopleResponse, auditQuery, auditResponse } from '../../../contract/audit.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv, today } from '../../lib/csv.ts';
import { listWindow, listWithTotal } from '../../lib/paging.ts';
import type { Guards } from '../auth/guards.ts';
import { allAudit, type AuditFilter, type AuditRow, auditPeople, countAudit, listAudit } from './repo.ts';

const toWireEntry = (row: AuditRow): AuditEntry => ({
  _id: String(row.id),
  at: row.at.toISOString(),
  actor: { _id: row.actorId === null ? null : String(row.actorId), name: row.actorName },
  address: row.address,
  action: row.action,
  kind: row.entity,
  entityId: row.entityId === null ? null : String(row.entityId),
  before: (row.before as Record<string, unknown> | null) ?? null,
  after: (row.after as Record<string, unknown> | null) ?? null,
});

const filterOf = (query: { kind?: string; actor?: number }): AuditFilter => ({
  ...(query.kind ? { entity: query.kind } : {}),
  ...(query.actor !== undefined ? { actorId: query.actor } : {}),
});

/** The audit log for administrators: newest first, by kind and by person, paged, and as CSV. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  const tags = ['admin'];

  app.get(
    '/audit',
    { preHandler: guards.requireAdmin, schema: { tags, querystring: auditQuery, response: { 200: auditResponse } } },
    async (request) => {
      const page = request.query.page ?? 1;
      const filter = filterOf(request.query);
      const { items, total } = await listWithTotal(
        listWindow(page, AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE),
        () => countAudit(db, filter),
        ({ limit, offset }) => listAudit(db, filter, limit, offset),
      );
      return { success: true as const, entries: items.map(toWireEntry), total, page, pageSize: AUDIT_PAGE_SIZE };
    },
  );

  app.get(
    '/audit/people',
    { preHandler: guards.requireAdmin, schema: { tags, response: { 200: auditPeopleResponse } } },
    async () => ({
      success: true as const,
      people: (await auditPeople(db)).map((row) => ({ _id: row.actorId === null ? null : String(row.actorId), name: row.name })),
    }),
  );

  app.get(
    '/audit.csv',
    { preHandler: guards.requireAdmin, schema: { tags, querystring: auditQuery, description: 'The audit log as CSV (UTF-8), newest first.' } },
    async (request, reply) => {
      async function* rows() {
        for await (const row of allAudit(db, filterOf(request.query))) {
          yield [
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
        }
      }
      return sendCsv(reply, `audit-log-${today()}.csv`, ['at', 'by', 'by_id', 'address', 'action', 'kind', 'id', 'before', 'after'], rows());
    },
  );
};
