import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

/**
 * An order's stock change is a HOT update of its products (decision record 0023): no index of products may
 * read quantity or updated_at (else every order adds an entry to every index, the GIN indexes' ~100 trigrams
 * included, and every few orders one of them merges a full pending list: the order's slow tail), and new
 * pages keep room for the updated rows.
 */
describe('stock moves: HOT updates of products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)) as unknown as { rows: T[] };

  it('no index of products reads its stock or its update time, and its pages keep a tenth free', async () => {
    const { rows: indexes } = await rows<{ name: string; definition: string }>(
      sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'products'::regclass order by 1`,
    );
    // The table has its indexes (the query reads them), and none names the columns an order changes.
    expect(indexes.map((index) => index.name)).toContain('products_listed_created_idx');
    expect(indexes.filter((index) => /\b(quantity|updated_at)\b/.test(index.definition))).toEqual([]);
    const { rows: options } = await rows<{ options: string[] | null }>(sql`select reloptions as options from pg_class where oid = 'products'::regclass`);
    expect(options[0]?.options).toContain('fillfactor=90');
  });
});
