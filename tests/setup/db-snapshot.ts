import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { RESET_MAIL_DELAY_SECONDS } from '../../src/server/modules/mail/mailer.ts';

/**
 * A fingerprint of every table (row count and a hash of all rows): equal fingerprints before and after
 * a request mean it changed nothing.
 */
export async function snapshotDatabase(db: Db): Promise<Record<string, string>> {
  await outboxSettled(db);
  // Both drivers (node-postgres and PGlite) answer `{ rows }`.
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number; h: string }>(
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(name)} t`,
    );
    snapshot[name] = `${row?.n}:${row?.h}`;
  }
  return snapshot;
}

/**
 * Wait until the outbox worker has handled every mail written so far (it runs in the background): a
 * snapshot then compares what requests did, not how far the worker had got. Mails due within the next
 * RESET_MAIL_DELAY_SECONDS count as written (a reset mail waits that long); retries due later do not.
 */
export async function outboxSettled(db: Db, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const result = (await db.execute(
      sql`select count(*)::int as n from mail_outbox where status in ('pending', 'sending') and next_attempt_at <= now() + make_interval(secs => ${RESET_MAIL_DELAY_SECONDS})`,
    )) as unknown as { rows: { n: number }[] };
    if ((result.rows[0]?.n ?? 0) === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error('the mail outbox did not settle');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A snapshot without the counts of failed attempts (`auth_failures`): a discount code that does not exist is
 * a failed guess, counted per client like a wrong password (src/server/modules/discount/guesses.ts), and is
 * the one thing a refused request leaves behind.
 */
export function withoutFailedAttempts({ auth_failures: _failures, ...rest }: Record<string, string>): Record<string, string> {
  return rest;
}
