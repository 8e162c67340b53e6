import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/server/db/schema.ts';
import { z } from 'zod';
import { AnswerCache } from '../../src/server/plugins/answer-cache.ts';
import { KEPT_URL_MAX, KEYED_BODY_MAX } from '../../src/server/plugins/answer-cache/keys.ts';
import { JSON_BODY_LIMIT } from '../../src/server/plugins/http-server.ts';
import { sendRaw } from '../setup/raw-http.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, multipart, pngImage } from '../factories.ts';
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
    // The database tells of these writes at their commit, a moment later: the app hears of them first.
    await t.noticesSettled();
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
    expect(br.headers.vary).toBe('Origin, Accept-Encoding');
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
    // The same bytes arriving in two parts are read whole: the same answer, from memory.
    const send = (simulate: { split?: boolean; error?: boolean }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/product/product-filters',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
        simulate: { end: true, close: false, split: false, error: false, ...simulate },
      });
    const served = t.app.answerCache.served.fastify;
    const split = await send({ split: true });
    expect(split.body).toBe(first.body);
    expect(t.app.answerCache.served.fastify).toBe(served + 1);
    // A body whose reading fails is the client's fault (400, with the stream's message), not an unhandled 500.
    const broken = await send({ error: true });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ success: false, message: 'Simulated' });
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
    await t.noticesSettled(); // the notices of the API changes before
    const product = async () => (await call(t.app, 'GET', `/api/v1/product/get-product/${kettle.slug}`)).json().product;
    expect((await product()).price).not.toBe(25.75);
    const generation = t.app.answerCache.generation;
    await t.database.db.update(products).set({ priceCents: 2575 }).where(eq(products.id, kettle.id));
    // What the shop promises (fails after a second): its notice has reached this process.
    await t.noticesSettled();
    expect(t.app.answerCache.generation).toBeGreaterThan(generation);
    expect((await product()).price).toBe(25.75);
  });

  it('serves a photo 304 from memory once its ETag is known', async () => {
    await t.noticesSettled(); // no notice of an earlier change arrives while it runs
    const url = `/api/v1/product/product-photo/${kettle.id}`;
    const first = await call(t.app, 'GET', url);
    const etag = first.headers.etag as string;
    queries.length = 0;
    const revalidated = await call(t.app, 'GET', url, { headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(queries.filter((text) => /product_photos/.test(text))).toEqual([]);
  });

  it('keeps through an order every answer that does not hold its products’ stock, here and in other processes', async () => {
    await t.noticesSettled();
    const cups = (await call(t.app, 'GET', '/api/v1/product/product-list/2')).json().products as { _id: string; slug: string }[];
    const pageOne = (await list()).json().products as { _id: string; slug: string; name: string }[];
    const sold = pageOne.find((row) => row.name === 'Cup 13') as { _id: string; slug: string };
    const urls = {
      sold: `/api/v1/product/get-product/${sold.slug}`,
      kettle: `/api/v1/product/get-product/${kettle.slug}`,
      pageOne: '/api/v1/product/product-list/1',
      pageTwo: '/api/v1/product/product-list/2',
      categories: '/api/v1/category/get-category',
      count: '/api/v1/product/product-count',
      photo: `/api/v1/product/product-photo/${kettle.id}`,
    };
    const read = async (url: string) => (await call(t.app, 'GET', url)).json();
    /** Whether a read is answered from memory, asking the database nothing. */
    const fromMemory = async (url: string) => {
      const hits = t.app.answerCache.hits;
      queries.length = 0;
      await call(t.app, 'GET', url);
      return t.app.answerCache.hits === hits + 1 && queries.length === 0;
    };
    for (const url of Object.values(urls)) await call(t.app, 'GET', url);
    for (const url of Object.values(urls)) expect(await fromMemory(url), url).toBe(true);
    const before = (await read(urls.sold)).product.quantity as number;
    const generation = t.app.answerCache.generation;
    const stockChanges = t.app.answerCache.stockChanges;

    // An order of Cup 13 (on the first page) through this process: its answer is right at once.
    const shopper = await makeUser(t.database.db);
    const order = await call(t.app, 'POST', '/api/v1/auth/orders', { token: shopper.token, body: { cart: [{ _id: sold._id }, { _id: sold._id }] } });
    expect(order.statusCode).toBe(201);
    expect(t.app.answerCache.stockChanges).toBeGreaterThan(stockChanges);
    for (const url of [urls.kettle, urls.pageTwo, urls.categories, urls.count, urls.photo]) expect(await fromMemory(url), url).toBe(true);
    expect(await fromMemory(urls.sold)).toBe(false);
    expect(await fromMemory(urls.pageOne)).toBe(false);
    expect((await read(urls.sold)).product.quantity).toBe(before - 2);
    expect(((await read(urls.pageOne)).products as { _id: string; quantity: number }[]).find((row) => row._id === sold._id)?.quantity).toBe(before - 2);
    // Its notice, heard a moment later, drops the same again and nothing else.
    await t.noticesSettled();
    await call(t.app, 'GET', urls.sold);
    await call(t.app, 'GET', urls.pageOne);
    for (const url of Object.values(urls)) expect(await fromMemory(url), url).toBe(true);

    // Stock taken by another process (SQL here): the database names the product, and only its answers go.
    const cup = cups[0] as { _id: string; slug: string };
    const cupUrl = `/api/v1/product/get-product/${cup.slug}`;
    const cupBefore = (await read(cupUrl)).product.quantity as number;
    expect(await fromMemory(cupUrl)).toBe(true);
    await t.database.db.execute(sql`update products set quantity = quantity - 3 where id = ${Number(cup._id)}`);
    await t.noticesSettled();
    expect(await fromMemory(cupUrl)).toBe(false);
    expect(await fromMemory(urls.pageTwo)).toBe(false);
    expect((await read(cupUrl)).product.quantity).toBe(cupBefore - 3);
    for (const url of [urls.sold, urls.kettle, urls.pageOne, urls.categories, urls.count, urls.photo]) expect(await fromMemory(url), url).toBe(true);
    expect(t.app.answerCache.generation).toBe(generation);

    // Any other change to a product is a change of everything, as before.
    await t.database.db.execute(sql`update product_variants set weight_grams = 250 where product_id = ${Number(cup._id)}`);
    await t.noticesSettled();
    expect(t.app.answerCache.generation).toBeGreaterThan(generation);
    expect(await fromMemory(urls.categories)).toBe(false);
  });
});

describe('cached answers over HTTP (answered before routing)', () => {
  let t: TestApp;
  let base: { host: string; port: number };
  let admin: MadeUser;
  let categoryId: number;
  let kettle: { id: number; slug: string };
  const queries: string[] = [];
  const productQueries = () => queries.filter((text) => /from "products"/.test(text)).length;

  /** One request over a real socket, with exactly the headers given (and a body sent as it is). */
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => sendRaw(base.port, method, path, headers, body);

  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://partner.example' }, { onQuery: (text) => queries.push(text) });
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db, 'Kitchen')).id;
    for (let n = 0; n < 3; n++) await makeProduct(t.database.db, { categoryId, name: `Cup ${n}`, price: 5 });
    kettle = await makeProduct(t.database.db, { categoryId, name: 'Kettle', price: 20 });
    await t.noticesSettled();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = { host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port };
  });
  afterAll(() => t.close());

  it('answers a repeated GET with the same bytes and headers, revalidates, compresses and answers HEAD', async () => {
    const path = `/api/v1/product/get-product/${kettle.slug}`;
    const first = await send('GET', path);
    expect(first.status).toBe(200);
    queries.length = 0;
    const again = await send('GET', path);
    expect(productQueries()).toBe(0);
    expect(again.body.equals(first.body)).toBe(true);
    for (const name of ['etag', 'content-type', 'cache-control', 'content-security-policy', 'x-content-type-options', 'x-frame-options']) {
      expect(again.headers[name], name).toBe(first.headers[name]);
    }
    expect(again.headers['content-length']).toBe(String(first.body.length));
    const revalidated = await send('GET', path, { 'if-none-match': `W/${first.headers.etag}` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    const head = await send('HEAD', path);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(first.headers.etag);
    const list = await send('GET', '/api/v1/product/product-list/1');
    const br = await send('GET', '/api/v1/product/product-list/1', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(list.body)).toBe(true);
    expect(productQueries()).toBeLessThanOrEqual(2); // the list's own first read, nothing for the rest
  });

  it('still refuses a cross-origin read from an origin it does not list, and gives a listed one its CORS headers', async () => {
    const path = '/api/v1/product/product-list/1';
    expect((await send('GET', path)).status).toBe(200);
    const foreign = await send('GET', path, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.etag).toBeUndefined();
    const partner = await send('GET', path, { origin: 'https://partner.example' });
    expect(partner.status).toBe(200);
    expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example');
    // Listed, it keeps its CORS headers even when it is also the host the request names.
    const partnerHost = await send('GET', path, { origin: 'https://partner.example', host: 'partner.example' });
    expect(partnerHost.status).toBe(200);
    expect(partnerHost.headers['access-control-allow-origin']).toBe('https://partner.example');
    // The shop's own pages (Origin: PUBLIC_URL) are answered like a request without an Origin.
    const own = await send('GET', path, { origin: t.env.PUBLIC_URL });
    expect(own.status).toBe(200);
    expect(own.body.equals((await send('GET', path)).body)).toBe(true);

    const filters = '/api/v1/product/product-filters';
    const body = JSON.stringify({ checked: [String(categoryId)], radio: [0, 19], page: 1 });
    const json = { 'content-type': 'application/json' };
    const plain = await send('POST', filters, json, body);
    expect(plain.status).toBe(200);
    queries.length = 0;
    const fromShop = await send('POST', filters, { ...json, origin: t.env.PUBLIC_URL }, body);
    expect(fromShop.body.equals(plain.body)).toBe(true);
    expect(productQueries()).toBe(0);
    expect((await send('POST', filters, { ...json, origin: 'https://evil.example' }, body)).status).toBe(403);
    const fromPartner = await send('POST', filters, { ...json, origin: 'https://partner.example' }, body);
    expect(fromPartner.body.equals(plain.body)).toBe(true);
    expect(fromPartner.headers['access-control-allow-origin']).toBe('https://partner.example');
  });

  it('answers POST product-filters from memory by its bytes, and leaves other bodies and types to the usual rules', async () => {
    const path = '/api/v1/product/product-filters';
    const body = JSON.stringify({ checked: [String(categoryId)], radio: [20, 39], page: 1 });
    const json = { 'content-type': 'application/json' };
    const first = await send('POST', path, json, body);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.toString()).products.map((p: { name: string }) => p.name)).toEqual(['Kettle']);
    queries.length = 0;
    const again = await send('POST', path, json, body);
    expect(productQueries()).toBe(0);
    expect(again.body.equals(first.body)).toBe(true);
    // The same bytes sent as text are a string to the route's schema: refused as before, not answered from memory.
    const text = await send('POST', path, { 'content-type': 'text/plain' }, body);
    expect(text.status).toBe(400);
    expect(JSON.parse(text.body.toString()).success).toBe(false);
    expect((await send('POST', path, { 'content-type': 'application/xml' }, body)).status).toBe(415);
    // A body sent in chunks (no length) is read by Fastify and answered the same.
    const chunked = await send('POST', path, { ...json, 'transfer-encoding': 'chunked' }, body);
    expect(chunked.status).toBe(200);
    expect(chunked.body.equals(first.body)).toBe(true);
    // A bad body is refused by validation, whatever was cached.
    const bad = await send('POST', path, json, JSON.stringify({ checked: 'all', radio: [], page: 1 }));
    expect(bad.status).toBe(400);
    const cut = await send('POST', path, json, body.slice(0, -3));
    expect(cut.status).toBe(400);
    // A body over the limit is refused while it is still being sent (413): the pre-router does not read,
    // and hold, a body it could not key.
    const endless = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest({ ...base, method: 'POST', path, headers: { ...json, 'transfer-encoding': 'chunked' } }, (incoming) => {
        incoming.resume();
        resolve(incoming.statusCode ?? 0);
        outgoing.destroy();
      });
      outgoing.on('error', reject);
      outgoing.write(`{"pad":"${'p'.repeat(JSON_BODY_LIMIT)}`);
    });
    expect(endless).toBe(413);
  });

  it('answers repeated reads in the pre-router, before Fastify, and only there', async () => {
    await t.noticesSettled();
    const served = () => ({ ...t.app.answerCache.served, misses: t.app.answerCache.misses });
    const path = '/api/v1/product/product-list/7'; // asked for by no other test: not kept yet
    const filters = '/api/v1/product/product-filters';
    const body = JSON.stringify({ checked: [String(categoryId)], radio: [0, 19], page: 7 });
    const json = { 'content-type': 'application/json' };
    const before = served();
    const first = await send('GET', path);
    const firstPost = await send('POST', filters, json, body);
    expect(served()).toEqual({ ...before, misses: before.misses + 2 });
    const again = await send('GET', path);
    const revalidated = await send('GET', path, { 'if-none-match': String(first.headers.etag) });
    const ownPage = await send('GET', path, { origin: t.env.PUBLIC_URL });
    const ownHost = await send('GET', path, { origin: `http://127.0.0.1:${base.port}` });
    const againPost = await send('POST', filters, json, body);
    const head = await send('HEAD', path);
    expect([again.status, revalidated.status, ownPage.status, ownHost.status, againPost.status, head.status]).toEqual([200, 304, 200, 200, 200, 200]);
    expect(again.body.equals(first.body) && againPost.body.equals(firstPost.body)).toBe(true);
    expect(served()).toEqual({ ...before, preRouter: before.preRouter + 6, misses: before.misses + 2 });
    // A listed origin's answer carries its CORS headers: Fastify answers it from memory, after the origin check.
    const partner = await send('GET', path, { origin: 'https://partner.example' });
    expect(partner.body.equals(first.body)).toBe(true);
    expect(served()).toEqual({ ...before, preRouter: before.preRouter + 6, fastify: before.fastify + 1, misses: before.misses + 2 });
    // Through a proxy (X-Forwarded-Host), an Origin naming the Host is left to Fastify's origin check, which
    // reads the forwarded host instead when TRUST_PROXY is set: only PUBLIC_URL is answered here.
    const forwarded = { 'x-forwarded-host': 'shop.example' };
    const hostBehindProxy = await send('GET', path, { ...forwarded, origin: `http://127.0.0.1:${base.port}` });
    const ownBehindProxy = await send('GET', path, { ...forwarded, origin: t.env.PUBLIC_URL });
    expect(hostBehindProxy.body.equals(first.body) && ownBehindProxy.body.equals(first.body)).toBe(true);
    expect(served()).toEqual({ ...before, preRouter: before.preRouter + 7, fastify: before.fastify + 2, misses: before.misses + 2 });
  });

  it('appends Accept-Encoding to the Vary: Origin of CORS, on every kept answer', async () => {
    const path = '/api/v1/product/product-list/1';
    const variants: Record<string, string>[] = [{}, { origin: 'https://partner.example' }, { 'accept-encoding': 'br' }, { origin: 'https://partner.example', 'accept-encoding': 'gzip' }];
    for (const headers of variants) {
      const answer = await send('GET', path, headers);
      expect(answer.status).toBe(200);
      expect(String(answer.headers.vary).toLowerCase().split(/,\s*/).sort(), JSON.stringify(headers)).toEqual(['accept-encoding', 'origin']);
    }
    const small = await send('GET', '/api/v1/product/product-count');
    expect(small.headers.vary).toBe('Origin');
  });

  it('shows a change made over HTTP at once', async () => {
    const path = `/api/v1/product/get-product/${kettle.slug}`;
    const before = await send('GET', path);
    expect(JSON.parse(before.body.toString()).product.category.name).toBe('Kitchen');
    const renamed = await send(
      'PUT',
      `/api/v1/category/update-category/${categoryId}`,
      { authorization: admin.token, 'content-type': 'application/json' },
      JSON.stringify({ name: 'Kitchenware' }),
    );
    expect(renamed.status).toBe(200);
    const after = await send('GET', path);
    expect(JSON.parse(after.body.toString()).product.category.name).toBe('Kitchenware');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('what the database tells of a stock update: the products moved, or a change of everything', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const categoryId = (await makeCategory(t.database.db, 'Bulk')).id;
    // 1,001 products (ids 1 to 1,001: all of them name fewer than 7,000 characters), and 900 with ids of
    // seven digits (1000001 …: they name more).
    await t.database.db.execute(sql`insert into products (name, slug, description, price_cents, quantity, category_id)
      select 'Bulk ' || g, 'bulk-' || g, 'A bulk product.', 500, 10, ${categoryId} from generate_series(1, 1001) as g`);
    await t.database.db.execute(sql`insert into products (id, name, slug, description, price_cents, quantity, category_id) overriding system value
      select 1000000 + g, 'Long ' || g, 'long-' || g, 'A product of a long id.', 500, 10, ${categoryId} from generate_series(1, 900) as g`);
    await t.noticesSettled();
  });
  afterAll(() => t.close());

  /** What the app heard of an update made with SQL: a stock change (naming products) or a change of everything. */
  async function heardOf(update: ReturnType<typeof sql>): Promise<'stock' | 'everything' | 'nothing'> {
    await t.noticesSettled();
    const { generation, stockChanges } = t.app.answerCache;
    await t.database.db.execute(update);
    await t.noticesSettled();
    if (t.app.answerCache.generation !== generation) return 'everything';
    return t.app.answerCache.stockChanges !== stockChanges ? 'stock' : 'nothing';
  }

  it('names up to 1,000 products whose ids fit a notice, and tells a change of everything past that', async () => {
    expect(await heardOf(sql`update products set quantity = quantity + 1 where id <= 1000`)).toBe('stock');
    expect(await heardOf(sql`update products set quantity = quantity + 1 where id <= 1001`)).toBe('everything');
    expect(await heardOf(sql`update products set quantity = quantity + 1 where id between 1000001 and 1000700`)).toBe('stock'); // 5,599 characters
    expect(await heardOf(sql`update products set quantity = quantity + 1 where id between 1000001 and 1000900`)).toBe('everything'); // 7,199
    // The same rows written again, or none: nothing to tell.
    expect(await heardOf(sql`update products set quantity = quantity where id = 1000001`)).toBe('nothing');
    expect(await heardOf(sql`update products set quantity = quantity + 1 where id = 0`)).toBe('nothing');
    // A variant's stock names its product; a product's price, or its stock with its price, is everything.
    expect(await heardOf(sql`update product_variants set stock = stock + 1 where product_id = 1000002`)).toBe('stock');
    expect(await heardOf(sql`update products set price_cents = 600 where id = 1000003`)).toBe('everything');
    expect(await heardOf(sql`update products set quantity = quantity + 1, price_cents = 700 where id = 1000003`)).toBe('everything');
  });

  it('names exactly the products moved', async () => {
    await t.noticesSettled();
    const page = '/api/v1/product/get-product/long-5';
    const other = '/api/v1/product/get-product/long-6';
    await call(t.app, 'GET', page);
    await call(t.app, 'GET', other);
    await t.database.db.execute(sql`update product_variants set stock = stock + 2 where product_id = 1000005`);
    await t.noticesSettled();
    const hits = t.app.answerCache.hits;
    await call(t.app, 'GET', other);
    expect(t.app.answerCache.hits).toBe(hits + 1);
    await call(t.app, 'GET', page);
    expect(t.app.answerCache.hits).toBe(hits + 1);
  });
});

describe('a change made through this process is in its next answer, without the database\'s notice', () => {
  // The notices the database sends at each commit never reach this app: only its own invalidation, before
  // the answer to the change is sent, can keep its kept answers right.
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;
  let kettle: { id: number; slug: string };

  beforeAll(async () => {
    t = await createTestApp({}, { notices: { held: true } });
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db, 'Held')).id;
    kettle = await makeProduct(t.database.db, { categoryId, name: 'Held Kettle', price: 20, quantity: 10 });
  });
  afterAll(() => t.close());

  /** A read answered from memory the second time (checked), then again after `change`. */
  async function readAround(url: string, change: () => Promise<{ statusCode: number }>): Promise<[unknown, unknown]> {
    const before = (await call(t.app, 'GET', url)).json();
    const hits = t.app.answerCache.hits;
    expect((await call(t.app, 'GET', url)).json()).toEqual(before);
    expect(t.app.answerCache.hits).toBe(hits + 1);
    expect((await change()).statusCode).toBeLessThan(300);
    return [before, (await call(t.app, 'GET', url)).json()];
  }
  const productUrl = () => `/api/v1/product/get-product/${kettle.slug}`;
  const count = '/api/v1/product/product-count';

  it('update-product', async () => {
    const form = await multipart({ name: 'Held Kettle', description: 'Boils.', price: '31.5', quantity: '10', category: String(categoryId), shipping: '1' });
    const [before, after] = await readAround(productUrl(), () =>
      call(t.app, 'PUT', `/api/v1/product/update-product/${kettle.id}`, { token: admin.token, headers: form.headers, body: form.payload }),
    );
    expect((before as { product: { price: number } }).product.price).toBe(20);
    expect((after as { product: { price: number } }).product.price).toBe(31.5);
  });

  it('create-product and delete-product', async () => {
    const form = await multipart({ name: 'Held Cup', description: 'Holds.', price: '3', quantity: '4', category: String(categoryId) });
    let created = 0;
    const [before, after] = await readAround(count, async () => {
      const res = await call(t.app, 'POST', '/api/v1/product/create-product', { token: admin.token, headers: form.headers, body: form.payload });
      created = Number(res.json().product._id);
      return res;
    });
    expect((after as { total: number }).total).toBe((before as { total: number }).total + 1);
    const [, afterDelete] = await readAround(count, () => call(t.app, 'DELETE', `/api/v1/product/delete-product/${created}`, { token: admin.token }));
    expect((afterDelete as { total: number }).total).toBe((before as { total: number }).total);
  });

  it('create-category, update-category and delete-category', async () => {
    const names = async () => ((await call(t.app, 'GET', '/api/v1/category/get-category')).json().category as { name: string }[]).map((c) => c.name).sort();
    let id = '';
    await readAround('/api/v1/category/get-category', async () => {
      const res = await call(t.app, 'POST', '/api/v1/category/create-category', { token: admin.token, body: { name: 'Held Shelf' } });
      id = res.json().category._id;
      return res;
    });
    expect(await names()).toEqual(['Held', 'Held Shelf']);
    await readAround('/api/v1/category/get-category', () => call(t.app, 'PUT', `/api/v1/category/update-category/${id}`, { token: admin.token, body: { name: 'Held Rack' } }));
    expect(await names()).toEqual(['Held', 'Held Rack']);
    await readAround('/api/v1/category/get-category', () => call(t.app, 'DELETE', `/api/v1/category/delete-category/${id}`, { token: admin.token }));
    expect(await names()).toEqual(['Held']);
  });

  it('an order, and its cancellation', async () => {
    const shopper = await makeUser(t.database.db);
    const quantity = async () => (await call(t.app, 'GET', productUrl())).json().product.quantity;
    const start = await quantity();
    let orderId = '';
    await readAround(productUrl(), async () => {
      const res = await call(t.app, 'POST', '/api/v1/auth/orders', { token: shopper.token, body: { cart: [{ _id: String(kettle.id) }] } });
      orderId = res.json().order._id;
      return res;
    });
    expect(await quantity()).toBe(start - 1);
    await readAround(productUrl(), () => call(t.app, 'PUT', `/api/v1/auth/order-status/${orderId}`, { token: admin.token, body: { status: 'cancel' } }));
    expect(await quantity()).toBe(start);
  });

  it('an applied import', async () => {
    const csv = `slug,name,description,price,quantity,shipping,category\r\n${kettle.slug},Held Kettle,Boils.,44.25,10,yes,Held\r\n`;
    const form = await multipart({ apply: 'true' }, { field: 'file', data: Buffer.from(csv), filename: 'catalogue.csv', type: 'text/csv' });
    const [, after] = await readAround(productUrl(), () =>
      call(t.app, 'POST', '/api/v1/admin/products-import', { token: admin.token, headers: form.headers, body: form.payload }),
    );
    expect((after as { product: { price: number } }).product.price).toBe(44.25);
  });
});

describe('AnswerCache', () => {
  const request = (url: string, body?: string, type = 'application/json') =>
    body === undefined
      ? { method: 'GET', url, headers: {} }
      : { method: 'POST', url, headers: { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) }, body: Buffer.from(body) };
  const keep = (cache: AnswerCache, url: string, text: string, generation = cache.generation, body?: string) =>
    cache.keep(request(url, body), undefined, Buffer.from(text), { 'content-type': 'text/plain' }, generation);
  const kept = (cache: AnswerCache, url: string, body?: string) => cache.lookup(request(url, body))?.body.toString();

  it('keeps nothing computed before the last change, and nothing while changes may go unheard', () => {
    const cache = new AnswerCache(1024 * 1024);
    const started = cache.generation;
    keep(cache, '/a', 'old', started);
    expect(kept(cache, '/a')).toBe('old');
    cache.invalidate();
    expect(kept(cache, '/a')).toBeUndefined();
    keep(cache, '/a', 'read before the change', started);
    expect(kept(cache, '/a')).toBeUndefined();
    cache.setEnabled(false);
    keep(cache, '/b', 'b');
    expect(kept(cache, '/b')).toBeUndefined();
    cache.setEnabled(true);
    keep(cache, '/b', 'b');
    expect(kept(cache, '/b')).toBe('b');
  });

  it('answers nothing once the server is closing', () => {
    const cache = new AnswerCache(1024 * 1024);
    keep(cache, '/a', 'a');
    cache.close();
    expect(kept(cache, '/a')).toBeUndefined();
    cache.setEnabled(true); // the database's listener coming back does not undo it
    keep(cache, '/a', 'a');
    expect(kept(cache, '/a')).toBeUndefined();
  });

  it('stays within its memory, keys included', () => {
    const cache = new AnswerCache(64 * 1024);
    for (let n = 0; n < 100; n++) keep(cache, `/${n}`, 'x'.repeat(4000));
    expect(cache.size).toBeLessThan(20);
    expect(kept(cache, '/99')).toBeDefined();
    // Small answers under long addresses: the addresses count.
    for (let n = 0; n < 1000; n++) keep(cache, `/${n}/${'k'.repeat(2000)}`, 'x');
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.size).toBeLessThan((64 * 1024) / 2000);
  });

  it('keys a POST by a hash of its plain JSON body, and keeps nothing for other bodies, long addresses or unknown parameters', () => {
    const cache = new AnswerCache(1024 * 1024);
    const body = JSON.stringify({ pad: 'p'.repeat(16_000) });
    keep(cache, '/filters', 'answer', cache.generation, body);
    expect(kept(cache, '/filters', body)).toBe('answer');
    expect(kept(cache, '/filters', `${body} `)).toBeUndefined();
    expect(cache.bytes).toBeLessThan(2048); // not the 16 kB body
    expect(cache.keep(request('/filters', body, 'text/plain'), undefined, Buffer.from('x'), {}, cache.generation)).toBeNull();
    expect(cache.keep(request('/filters', body, 'application/json; charset=utf-16'), undefined, Buffer.from('x'), {}, cache.generation)).toBeNull();
    expect(keep(cache, `/long/${'l'.repeat(KEPT_URL_MAX)}`, 'x')).toBeNull();
    // The limits themselves are within: an address of KEPT_URL_MAX characters, a body of KEYED_BODY_MAX bytes.
    expect(keep(cache, `/${'l'.repeat(KEPT_URL_MAX - 1)}`, 'x')).not.toBeNull();
    const largest = JSON.stringify({ pad: 'p'.repeat(KEYED_BODY_MAX - 10) });
    expect(Buffer.byteLength(largest)).toBe(KEYED_BODY_MAX);
    expect(keep(cache, '/filters', 'largest', cache.generation, largest)).not.toBeNull();
    expect(keep(cache, '/filters', 'too large', cache.generation, `${largest} `)).toBeNull();
    const pageQuery = z.object({ page: z.string().optional() });
    expect(cache.keep(request('/list?page=2'), pageQuery, Buffer.from('x'), {}, cache.generation)).not.toBeNull();
    expect(cache.keep(request('/list?page=2&pad=xxxx'), pageQuery, Buffer.from('x'), {}, cache.generation)).toBeNull();
    expect(cache.keep(request('/list?pad=xxxx'), undefined, Buffer.from('x'), {}, cache.generation)).toBeNull();
    expect(kept(cache, '/list?page=2')).toBe('x');
    // A route's querystring given as a JSON schema declares its parameters the same way.
    const jsonQuery = { type: 'object', properties: { page: { type: 'string' } } };
    expect(cache.keep(request('/list?page=3'), jsonQuery, Buffer.from('x'), {}, cache.generation)).not.toBeNull();
    expect(cache.keep(request('/list?page=3&pad=xxxx'), jsonQuery, Buffer.from('x'), {}, cache.generation)).toBeNull();
  });
});
