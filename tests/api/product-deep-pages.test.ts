import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_PAGE_SIZE } from '../../src/contract/limits.ts';
import { makeCategory } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/**
 * Deep pages are read from the nearest page mark (repo.ts, pageMarks), or found in the list index
 * (list-index.ts): every page of every order must be the same slice of the list as the whole list read at
 * once (the unpaged answer, read from the start), ties included: many products share a creation time (to the
 * microsecond) and many share a price.
 */
describe.each(['off', 'on'])('deep pages (LIST_INDEX=%s)', (listIndex) => {
  let t: TestApp;
  let queries: string[] = [];
  let pots: { id: number };
  let pans: { id: number };
  const TOTAL = 730;
  const filters = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/product/product-filters', { body });
  const slugs = (products: { slug: string }[]) => products.map((product) => product.slug);

  beforeAll(async () => {
    t = await createTestApp({ CACHE_MAX_MB: '0', LIST_INDEX: listIndex }, { onQuery: (text) => queries.push(text) });
    pots = await makeCategory(t.database.db, 'Deep Pots');
    pans = await makeCategory(t.database.db, 'Deep Pans');
    // Three products per creation time (with microseconds), nine prices: ties everywhere.
    await t.database.db.execute(sql`
      insert into products (name, slug, description, price_cents, quantity, shipping, category_id, created_at, updated_at)
      select 'Deep product ' || g, 'deep-product-' || g, 'A product of a long list.', (g % 9) * 250, 5, false,
        case when g % 3 = 0 then ${pans.id}::int else ${pots.id}::int end,
        timestamptz '2026-01-01 00:00:00.123456+00' + ((g / 3) * interval '1.000001 seconds'),
        timestamptz '2026-01-01'
      from generate_series(1, ${TOTAL}) g`);
    // The set-up's own notice heard before the first list, so that it does not drop what the tests keep.
    await t.noticesSettled();
  });
  afterAll(() => t.close());

  /** Every page of a list, one request each, against the list read whole. */
  async function expectPagesMatch(body: Record<string, unknown>) {
    const whole = await filters(body);
    expect(whole.statusCode).toBe(200);
    const list = slugs(whole.json().products);
    expect(list.length).toBe(whole.json().total);
    const pages = Math.ceil(list.length / PRODUCT_PAGE_SIZE);
    for (let page = 1; page <= pages + 1; page++) {
      const res = await filters({ ...body, page });
      expect(slugs(res.json().products), `${JSON.stringify(body)} page ${page}`).toEqual(
        list.slice((page - 1) * PRODUCT_PAGE_SIZE, page * PRODUCT_PAGE_SIZE),
      );
    }
  }

  it('the newest list, page by page (product-list), is the whole list cut in pages, read from page marks or the index', async () => {
    const whole = slugs((await filters({ checked: [], radio: [] })).json().products);
    expect(whole).toHaveLength(TOTAL);
    queries = [];
    for (let page = 1; page <= Math.ceil(TOTAL / PRODUCT_PAGE_SIZE); page++) {
      const res = await call(t.app, 'GET', `/api/v1/product/product-list/${page}`);
      expect(slugs(res.json().products), `page ${page}`).toEqual(whole.slice((page - 1) * PRODUCT_PAGE_SIZE, page * PRODUCT_PAGE_SIZE));
    }
    // The marks are read once for all those pages (the catalogue did not change); the index reads no list at all.
    expect(queries.filter((text) => text.includes('row_number()'))).toHaveLength(listIndex === 'off' ? 1 : 0);
    if (listIndex === 'on') expect(queries.filter((text) => text.includes('order by'))).toEqual([]);
  });

  it('every order, with and without categories and a price band, ties included', async () => {
    for (const sort of ['newest', 'price-asc', 'price-desc']) {
      await expectPagesMatch({ checked: [], radio: [], sort });
      await expectPagesMatch({ checked: [String(pots.id)], radio: [], sort });
      await expectPagesMatch({ checked: [String(pots.id), String(pans.id)], radio: [0, 19], sort });
    }
  });

  it('after a change the marks are read again: pages still match the list', async () => {
    await t.database.db.execute(sql`delete from products where slug in ('deep-product-700', 'deep-product-5', 'deep-product-333')`);
    await t.database.db.execute(sql`update products set price_cents = 1000 where slug like 'deep-product-4%'`);
    await t.noticesSettled();
    await expectPagesMatch({ checked: [], radio: [], sort: 'price-asc' });
    await expectPagesMatch({ checked: [], radio: [] });
  });
});
