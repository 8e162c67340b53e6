import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeCategory, makeProduct } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';
import { createProductService, noDerived, type Derived } from '../../src/server/modules/product/service.ts';
import { listIndexRows } from '../../src/server/modules/product/repo.ts';
import { ListIndex } from '../../src/server/modules/product/list-index.ts';
import { AnswerCache, type KeptIndex } from '../../src/server/plugins/answer-cache/store.ts';
import { PRODUCT_SORT_IDS } from '../../src/domain/product-sort.ts';
import { PRICE_BANDS } from '../../src/domain/price-bands.ts';

/**
 * The list index kept in memory (decision record 0025) answers every list exactly as the queries do: the
 * same windows and totals, for every order, any set of categories (none, one, several, repeated, unknown),
 * every band of the shop and other price ranges (cut inside its slots, fractional, empty), unpaged, by page,
 * deep and past the end; ties of creation time and of price included; and it follows the catalogue's changes.
 */
describe('list index: the same lists as the queries', () => {
  let t: TestApp;
  let index: ListIndex;
  let categoryIds: number[];
  const TOTAL = 420;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    categoryIds = [];
    for (const name of ['Pots', 'Pans', 'Knives', 'Empty']) categoryIds.push((await makeCategory(db, name)).id);
    const [pots, pans, knives] = categoryIds as [number, number, number];
    // Three products per creation time, prices on and around the slots' cuts (19.99, 20.00, 100.00…), many
    // alike; every seventh a draft.
    await db.execute(sql`
      insert into products (name, slug, description, price_cents, quantity, shipping, category_id, draft, created_at, updated_at)
      select 'Listed ' || g, 'listed-' || g, 'A product of the list.',
        case g % 5 when 0 then (g % 13) * 1000 when 1 then greatest(0, (g % 13) * 1000 - 1) when 2 then 2000 else (g * 37 % 130) * 100 + g % 3 end,
        5, false,
        case g % 4 when 0 then ${pots}::int when 1 then ${pans}::int else ${knives}::int end,
        g % 7 = 0,
        timestamptz '2026-01-01 00:00:00.123456+00' + ((g / 3) * interval '1.000001 seconds'),
        timestamptz '2026-01-01'
      from generate_series(1, ${TOTAL}) g`);
    // Read 50 at a time, so that the reads go on from where the one before stopped.
    index = await ListIndex.build((after) => listIndexRows(db, after, 50), 50);
  });
  afterAll(() => t.close());

  it('holds every listed product and no draft', () => {
    expect(index.size).toBe(TOTAL - Math.floor(TOTAL / 7));
  });

  it('stops reading once the catalogue changed under it', async () => {
    let reads = 0;
    let changed = false;
    const build = ListIndex.build(
      async (after) => {
        reads += 1;
        changed = true;
        return listIndexRows(t.database.db, after, 50);
      },
      50,
      () => changed,
    );
    await expect(build).rejects.toThrow('the catalogue changed while the list index was read');
    expect(reads).toBe(1);
  });

  it('answers every list, order, band and page as the queries do', async () => {
    const kept: Derived = Object.assign(<T>(_key: string, compute: () => Promise<T>) => compute(), {
      many: noDerived.many,
      index: <T>(_key: string, _build: (stale: () => boolean) => Promise<T>): KeptIndex<T> => {
        const value = index as unknown as T;
        return { value, building: Promise.resolve(value) };
      },
    });
    const byQueries = createProductService(t.database.db, noDerived, { listIndex: false });
    const byIndex = createProductService(t.database.db, kept, { listIndex: true });
    const [pots, pans, knives, empty] = categoryIds as [number, number, number, number];
    const categorySets = [[], [pots], [pans, knives], [pots, pans, knives], [knives, knives], [empty], [pots, 999_999]];
    const bands = [[], ...PRICE_BANDS.map((band) => band.array), [10, 50], [19.99, 20], [0, 0], [5, 9999], [45, 45], [100, 100], [130, 120]];
    let compared = 0;
    let found = 0;
    for (const sort of PRODUCT_SORT_IDS) {
      for (const categories of categorySets) {
        for (const band of bands) {
          const whole = await byQueries.filter(categories, band, undefined, { sort });
          for (const page of [undefined, 1, 2, 7, Math.max(1, Math.ceil(whole.total / 12)), Math.ceil(whole.total / 12) + 1]) {
            const expected = page === undefined ? whole : await byQueries.filter(categories, band, page, { sort });
            const actual = await byIndex.filter(categories, band, page, { sort });
            expect({ sort, categories, band, page, ...actual }).toEqual({ sort, categories, band, page, ...expected });
            compared += 1;
          }
          found += whole.total;
        }
      }
    }
    // The lists are not empty ones: hundreds of products compared in each order.
    expect(compared).toBe(PRODUCT_SORT_IDS.length * categorySets.length * bands.length * 6);
    expect(found).toBeGreaterThan(10_000);
    // The newest list's pages and its count.
    for (const page of [1, 2, 30]) expect(await byIndex.page(page)).toEqual(await byQueries.page(page));
    expect(await byIndex.count()).toBe(await byQueries.count());
    expect(await byIndex.inCategory(pots, undefined)).toEqual(await byQueries.inCategory(pots, undefined));
  });

  it("keeps every listed product's JSON in the background once the index is built, from `fillFragmentsFrom` products on", async () => {
    const db = t.database.db;
    const keys = index.newestIds(TOTAL);
    const kept = async (cache: AnswerCache) => (await cache.derivedMany(keys, async () => new Map(), () => 0)).filter((value) => value !== undefined).length;
    const filling = new AnswerCache(0);
    const notFilling = new AnswerCache(0);
    // The first list builds the index (a small catalogue waits for it); the fill follows in the background.
    expect((await createProductService(db, filling.derivedView, { fillFragmentsFrom: index.size }).page(1)).total).toBe(index.size);
    expect((await createProductService(db, notFilling.derivedView, { fillFragmentsFrom: index.size + 1 }).page(1)).total).toBe(index.size);
    await vi.waitFor(async () => expect(await kept(filling)).toBe(index.size), { timeout: 10_000, interval: 20 });
    expect(await kept(notFilling)).toBe(0);
  });

  it('follows the catalogue: a product added, moved, repriced, hidden or deleted is listed as it is now', async () => {
    const app = await createTestApp({ CACHE_MAX_MB: '0' });
    try {
      const db = app.database.db;
      const lamps = await makeCategory(db, 'Lamps');
      const rugs = await makeCategory(db, 'Rugs');
      await makeProduct(db, { categoryId: lamps.id, name: 'Brass Lamp', price: 30, createdAt: new Date('2026-01-01') });
      await makeProduct(db, { categoryId: lamps.id, name: 'Paper Lamp', price: 10, createdAt: new Date('2026-01-02') });
      const names = async (checked: number[], radio: number[] = [], sort = 'newest') =>
        ((await call(app.app, 'POST', '/api/v1/product/product-filters', { body: { checked: checked.map(String), radio, sort } })).json() as { products: { name: string }[] }).products.map(
          (product) => product.name,
        );
      expect(await names([lamps.id])).toEqual(['Paper Lamp', 'Brass Lamp']);
      await makeProduct(db, { categoryId: lamps.id, name: 'Glass Lamp', price: 50, createdAt: new Date('2026-01-03') });
      await app.noticesSettled();
      expect(await names([lamps.id], [], 'price-desc')).toEqual(['Glass Lamp', 'Brass Lamp', 'Paper Lamp']);
      await db.execute(sql`update products set category_id = ${rugs.id} where name = 'Glass Lamp'`);
      await app.noticesSettled();
      expect(await names([rugs.id])).toEqual(['Glass Lamp']);
      expect(await names([lamps.id])).toEqual(['Paper Lamp', 'Brass Lamp']);
      await db.execute(sql`update products set price_cents = 2500 where name = 'Paper Lamp'`);
      await app.noticesSettled();
      expect(await names([lamps.id], [20, 39])).toEqual(['Paper Lamp', 'Brass Lamp']);
      await db.execute(sql`update products set draft = true where name = 'Brass Lamp'`);
      await app.noticesSettled();
      expect(await names([lamps.id])).toEqual(['Paper Lamp']);
      await db.execute(sql`delete from products where name = 'Paper Lamp'`);
      await app.noticesSettled();
      expect(await names([lamps.id])).toEqual([]);
      expect((await call(app.app, 'GET', '/api/v1/product/product-count')).json()).toEqual({ success: true, total: 1 });
    } finally {
      await app.close();
    }
  });
});
