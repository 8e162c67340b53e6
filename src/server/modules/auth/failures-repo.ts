import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authFailures } from '../../db/schema.ts';

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
  const expired = sql`${authFailures.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(authFailures)
    .values({ key, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${authFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${authFailures.windowStartedAt} end`,
      },
    })
    .returning({ attempts: authFailures.failures, windowStartedAt: authFailures.windowStartedAt });
  if (!row) throw new Error('attempt count returned nothing');
  return row;
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, key));
}

/** Forget the windows that are over (run now and then, so the table does not grow without bound). */
export async function pruneFailures(db: Db, windowSeconds: number): Promise<number> {
  const rows = await db
    .delete(authFailures)
    .where(lt(authFailures.windowStartedAt, sql`now() - make_interval(secs => ${windowSeconds})`))
    .returning({ key: authFailures.key });
  return rows.length;
}
