import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, multipart } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/** The catalogue's answers: concurrent first requests for one answer run its queries once (single-flight). */
describe('no cache stampede: concurrent misses for one answer wait for the first', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;
  let kettle: { id: number; slug: string };
  let origin: string;
  const queries: string[] = [];
  const productQueries = () => queries.filter((text) => /from "products"/.test(text)).length;
  const list = '/api/v1/product/product-list/1';
  const filters = '/api/v1/product/product-filters';

  beforeAll(async () => {
    t = await createTestApp({}, { onQuery: (text) => queries.push(text) });
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db, 'Kitchen')).id;
    for (let n = 0; n < 14; n++) await makeProduct(t.database.db, { categoryId, name: `Cup ${n}`, price: 5 });
    kettle = await makeProduct(t.database.db, { categoryId, name: 'Kettle', price: 20 });
    await t.noticesSettled();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** One request over a real socket (through the pre-router), its status and body. */
  const overSocket = async (path: string, body?: string) => {
    const res = await fetch(origin + path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: res.status, body: await res.text() };
  };

  /** The product queries one cold request for `ask` runs (what 50 concurrent ones may run, together). */
  async function queriesOfOne(ask: () => Promise<{ status: number }>): Promise<number> {
    t.app.answerCache.invalidate();
    queries.length = 0;
    expect((await ask()).status).toBe(200);
    const one = productQueries();
    expect(one).toBeGreaterThan(0);
    t.app.answerCache.invalidate();
    queries.length = 0;
    return one;
  }

  /**
   * Holds the rows of the next product query (read before anything after it, sent on only when released):
   * a slow query, so that requests are sure to arrive while it runs.
   */
  function holdNextProductRead() {
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let read = () => {};
    const wasRead = new Promise<void>((resolve) => (read = resolve));
    let holding = true;
    client.query = async function held(this: unknown, ...args: unknown[]) {
      const rows = await query.apply(this, args);
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      // The read of the products' rows (a list reads its page's ids first, then its products with their category).
      if (holding && /from "products" inner join "categories"/.test(text ?? '')) {
        holding = false;
        read();
        await released;
      }
      return rows;
    };
    return {
      wasRead,
      release,
      restore: () => {
        client.query = query;
        release();
      },
    };
  }

  /** Waits until `count` more requests than `from` have missed the cache (each is waiting or running). */
  const missed = (from: number, count: number) => vi.waitFor(() => expect(t.app.answerCache.misses).toBe(from + count), { timeout: 10_000 });

  /**
   * 50 concurrent first requests, all arriving while the first one's query runs: the queries of one, 50
   * identical 200 answers, 49 of them the first one's.
   */
  async function stampede(ask: () => Promise<{ status: number; body: string }>): Promise<void> {
    const one = await queriesOfOne(ask);
    const cache = t.app.answerCache;
    const [coalesced, misses] = [cache.coalesced, cache.misses];
    const hold = holdNextProductRead();
    try {
      const answers = Promise.all(Array.from({ length: 50 }, ask));
      await hold.wasRead;
      await missed(misses, 50);
      hold.release();
      const sent = await answers;
      expect(productQueries()).toBe(one);
      expect(sent.map((answer) => answer.status)).toEqual(Array(50).fill(200));
      expect(new Set(sent.map((answer) => answer.body)).size).toBe(1);
      expect(cache.coalesced - coalesced).toBe(49);
    } finally {
      hold.restore();
    }
  }

  it('runs the list query once for 50 concurrent first requests (Fastify)', async () => {
    await stampede(async () => {
      const res = await call(t.app, 'GET', list);
      return { status: res.statusCode, body: res.body };
    });
  });

  it('runs the list query once for 50 concurrent first requests over a socket (pre-router)', async () => {
    await stampede(() => overSocket(list));
  });

  it('runs the filter query once for 50 concurrent first product-filters POSTs over a socket', async () => {
    const body = JSON.stringify({ checked: [String(categoryId)], radio: [0, 19], page: 1 });
    await stampede(() => overSocket(filters, body));
  });

  it('lets the waiting requests run themselves when the first one has no answer to keep (404), none hangs or fails', async () => {
    const missing = '/api/v1/product/get-product/no-such-kettle';
    const cache = t.app.answerCache;
    const [coalesced, misses] = [cache.coalesced, cache.misses];
    const hold = holdNextProductRead();
    try {
      const answers = Promise.all(Array.from({ length: 20 }, () => overSocket(missing)));
      await hold.wasRead;
      await missed(misses, 20);
      hold.release();
      expect((await answers).map((answer) => answer.status)).toEqual(Array(20).fill(404));
      expect(cache.coalesced).toBe(coalesced);
    } finally {
      hold.restore();
    }
  });

  it('never hands the answer read before a write to requests that came after it', async () => {
    const get = async () => (await call(t.app, 'GET', list)).json() as { products: Array<{ name: string }> };
    const one = await queriesOfOne(() => call(t.app, 'GET', list).then((res) => ({ status: res.statusCode })));
    // The first request's products are read, then held until released (a slow query).
    const hold = holdNextProductRead();
    try {
      const misses = t.app.answerCache.misses;
      const first = get();
      await hold.wasRead;
      const early = Array.from({ length: 5 }, get);
      await missed(misses, 6);

      const form = await multipart({ name: 'Renamed Kettle', description: 'Boils.', price: '20', quantity: '10', category: String(categoryId) });
      const write = await call(t.app, 'PUT', `/api/v1/product/update-product/${kettle.id}`, { token: admin.token, headers: form.headers, body: form.payload });
      expect(write.statusCode).toBe(200);
      // The database's notice of this same write starts another generation when it arrives: heard before the
      // late requests, so that it cannot land in the middle of them (their leader's answer would then be of an
      // older generation, and each follower would read for itself: 5 queries, seen once in CI).
      await t.noticesSettled();
      queries.length = 0;

      // After the write: one of them reads anew (the first is still held), the others wait for it.
      const late = await Promise.all(Array.from({ length: 5 }, get));
      expect(productQueries()).toBe(one);
      for (const answer of late) expect(answer.products.map((p) => p.name)).toContain('Renamed Kettle');

      hold.release();
      // The first request's own answer was read before the write; the ones that waited for it do not get it.
      expect((await first).products.map((p) => p.name)).toContain('Kettle');
      for (const answer of await Promise.all(early)) expect(answer.products.map((p) => p.name)).toContain('Renamed Kettle');
    } finally {
      hold.restore();
    }
  });
});
