import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authFailures, signInAddresses } from '../../db/schema.ts';

export interface AttemptWindow {
  /** Attempts counted in the current window, this one included. */
  attempts: number;
  windowStartedAt: Date;
}

/**
 * Count one attempt for `key` and answer the count, in one statement: concurrent attempts each get
 * their own number, so no more than the limit ever get past the check. A window that is over starts
 * again at 1. A successful attempt clears the count.
 */
export async function countAttempt(db: Db, key: string, windowSeconds: number): Promise<AttemptWindow> {
  const [row] = await countAttempts(db, [key], windowSeconds);
  if (!row) throw new Error('attempt count returned nothing');
  return row;
}

/** countAttempt for several keys in one statement (keys in a fixed order, so two callers never deadlock). */
export async function countAttempts(db: Db, keys: string[], windowSeconds: number): Promise<AttemptWindow[]> {
  if (keys.length === 0) return [];
  const expired = sql`${authFailures.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})`;
  return db
    .insert(authFailures)
    .values([...new Set(keys)].sort().map((key) => ({ key, failures: 1, windowStartedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${authFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${authFailures.windowStartedAt} end`,
      },
    })
    .returning({ attempts: authFailures.failures, windowStartedAt: authFailures.windowStartedAt });
}

/** The failures counted under `keys` in their current windows (a key without one, or whose window is over, is left out). */
export async function readAttempts(db: Db, keys: string[], windowSeconds: number): Promise<AttemptWindow[]> {
  if (keys.length === 0) return [];
  return db
    .select({ attempts: authFailures.failures, windowStartedAt: authFailures.windowStartedAt })
    .from(authFailures)
    .where(and(inArray(authFailures.key, keys), sql`${authFailures.windowStartedAt} >= now() - make_interval(secs => ${windowSeconds})`));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, key));
}

/** A new password: the account's failed sign-ins are forgotten, from every address. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db
    .delete(authFailures)
    .where(or(eq(authFailures.key, `login:${email}`), sql`starts_with(${authFailures.key}, ${`login:${email}|`})`));
}

/** Take back one counted attempt (it succeeded): the window keeps counting failures only. */
export async function uncountAttempt(db: Db, ...keys: string[]): Promise<void> {
  await db
    .update(authFailures)
    .set({ failures: sql`greatest(${authFailures.failures} - 1, 0)` })
    .where(inArray(authFailures.key, keys));
}

/** Remember that the account signed in from this address (now). */
export async function rememberSignInAddress(db: Db, userId: number, address: string): Promise<void> {
  await db
    .insert(signInAddresses)
    .values({ userId, address, lastAt: sql`now()` })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.address], set: { lastAt: sql`now()` } });
}

/** Whether the account signed in from this address within the last `seconds`. */
export async function signedInFrom(db: Db, userId: number, address: string, seconds: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: signInAddresses.userId })
    .from(signInAddresses)
    .where(
      and(
        eq(signInAddresses.userId, userId),
        eq(signInAddresses.address, address),
        gt(signInAddresses.lastAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    );
  return row !== undefined;
}

/** Forget sign-in addresses not used for `seconds`. */
export async function pruneSignInAddresses(db: Db, seconds: number): Promise<number> {
  const rows = await db
    .delete(signInAddresses)
    .where(lt(signInAddresses.lastAt, sql`now() - make_interval(secs => ${seconds})`))
    .returning({ userId: signInAddresses.userId });
  return rows.length;
}

/**
 * Forget the windows that are over (run now and then, so the table does not grow without bound); keys of
 * the longest window decide, so give the longest.
 */
export async function pruneFailures(db: Db, windowSeconds: number): Promise<number> {
  const rows = await db
    .delete(authFailures)
    .where(lt(authFailures.windowStartedAt, sql`now() - make_interval(secs => ${windowSeconds})`))
    .returning({ key: authFailures.key });
  return rows.length;
}
