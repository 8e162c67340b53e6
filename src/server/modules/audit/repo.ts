import { and, asc, count, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { arrayParam, executeNamed } from '../../lib/prepared.ts';
import { auditLog, categories, products, users } from '../../db/schema.ts';

/** Who did something, and from which address (none for the server itself or a command-line tool). */
export interface Actor {
  id: number | null;
  name: string;
  address: string | null;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Written in the caller's transaction: the record exists exactly when the change does. */
export async function recordChange(tx: Db | Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await recordChanges(tx, actor, [entry]);
}

/**
 * Many records at once (an import), 1,000 per statement, in the caller's transaction, in their order. One
 * named statement whatever their number (the entries as arrays): every order and every change writes one,
 * and its SQL is neither built nor planned again each time.
 */
export async function recordChanges(tx: Db | Tx, actor: Actor, entries: AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 1000) {
    await executeNamed(tx, auditInsert(actor, entries.slice(start, start + 1000)));
  }
}

/**
 * The insert of some records (a thousand at most), as one statement whose text is the same whatever their
 * number (the entries as arrays): run alone (recordChanges) or with an order's other writes (executeTogether).
 */
export function auditInsert(actor: Actor, entries: AuditEntry[]): SQL {
  const column = (value: (entry: AuditEntry) => unknown) => arrayParam(entries.map(value));
  const json = (value: Record<string, unknown> | null | undefined) => (value === null || value === undefined ? null : JSON.stringify(value));
  return sql`insert into ${auditLog} (actor_id, actor_name, address, action, entity, entity_id, before, after)
    select ${actor.id}::int, ${actor.name}::text, ${actor.address}::text, entry.action, entry.entity, entry.entity_id, entry.before, entry.after
    from unnest(${column((entry) => entry.action)}::text[], ${column((entry) => entry.entity)}::text[], ${column((entry) => entry.entityId)}::int[],
      ${column((entry) => json(entry.before))}::jsonb[], ${column((entry) => json(entry.after))}::jsonb[])
      with ordinality as entry(action, entity, entity_id, before, after, position)
    order by entry.position`;
}

/** What happened to one thing (an order's history), oldest first. */
export async function historyOf(db: Db | Tx, entity: string, entityId: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

/** Changes made outside a request: the start-up bootstrap, a command-line tool. */
export const systemActor = (name: string): Actor => ({ id: null, name, address: null });

export interface AuditFilter {
  /** The kind of thing changed (`product`, `category`, `order`, `user`, `import`, `restore`). */
  entity?: string;
  /** Who changed it (a user id; 0 for changes made by the shop itself or a command-line tool). */
  actorId?: number;
}

function auditWhere(filter: AuditFilter) {
  const conditions = [];
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.actorId !== undefined) {
    conditions.push(filter.actorId === 0 ? isNull(auditLog.actorId) : eq(auditLog.actorId, filter.actorId));
  }
  return and(...conditions);
}

/** An entry with the name of what it changed: the product's, category's or user's name now (a join by id), or as the entry kept it. */
export type NamedAuditRow = AuditRow & { name: string | null };

export async function listAudit(db: Db, filter: AuditFilter, limit: number, offset: number): Promise<NamedAuditRow[]> {
  const rows = await db
    .select({
      entry: auditLog,
      name: sql<string | null>`coalesce(${products.name}, ${categories.name}, ${users.name}, ${auditLog.after} ->> 'name', ${auditLog.before} ->> 'name')`,
    })
    .from(auditLog)
    .leftJoin(products, and(eq(auditLog.entity, 'product'), eq(products.id, auditLog.entityId)))
    .leftJoin(categories, and(eq(auditLog.entity, 'category'), eq(categories.id, auditLog.entityId)))
    .leftJoin(users, and(eq(auditLog.entity, 'user'), eq(users.id, auditLog.entityId)))
    .where(auditWhere(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row.entry, name: row.name }));
}

export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ value: count() }).from(auditLog).where(auditWhere(filter));
  return Number(row?.value ?? 0);
}

/** Everyone who changed something (their latest name), for the filter by person. */
export async function auditPeople(db: Db): Promise<{ actorId: number | null; name: string }[]> {
  return db
    .select({ actorId: auditLog.actorId, name: sql<string>`max(${auditLog.actorName})` })
    .from(auditLog)
    .groupBy(auditLog.actorId)
    .orderBy(sql`2`)
    .limit(500);
}

/** The whole log, newest first (by id: the order entries were written in), 1,000 at a time (CSV export). */
export async function* allAudit(db: Db, filter: AuditFilter): AsyncGenerator<AuditRow> {
  let before: number | null = null;
  for (;;) {
    const page: AuditRow[] = await db
      .select()
      .from(auditLog)
      .where(and(auditWhere(filter), before === null ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(1000);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < 1000) return;
    before = last.id;
  }
}
