import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../src/server/db/client.ts';
import { listProductIds, pageMarks } from '../../src/server/modules/product/repo.ts';
import { makeCategory } from '../factories.ts';
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

  it('plans a deep page of the product list once per connection, then reuses that plan', async () => {
    if (!t.url) {
      // The embedded engine has no named statements (each query is planned as it comes).
      expect(t.database.engine).toBe('pglite');
      return;
    }
    const category = await makeCategory(t.database.db, 'Plan once');
    // Enough products for the planner's estimates to matter (with a few hundred, any plan looks cheap).
    await t.database.db.execute(sql`
      insert into products (name, slug, description, price_cents, quantity, category_id, created_at, updated_at)
      select 'Planned ' || g, 'planned-' || g, 'A product.', 100 + g, 5, ${category.id}::int,
        timestamptz '2026-01-01' + g * interval '1 minute', timestamptz '2026-01-01'
      from generate_series(1, 20000) g`);
    await t.database.db.execute(sql`analyze products`);
    // One connection, so that the statement's plans are counted where they are made.
    const single = await openDatabase({ databaseUrl: t.url, poolMax: 1 });
    try {
      const marks = await pageMarks(single.db, {}, 'newest');
      // Page 8 (24 rows past the mark at 60) eight times: the same statement, planned with its values first.
      for (let round = 0; round < 8; round++) await listProductIds(single.db, {}, 12, 60 + 24, 'newest', marks);
      const [kept] = rowsOf<{ name: string; generic_plans: number; custom_plans: number }>(
        await single.db.execute(sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'product\_page\_newest\_12\_c0\_from\_to%'`),
      );
      // PostgreSQL tries five custom plans, then keeps the generic one (before the offset was written into
      // the text, every execution was planned again: custom_plans grew with every page).
      expect(kept?.custom_plans).toBeLessThanOrEqual(5);
      expect(kept?.generic_plans).toBeGreaterThanOrEqual(3);
    } finally {
      await single.close();
    }
  });
});
