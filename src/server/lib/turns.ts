import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';

/**
 * Takes this process's turn at a periodic job shared by every process on one database (scheduled backups,
 * payment checks): true when the job's last run, kept under `key` in app_settings, is older than
 * `minimumMs`; the same statement records this run, so two processes never both get the turn.
 */
export async function claimTurn(db: Db, key: string, minimumMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into app_settings (key, value) values (${key}, ${new Date().toISOString()})
    on conflict (key) do update set value = excluded.value
    where app_settings.value::timestamptz < now() - ${`${Math.round(minimumMs)} milliseconds`}::interval
    returning key`);
  return rowsOf(result).length > 0;
}
