import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_PAGE_SIZE } from '../../src/contract/limits.ts';
import {
  getProductResponse,
  getProductsResponse,
  productCategoryResponse,
  productFiltersResponse,
  productListResponse,
  relatedResponse,
  searchResponse,
} from '../../src/contract/product.ts';
import { serializerCompiler } from '../../src/server/plugins/serializer.ts';
import { makeCategory } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/** What every answer's serializer writes for these values: the bytes an unpaged answer had before fragments. */
const writerOf = (schema: unknown) => serializerCompiler({ schema, method: 'GET', url: '', httpStatus: '200' });
const writeFilters = writerOf(productFiltersResponse);
const writeSearch = writerOf(searchResponse);
const writeList = writerOf(productListResponse);
const writeProducts = writerOf(getProductsResponse);
const writeCategory = writerOf(productCategoryResponse);
const writeProduct = writerOf(getProductResponse);
const writeRelated = writerOf(relatedResponse);

/**
 * Unpaged answers (product-filters and search without a page) are built from each product's kept JSON: the
 * same bytes as the answer's serializer writes, the same products as the pages, fresh after a change.
 */
describe('unpaged answers from kept product fragments', () => {
  let t: TestApp;
  let queries: string[] = [];
  let lamps: { id: number; slug: string };
  const filters = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/product/product-filters', { body });
  const search = (word: string, page?: number) =>
    call(t.app, 'GET', `/api/v1/product/search/${word}${page ? `?page=${page}` : ''}`);
  const rowReads = () => queries.filter((text) => text.includes('"description"'));

  beforeAll(async () => {
    t = await createTestApp({ CACHE_MAX_MB: '0' }, { onQuery: (text) => queries.push(text) });
    lamps = await makeCategory(t.database.db, 'Fragment "Lamps" – ünï');
    const shades = await makeCategory(t.database.db, 'Fragment Shades');
    // Names and descriptions that JSON must escape, prices with cents, a "from" price, both categories.
    await t.database.db.execute(sql`
      insert into products (name, slug, description, price_cents, price_max_cents, quantity, shipping, category_id, created_at, updated_at)
      select 'Lamp "' || g || '" \\ ünïcödé ' || chr(8232), 'fragment-lamp-' || g, 'Line one' || chr(10) || 'tab' || chr(9) || '<b>' || g,
        g * 137 % 9000, case when g % 4 = 0 then g * 137 % 9000 + 500 end, g % 7, g % 2 = 0,
        case when g % 3 = 0 then ${shades.id}::int else ${lamps.id}::int end,
        timestamptz '2026-02-01' + (g * interval '1 minute'), timestamptz '2026-02-02 10:00:00.5+00'
      from generate_series(1, 150) g`);
    // The set-up's own notice heard before the first answer, so that it drops nothing kept by the tests.
    await t.noticesSettled();
  });
  afterAll(() => t.close());

  it('product-filters without a page: the bytes the serializer writes, the products the pages hold, then no product rows read', async () => {
    for (const body of [
      { checked: [], radio: [] },
      { checked: [String(lamps.id)], radio: [0, 19], sort: 'price-asc' },
      { checked: [], radio: [], facets: true, sort: 'price-desc' },
    ]) {
      const whole = await filters(body);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('application/json; charset=utf-8');
      const answer = whole.json();
      expect(whole.body).toBe(writeFilters(answer));
      expect(answer.products.length).toBe(answer.total);
      const paged = [];
      for (let page = 1; page <= Math.ceil(answer.total / PRODUCT_PAGE_SIZE); page++) paged.push(...(await filters({ ...body, page })).json().products);
      expect(answer.products).toEqual(paged);
      queries = [];
      expect((await filters(body)).body).toBe(whole.body);
      expect(rowReads(), JSON.stringify(body)).toEqual([]);
    }
  });

  it('search without a page: the bytes the serializer writes, in the pages\' order, the total in its header', async () => {
    for (const word of ['lamp', 'ünïcödé', 'zzyzx']) {
      const whole = await search(encodeURIComponent(word));
      expect(whole.statusCode).toBe(200);
      const answer = whole.json();
      expect(whole.body).toBe(writeSearch(answer));
      expect(String(answer.length)).toBe(whole.headers['x-total-count']);
      const paged = [];
      for (let page = 1; page <= Math.ceil(answer.length / PRODUCT_PAGE_SIZE); page++) paged.push(...(await search(encodeURIComponent(word), page)).json());
      expect(answer).toEqual(paged);
    }
  });

  it('pages too: the bytes the serializer writes, then no product rows read', async () => {
    const pages = [
      () => call(t.app, 'GET', '/api/v1/product/product-list/2'),
      () => filters({ checked: [String(lamps.id)], radio: [], page: 3 }),
      () => search('lamp', 2),
      () => call(t.app, 'GET', '/api/v1/product/get-product?page=2'),
      () => call(t.app, "GET", `/api/v1/product/product-category/${encodeURIComponent(lamps.slug)}?page=2`),
    ];
    const writers = [writeList, writeFilters, writeSearch, writeProducts, writeCategory];
    for (const [index, ask] of pages.entries()) {
      const first = await ask();
      expect(first.statusCode, `${index} ${first.body}`).toBe(200);
      expect(first.body).toBe(writers[index]?.(first.json()));
      const products = Array.isArray(first.json()) ? first.json() : first.json().products;
      expect(products).toHaveLength(PRODUCT_PAGE_SIZE);
      queries = [];
      expect((await ask()).body).toBe(first.body);
      expect(rowReads(), String(index)).toEqual([]);
    }
  });

  it('a product page and its related products: the bytes the serializer writes, then no product rows read', async () => {
    const product = (await call(t.app, 'GET', '/api/v1/product/get-product/fragment-lamp-149')).json().product;
    const asks = [
      () => call(t.app, 'GET', '/api/v1/product/get-product/fragment-lamp-149'),
      () => call(t.app, 'GET', `/api/v1/product/related-product/${product._id}/${product.category._id}`),
    ];
    const writers = [writeProduct, writeRelated];
    for (const [index, ask] of asks.entries()) {
      const first = await ask();
      expect(first.statusCode, `${index} ${first.body}`).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.body).toBe(writers[index]?.(first.json()));
      queries = [];
      expect((await ask()).body).toBe(first.body);
      expect(rowReads(), String(index)).toEqual([]);
    }
    expect(product.name).toBe('Lamp "149" \\ ünïcödé \u2028');
    const related = (await asks[1]?.())?.json().products as { _id: string; category: { _id: string } }[];
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((other) => other._id !== product._id && other.category._id === product.category._id)).toBe(true);
  });

  it('a change reaches the kept fragments (here and behind the app)', async () => {
    const before = (await filters({ checked: [], radio: [] })).json().products;
    await t.database.db.execute(sql`update products set name = 'Renamed lamp' where slug = 'fragment-lamp-150'`);
    await t.database.db.execute(sql`update categories set name = 'Renamed shades' where slug = 'fragment-shades'`);
    await t.noticesSettled();
    const whole = await filters({ checked: [], radio: [] });
    const after = whole.json().products;
    expect(whole.body).toBe(writeFilters(whole.json()));
    expect(after.find((product: { slug: string }) => product.slug === 'fragment-lamp-150').name).toBe('Renamed lamp');
    expect(after.find((product: { slug: string }) => product.slug === 'fragment-lamp-3').category.name).toBe('Renamed shades');
    expect(after).not.toEqual(before);
  });
});
