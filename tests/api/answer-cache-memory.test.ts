import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct } from '../factories.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

/** A full garbage collection on demand (the flag can be set once the process runs). */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** What this process holds after a full collection: the JS heap and every Buffer's bytes. */
function heldBytes(): number {
  collectGarbage();
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

const BUDGET_MB = 1;
/** What the process may hold beyond the cache's budget after 20,000 requests (measured: 0.1-1.8 MB in all; 13 MB with keys uncounted). */
const ALLOWANCE_BYTES = 3 * 1024 * 1024;

describe('the answer cache stays within CACHE_MAX_MB whatever the requests', () => {
  let t: TestApp;
  let agent: Agent;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ CACHE_MAX_MB: String(BUDGET_MB) });
    const { id: categoryId } = await makeCategory(t.database.db, 'Padded');
    for (let n = 0; n < 3; n++) await makeProduct(t.database.db, { categoryId, name: `Padded thing ${n}`, price: 5 + n });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    agent = new Agent({ keepAlive: true, maxSockets: 8 });
  });
  afterAll(async () => {
    agent?.destroy();
    await t?.close();
  });

  const send = (method: string, path: string, body?: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
      const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent }, (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  /** The n-th padded request: a different address, keyword or body every time, each near its size limit. */
  function padded(n: number): Promise<number> {
    switch (n % 8) {
      case 0: // an unknown query parameter of 1.5 kB (answered, never kept)
      case 4:
        return send('GET', `/api/v1/product/product-list/1?pad=${n}-${'p'.repeat(1500)}`);
      case 2: // a keyword of 100 characters (kept: its address counts)
        return send('GET', `/api/v1/product/search/${`${n}w`.padEnd(100, 'w')}`);
      case 6: // a page far past the end (kept)
        return send('GET', `/api/v1/product/product-list/${100_000 + n}`);
      default: // a plain JSON body of 15 kB, padded with spaces (kept by a hash of it)
        return send('POST', '/api/v1/product/product-filters', `{"checked":[],"radio":[],"page":${n}}`.padEnd(15_000, ' '));
    }
  }

  async function sendAll(from: number, count: number): Promise<void> {
    let next = from;
    const statuses = new Map<number, number>();
    const worker = async () => {
      while (next < from + count) {
        const status = await padded(next++);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect([...statuses.keys()]).toEqual([200]);
  }

  it('20,000 distinct padded requests over a socket grow the process by at most the budget and a small constant', async () => {
    await sendAll(0, 2000); // warm up: code compiled, pools and sockets made
    await makeCategory(t.database.db, 'Emptied'); // the cache starts empty: all it will hold counts as growth
    await t.noticesSettled();
    const before = heldBytes();
    await sendAll(2000, 20_000);
    const grown = heldBytes() - before;
    expect(grown, `grew ${(grown / 1024 / 1024).toFixed(1)} MB`).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024 + ALLOWANCE_BYTES);
    expect(t.app.answerCache.bytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);
    expect(t.app.answerCache.size).toBeGreaterThan(100);
  }, 400_000);
});
