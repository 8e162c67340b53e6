import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/server/db/schema.ts';
import { AnswerCache } from '../../src/server/plugins/answer-cache.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, pngImage } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

describe('catalogue answers: cached, revalidated, compressed, and fresh after every change', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;
  let kettle: { id: number; slug: string };
  const queries: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { onQuery: (text) => queries.push(text) });
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db, 'Kitchen')).id;
    for (let n = 0; n < 14; n++) await makeProduct(t.database.db, { categoryId, name: `Cup ${n}`, price: 5 });
    kettle = await makeProduct(t.database.db, { categoryId, name: 'Kettle', price: 20, photo: await pngImage() });
    // The database tells of these writes at their commit, a moment later: let those messages arrive first.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string> = {}) => call(t.app, 'GET', '/api/v1/product/product-list/1', { headers });
  const productQueries = () => queries.filter((text) => /from "products"/.test(text)).length;

  it('answers a repeated read from memory, with an ETag that a browser revalidates (304)', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    queries.length = 0;
    const again = await list();
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(productQueries()).toBe(0);
    const revalidated = await list({ 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await list({ 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('sends brotli or gzip to a client that takes it (made once), and small answers as they are', async () => {
    const plain = await list();
    const br = await list({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await list({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const count = await call(t.app, 'GET', '/api/v1/product/product-count', { headers: { 'accept-encoding': 'br' } });
    expect(count.headers['content-encoding']).toBeUndefined();
    expect(count.json().total).toBe(15);
  });

  it('caches POST product-filters by its body', async () => {
    const body = { checked: [String(categoryId)], radio: [0, 19], page: 1 };
    const first = await call(t.app, 'POST', '/api/v1/product/product-filters', { body });
    queries.length = 0;
    const again = await call(t.app, 'POST', '/api/v1/product/product-filters', { body });
    expect(again.body).toBe(first.body);
    expect(productQueries()).toBe(0);
    const other = await call(t.app, 'POST', '/api/v1/product/product-filters', { body: { ...body, radio: [20, 39] } });
    expect(other.json().products.map((p: { name: string }) => p.name)).toEqual(['Kettle']);
  });

  it('shows a change made through the API at once (same process)', async () => {
    const before = (await call(t.app, 'GET', `/api/v1/product/get-product/${kettle.slug}`)).json().product.price;
    expect(before).toBe(20);
    const shopper = await makeUser(t.database.db);
    const order = await call(t.app, 'POST', '/api/v1/auth/orders', { token: shopper.token, body: { cart: [{ _id: String(kettle.id) }] } });
    expect(order.statusCode).toBe(201);
    const after = (await call(t.app, 'GET', `/api/v1/product/get-product/${kettle.slug}`)).json().product;
    expect(after.quantity).toBe(9);
    const renamed = await call(t.app, 'PUT', `/api/v1/category/update-category/${categoryId}`, {
      token: admin.token,
      body: { name: 'Kitchenware' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await list()).json().products[0].category.name).toBe('Kitchenware');
  });

  it('learns of a change made elsewhere (another process, or SQL) through the database, within a second', async () => {
    const before = (await call(t.app, 'GET', `/api/v1/product/get-product/${kettle.slug}`)).json().product.price;
    await t.database.db.update(products).set({ priceCents: 2575 }).where(eq(products.id, kettle.id));
    const started = Date.now();
    let price = before;
    while (price === before && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      price = (await call(t.app, 'GET', `/api/v1/product/get-product/${kettle.slug}`)).json().product.price;
    }
    expect(price).toBe(25.75);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('serves a photo 304 from memory once its ETag is known', async () => {
    const url = `/api/v1/product/product-photo/${kettle.id}`;
    const first = await call(t.app, 'GET', url);
    const etag = first.headers.etag as string;
    queries.length = 0;
    const revalidated = await call(t.app, 'GET', url, { headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(queries.filter((text) => /product_photos/.test(text))).toEqual([]);
  });
});

describe('AnswerCache', () => {
  const answer = (text: string) => ({ body: Buffer.from(text), compressible: false, etag: '"x"', headers: {}, raw: {} });

  it('keeps nothing computed before the last change, and nothing while changes may go unheard', () => {
    const cache = new AnswerCache(1024 * 1024);
    const started = cache.generation;
    cache.set('/a', answer('old'), started);
    expect(cache.get('/a')?.body.toString()).toBe('old');
    cache.invalidate();
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/a', answer('read before the change'), started);
    expect(cache.get('/a')).toBeUndefined();
    cache.setEnabled(false);
    cache.set('/b', answer('b'), cache.generation);
    expect(cache.get('/b')).toBeUndefined();
    cache.setEnabled(true);
    cache.set('/b', answer('b'), cache.generation);
    expect(cache.get('/b')?.body.toString()).toBe('b');
  });

  it('stays within its memory', () => {
    const cache = new AnswerCache(64 * 1024);
    for (let n = 0; n < 100; n++) cache.set(`/${n}`, answer('x'.repeat(4000)), cache.generation);
    expect(cache.size).toBeLessThan(20);
    expect(cache.get('/99')).toBeDefined();
  });
});
