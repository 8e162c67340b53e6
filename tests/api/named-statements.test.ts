import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client.ts';
import { executeNamed } from '../../src/server/lib/prepared.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

/**
 * An order's longer raw statements run as named statements (lib/prepared.ts executeNamed): PostgreSQL parses
 * each once per connection and keeps its plan. The embedded engine has no named statements: the same
 * answers, unnamed.
 */
describe('named statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers as db.execute does, and on PostgreSQL the connection keeps the statement, once per text', async () => {
    await t.database.db.transaction(async (tx) => {
      const first = rowsOf<{ n: number }>(await executeNamed(tx, sql`select ${5}::int + 1 as n, 'named-test' as tag`));
      const again = rowsOf<{ n: number }>(await executeNamed(tx, sql`select ${41}::int + 1 as n, 'named-test' as tag`));
      expect([first, again]).toEqual([[{ n: 6, tag: 'named-test' }], [{ n: 42, tag: 'named-test' }]]);
      const kept = rowsOf<{ name: string }>(
        await tx.execute(sql`select name from pg_prepared_statements where statement like '%as n, ''named-test'' as tag%' and name like 'n\\_%'`),
      );
      expect(kept.length).toBe(t.database.engine === 'postgres' ? 1 : 0);
    });
  });
});
