import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../../src/server/db/client.ts';
import { adminQuery, databaseUrl } from '../setup/postgres-template.ts';
import { randomBytes } from 'node:crypto';

/** A copy of the migrations folder that stops before the migration tagged `stopBefore`. */
function migrationsUpTo(stopBefore: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag.startsWith(stopBefore));
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('migrations', () => {
  it('rename the order statuses stored with the wire spellings to the clean names', async () => {
    const engine = process.env.TEST_DB_ENGINE;
    const name = `emporium_migration_${randomBytes(4).toString('hex')}`;
    let url: string | undefined;
    if (engine === 'postgres') {
      await adminQuery(`create database ${name}`);
      url = databaseUrl(process.env.TEST_DATABASE_URL ?? '', name);
    }
    const database = await openDatabase(url ? { databaseUrl: url, poolMax: 2 } : { dataDir: 'memory://' });
    const before = migrationsUpTo('0005');
    try {
      const { migrate } = await (url ? import('drizzle-orm/node-postgres/migrator') : import('drizzle-orm/pglite/migrator'));
      await migrate(database.db as never, { migrationsFolder: before });
      await database.db.execute(sql`insert into users (name, email, password_hash, answer_hash, phone, address) values ('A', 'a@example.com', 'x', 'y', '', '')`);
      const old = ['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel'];
      for (const status of old) {
        await database.db.execute(sql`insert into orders (buyer_id, status, total_cents) select id, ${status}, 100 from users`);
      }
      await database.migrate();
      const result = (await database.db.execute(sql`select status from orders order by id`)) as unknown as { rows: { status: string }[] };
      expect(result.rows.map((row) => row.status)).toEqual(['not_processed', 'processing', 'shipped', 'delivered', 'cancelled']);
      await expect(database.db.execute(sql`update orders set status = 'deliverd'`)).rejects.toThrow();
    } finally {
      rmSync(before, { recursive: true, force: true });
      await database.close();
      if (url) await adminQuery(`drop database if exists ${name} with (force)`);
    }
  });
});
