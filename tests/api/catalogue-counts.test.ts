import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_BANDS } from '../../src/domain/price-bands.ts';
import { products } from '../../src/server/db/schema.ts';
import { makeCategory, makeProduct } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/**
 * The totals of filtered lists come from counters kept by triggers (per category and price band), not
 * from counting rows: after every kind of write they must equal what counting the rows gives.
 */
describe('catalogue counts kept by the database', () => {
  let t: TestApp;
  let categories: number[];

  beforeAll(async () => {
    t = await createTestApp();
    categories = [];
    for (const name of ['Counted A', 'Counted B', 'Counted C']) categories.push((await makeCategory(t.database.db, name)).id);
  });
  afterAll(() => t.close());

  async function filterTotal(checked: number[], radio: number[]): Promise<number> {
    const res = await call(t.app, 'POST', '/api/v1/product/product-filters', {
      body: { checked: checked.map(String), radio, page: 1 },
    });
    expect(res.statusCode).toBe(200);
    return res.json().total;
  }

  /**
   * Every combination the web app can ask for, against a plain count of the rows. The rows were changed
   * with SQL, behind the app: first the app hears of it, as the shop promises (within a second).
   */
  async function expectCountsRight(): Promise<void> {
    await t.noticesSettled();
    const db = t.database.db;
    const truth = async (ids: number[], band: readonly [number, number] | null) => {
      const conditions = [inArray(products.categoryId, ids)];
      if (band) {
        const min = band[0] * 100;
        conditions.push(sql`${products.priceCents} >= ${min}`);
        if (band[1] < 9999) conditions.push(sql`${products.priceCents} < ${(band[1] + 1) * 100}`);
      }
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(sql.join(conditions, sql` and `));
      return Number(row?.n ?? 0);
    };
    const sets = [[categories[0] as number], [categories[1] as number, categories[2] as number], categories];
    for (const ids of sets) {
      expect(await filterTotal(ids, []), `categories ${ids}`).toBe(await truth(ids, null));
      for (const band of PRICE_BANDS) {
        expect(await filterTotal(ids, band.array), `categories ${ids} band ${band.label}`).toBe(await truth(ids, band.array));
      }
    }
    const page = await call(t.app, 'GET', `/api/v1/product/product-category/counted-a?page=1`);
    expect(page.json().total).toBe(await truth([categories[0] as number], null));
  }

  it('stay right through inserts, price and category moves, stock changes, deletes and bulk statements', async () => {
    const db = t.database.db;
    const [a, b, c] = categories as [number, number, number];
    const made = [];
    for (const [categoryId, price] of [[a, 5], [a, 19.99], [a, 20], [b, 45], [b, 99.99], [c, 100], [c, 5000], [a, 0]] as const) {
      made.push(await makeProduct(db, { categoryId, price }));
    }
    await expectCountsRight();
    await db.update(products).set({ priceCents: 6500 }).where(eq(products.id, made[0]?.id ?? 0)); // band 0 → 3
    await db.update(products).set({ categoryId: c }).where(eq(products.id, made[3]?.id ?? 0)); // b → c
    await db.update(products).set({ quantity: 0 }); // every row, no move
    await expectCountsRight();
    await db.delete(products).where(eq(products.id, made[5]?.id ?? 0));
    await db.update(products).set({ priceCents: sql`${products.priceCents} + 1500` }).where(eq(products.categoryId, a)); // bulk move
    await expectCountsRight();
    await db.delete(products).where(eq(products.categoryId, b));
    await expectCountsRight();
    // An arbitrary range (not one of the shop's bands) is counted from the rows: still right.
    expect(await filterTotal(categories, [1, 30])).toBe(
      (await db.select({ n: sql<number>`count(*)::int` }).from(products).where(sql`${products.priceCents} >= 100 and ${products.priceCents} < 3100`))[0]?.n,
    );
  });
});
