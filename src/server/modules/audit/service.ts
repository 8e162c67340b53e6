import { AUDIT_PAGE_SIZE } from '../../../contract/audit.ts';
import type { Db } from '../../db/client.ts';
import { listWindow, listWithTotal } from '../../lib/paging.ts';
import * as repo from './repo.ts';

/*
 * The audit log. Other modules record their changes in their own transactions through the functions
 * below (the record exists exactly when the change does), and read an order's history.
 */
export type { Actor, AuditEntry, AuditFilter, AuditRow } from './repo.ts';
export { auditInsert, historyOf, recordChange, recordChanges, systemActor } from './repo.ts';

/** The fields that differ, before and after (what the audit log keeps of an update). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}

/** The log for administrators: newest first, by kind and by person, a page at a time or whole (CSV). */
export function createAuditService(db: Db) {
  return {
    async page(pageNumber: number, filter: repo.AuditFilter) {
      const { items, total } = await listWithTotal(
        listWindow(pageNumber, AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE),
        () => repo.countAudit(db, filter),
        ({ limit, offset }) => repo.listAudit(db, filter, limit, offset),
      );
      return { entries: items, total, page: pageNumber, pageSize: AUDIT_PAGE_SIZE };
    },
    people: () => repo.auditPeople(db),
    all: (filter: repo.AuditFilter) => repo.allAudit(db, filter),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
