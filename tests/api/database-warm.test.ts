import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { makeCategory, makeProduct } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

describe('the database connections, readied at start (Database.warm)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const categoryId = (await makeCategory(t.database.db, 'Shelf')).id;
    await makeProduct(t.database.db, { categoryId, name: 'Jar', price: 4 });
    await t.noticesSettled();
  });
  afterAll(() => t.close());

  const connectionsTo = async (database: string) =>
    Number(((await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = ${database} and backend_type = 'client backend'`)) as unknown as { rows: { n: number }[] }).rows[0]?.n);

  it('opens every connection of the pool, changing nothing and telling no process', async () => {
    const list = '/api/v1/product/product-list/1';
    await call(t.app, 'GET', list);
    const before = await snapshotDatabase(t.database.db);
    const generation = t.app.answerCache.generation;
    const stockChanges = t.app.answerCache.stockChanges;
    if (t.url) {
      const name = new URL(t.url).pathname.slice(1);
      const opened = await connectionsTo(name);
      const other = await openDatabase({ databaseUrl: t.url, poolMax: 3 });
      try {
        await other.warm();
        expect(await connectionsTo(name)).toBe(opened + 3);
        // Used as they are: no new connection.
        await other.ping();
        expect(await connectionsTo(name)).toBe(opened + 3);
      } finally {
        await other.close();
      }
    } else {
      // The embedded database: one connection, readied by its first use.
      await t.database.warm();
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
    await t.noticesSettled();
    expect(t.app.answerCache.generation).toBe(generation);
    expect(t.app.answerCache.stockChanges).toBe(stockChanges);
    const hits = t.app.answerCache.hits;
    await call(t.app, 'GET', list);
    expect(t.app.answerCache.hits).toBe(hits + 1);
  });
});
