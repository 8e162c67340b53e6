import { sendCsv, today } from '../../lib/csv.ts';
import type { Handlers } from '../../plugins/calls.ts';
import { AUDIT_CSV_COLUMNS, filterOf, toCsvRow, toWireEntry, toWirePerson } from './mapper.ts';
import type { AuditService } from './service.ts';

/** The audit log for administrators: newest first, by kind and by person, paged, and as CSV. */
export const auditHandlers = (audit: AuditService) =>
  ({
    audit: async (request) => {
      const page = await audit.page(request.query.page ?? 1, filterOf(request.query));
      return { success: true, ...page, entries: page.entries.map(toWireEntry) };
    },

    auditPeople: async () => ({ success: true, people: (await audit.people()).map(toWirePerson) }),

    auditCsv: async (request, reply) => {
      async function* rows() {
        for await (const row of audit.all(filterOf(request.query))) yield toCsvRow(row);
      }
      return sendCsv(reply, `audit-log-${today()}.csv`, AUDIT_CSV_COLUMNS, rows());
    },
  }) satisfies Partial<Handlers>;
