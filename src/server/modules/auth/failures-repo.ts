import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authFailures } from '../../db/schema.ts';

export interface FailureWindow {
  failures: number;
  windowStartedAt: Date;
}

export async function readFailures(db: Db, key: string): Promise<FailureWindow | undefined> {
  const [row] = await db
    .select({ failures: authFailures.failures, windowStartedAt: authFailures.windowStartedAt })
    .from(authFailures)
    .where(eq(authFailures.key, key));
  return row;
}

/** Count one failure, starting a new window when the old one is over. */
export async function recordFailure(db: Db, key: string, windowSeconds: number): Promise<void> {
  await db
    .insert(authFailures)
    .values({ key, failures: 1, windowStartedAt: new Date() })
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        failures: sql`case when ${authFailures.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${authFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${authFailures.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) then now() else ${authFailures.windowStartedAt} end`,
      },
    });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, key));
}
