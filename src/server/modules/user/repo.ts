import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ADMIN_ROLE } from '../../../contract/user.ts';
import { orders, users } from '../../db/schema.ts';
import { type Actor, recordChange } from '../audit/service.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The account with this e-mail (never a guest buyer's row: they cannot sign in). */
const accountWithEmail = (email: string) => and(eq(users.email, email), eq(users.guest, false));

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(accountWithEmail(email));
  return row;
}

/** The account with this e-mail, locked until the transaction ends. */
export async function lockUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(accountWithEmail(email)).for('update');
  return row;
}

/** The guest buyer of an e-mail (docs/decisions/0019-guest-checkout.md), locked when `lock`. */
export async function findGuestByEmail(db: Db | Tx, email: string, lock = false): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(and(eq(users.email, email), eq(users.guest, true)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The guest buyer of an e-mail with the details of its latest checkout: made on its first order, updated
 * on the next (one statement, so two checkouts at once make one row). No password: it never signs in.
 */
export async function upsertGuest(db: Db | Tx, email: string, details: { name: string; phone: string; address: string }): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...details, email, guest: true, passwordHash: '', answerHash: '' })
    .onConflictDoUpdate({ target: users.email, targetWhere: sql`${users.guest}`, set: { ...details, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('guest upsert returned nothing');
  return row;
}

/** The guest's orders join the account (one statement), and the guest row goes: the number of orders moved. */
export async function mergeGuestInto(tx: Tx, guestId: number, accountId: number): Promise<number> {
  const moved = await tx.update(orders).set({ buyerId: accountId, updatedAt: new Date() }).where(eq(orders.buyerId, guestId)).returning({ id: orders.id });
  await tx.delete(users).where(and(eq(users.id, guestId), eq(users.guest, true)));
  return moved.length;
}

export async function insertUser(db: Db | Tx, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(
  db: Db | Tx,
  id: number,
  changes: { [K in keyof NewUser]?: NewUser[K] | SQL },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Set a new password and raise the session version: every token issued before is no longer valid. */
export async function changePassword(
  db: Db | Tx,
  id: number,
  passwordHash: string,
  changes: Partial<NewUser> = {},
): Promise<UserRow | undefined> {
  return updateUser(db, id, { ...changes, passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` });
}

/** What else a change of role sets (a promotion: a new security answer, and the end of every session). */
export interface RoleChangeEffects {
  answerHash?: string;
  endSessions?: boolean;
}

/**
 * Set an account's role, recorded in the audit log with the role before and after; when the role really
 * changes, `effects` are set in the same statement.
 */
export async function setRoleByEmail(
  db: Db,
  email: string,
  role: number,
  actor: Actor,
  effects: RoleChangeEffects,
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ role: users.role }).from(users).where(accountWithEmail(email)).for('update');
    const changed = before !== undefined && before.role !== role;
    const [row] = await tx
      .update(users)
      .set({
        role,
        updatedAt: new Date(),
        ...(changed && effects.answerHash ? { answerHash: effects.answerHash } : {}),
        ...(changed && effects.endSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      })
      .where(accountWithEmail(email))
      .returning();
    if (row && before && before.role !== role) {
      await recordChange(tx, actor, {
        action: 'user.role',
        entity: 'user',
        entityId: row.id,
        before: { email: row.email, role: before.role },
        after: { email: row.email, role },
      });
    }
    return row;
  });
}

export async function listUsers(db: Db, limit: number, offset: number): Promise<UserRow[]> {
  // Guest buyers are not accounts: their orders show in the orders lists, under their name.
  return db.select().from(users).where(eq(users.guest, false)).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset);
}

/**
 * Each customer's orders and what they came to (orders not cancelled, less refunds, in cents): one grouped
 * query over the buyers' index for a page of users.
 */
export async function orderTotalsOf(db: Db, userIds: number[]): Promise<Map<number, { orders: number; spentCents: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      buyerId: orders.buyerId,
      orders: sql<number>`count(*)::int`,
      spentCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedMinor}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`,
    })
    .from(orders)
    .where(sql`${orders.buyerId} in ${userIds}`)
    .groupBy(orders.buyerId);
  return new Map(rows.map((row) => [row.buyerId, { orders: Number(row.orders), spentCents: Number(row.spentCents) }]));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.guest, false));
  return Number(row?.value ?? 0);
}

/** The e-mail of the first administrator, if there is one (said once at start, so the owner knows who signs in). */
export async function firstAdminEmail(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.role, ADMIN_ROLE)).orderBy(users.id).limit(1);
  return row?.email;
}
