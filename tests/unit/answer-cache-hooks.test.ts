import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendRaw } from '../setup/raw-http.ts';
import { AnswerCache, createPreRouter, registerAnswerCache } from '../../src/server/plugins/answer-cache.ts';

/**
 * The answer cache's Fastify side (answer-cache.ts) in an app of its own, over a real socket, with the
 * pre-router in front as the shop has it: a request from the listed origin skips the pre-router, so its
 * hits are Fastify's.
 */
const PARTNER = 'https://partner.example';
/** A list whose compressed form is over 1 kB too (worth compressing again, if it were ever taken for the body). */
const noisyList = { ids: Array.from({ length: 100 }, (_, n) => createHash('sha256').update(String(n)).digest('hex')) };
const bigList = { products: Array.from({ length: 80 }, (_, n) => ({ name: `Cup ${n}`, price: n * 3 })) };

// A request left unanswered fails the test in 5 s, as in `npm test`, also in the mutation run (60 s there).
describe("the answer cache's hooks", { timeout: 5_000 }, () => {
  let app: FastifyInstance;
  let cache: AnswerCache;
  let port: number;
  const calls: Record<string, number> = {};
  /** Each answer's address and whether it was sent from memory (request.answerServed, as the access log reads it). */
  const fromMemory: string[] = [];
  let held: Promise<void> | null = null;
  let release = () => {};
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);

  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => sendRaw(port, method, path, headers, body);
  /** From the listed origin: past the pre-router, to Fastify's hooks. */
  const viaFastify = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    send(method, path, { origin: PARTNER, ...headers }, body);
  const json = (body: string) => ({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });

  /** Holds every handler that asks (`await hold()`) until released. */
  function holdHandlers(): void {
    held = new Promise<void>((resolve) => (release = resolve));
  }
  const hold = async () => {
    if (held) await held;
  };

  // A new app for each test, registered within it: Stryker runs a mutant of the registration (the
  // decorations, the onRoute hook) only against the tests that reach it while they run.
  beforeEach(async () => {
    for (const name of Object.keys(calls)) delete calls[name];
    fromMemory.length = 0;
    held = null;
    cache = new AnswerCache(1024 * 1024);
    const preRouter = createPreRouter(cache, { publicUrl: 'http://shop.example', allowedOrigins: [PARTNER] });
    // Closed with every connection, also one a broken hook left unanswered (it would hold the close).
    app = Fastify({ forceCloseConnections: true, serverFactory: (handler) => createServer((req, res) => preRouter(req, res, handler)) });
    registerAnswerCache(app, cache);
    app.addHook('onResponse', async (request) => void fromMemory.push(`${request.url} ${request.answerServed}`));
    app.get('/list', { config: { cache: true } }, async () => {
      count('list');
      await hold();
      return bigList;
    });
    app.get('/page', { config: { cache: true }, schema: { querystring: { type: 'object', properties: { page: { type: 'string' } } } } }, async (request) => {
      count('page');
      return { page: (request.query as { page?: string }).page ?? null };
    });
    app.get('/fresh', async () => ({ call: count('fresh') }));
    app.get('/created', { config: { cache: true } }, async (_request, reply) => reply.code(201).send({ call: count('created') }));
    app.get('/missing', { config: { cache: true } }, async (_request, reply) => {
      count('missing');
      await hold();
      return reply.code(404).send({ success: false });
    });
    app.get('/stream', { config: { cache: true } }, async (_request, reply) => {
      count('stream');
      return reply.type('text/plain').send(Readable.from([Buffer.from('streamed')]));
    });
    app.post('/filters', { config: { cache: true } }, async (request) => {
      count('filters');
      return { sum: (request.body as { numbers: number[] }).numbers.reduce((a, b) => a + b, 0) };
    });
    app.post('/plain', async (request) => ({ call: count('plain'), body: request.body }));
    app.put<{ Querystring: { status?: string } }>('/change', { config: { invalidatesCatalogue: true } }, async (request, reply) =>
      reply.code(Number(request.query.status ?? 200)).send({ changed: true }),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterEach(() => app.close());

  it('keeps the first 200 of a cacheable route and answers it from memory, in Fastify as before routing', async () => {
    const first = await viaFastify('GET', '/list');
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.toString())).toEqual(bigList);
    expect(first.headers.etag).toMatch(/^"[\w-]{22}"$/);
    const served = { ...cache.served };
    const misses = cache.misses;
    const again = await viaFastify('GET', '/list');
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(cache.served).toEqual({ ...served, fastify: served.fastify + 1 });
    expect((await send('GET', '/list')).body.equals(first.body)).toBe(true);
    expect(cache.served).toEqual({ preRouter: served.preRouter + 1, fastify: served.fastify + 1 });
    expect(cache.misses).toBe(misses);
    expect(calls.list).toBe(1);
    // Fastify's own hit is marked as sent from memory (the access log leaves it out); the miss is not.
    expect(fromMemory).toEqual(['/list false', '/list true']);
    const revalidated = await viaFastify('GET', '/list', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(calls.list).toBe(1);
  });

  it('sends the first answer compressed too, and an answer sent compressed from memory never replaces the kept bytes', async () => {
    // After a change (the generation is no longer the first).
    expect((await send('PUT', '/change')).status).toBe(200);
    expect(cache.generation).toBeGreaterThan(0);
    const first = await viaFastify('GET', '/list', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(first.body).toString())).toEqual(bigList);
    const again = await viaFastify('GET', '/list', { 'accept-encoding': 'br' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.body.equals(first.body)).toBe(true);
    const plain = await viaFastify('GET', '/list');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(bigList);
    expect(JSON.parse((await send('GET', '/list')).body.toString())).toEqual(bigList);
    expect(calls.list).toBe(1);
  });

  it('keeps nothing of a route that is not cacheable, of another status than 200, of a stream, or of an address with unknown parameters', async () => {
    const misses = cache.misses;
    for (let n = 0; n < 2; n++) {
      expect((await viaFastify('GET', '/fresh')).status).toBe(200);
      expect(cache.misses).toBe(misses + 5 * n); // a route that is not cacheable is no miss (the other five are)
      expect((await viaFastify('GET', '/created')).status).toBe(201);
      expect((await viaFastify('GET', '/missing')).status).toBe(404);
      const stream = await viaFastify('GET', '/stream');
      expect(stream.body.toString()).toBe('streamed');
      expect((await viaFastify('GET', '/page?page=1&pad=x')).status).toBe(200);
      expect((await viaFastify('GET', '/page?page=2')).status).toBe(200);
    }
    expect(calls).toEqual({ fresh: 2, created: 2, missing: 2, stream: 2, page: 3 });
    expect(cache.size).toBe(1);
  });

  it('drops every kept answer when a call that changes the catalogue succeeds, not when it fails', async () => {
    await viaFastify('GET', '/list');
    const generation = cache.generation;
    expect((await send('PUT', '/change?status=400')).status).toBe(400);
    expect(cache.generation).toBe(generation);
    await viaFastify('GET', '/list');
    expect(calls.list).toBe(1);
    expect((await send('PUT', '/change?status=204')).status).toBe(204);
    expect(cache.generation).toBe(generation + 1);
    await viaFastify('GET', '/list');
    expect(calls.list).toBe(2);
  });

  it('keys a cacheable POST by its body, read before routing or by Fastify, and leaves other POSTs alone', async () => {
    const body = JSON.stringify({ numbers: [1, 2, 3] });
    const first = await viaFastify('POST', '/filters', json(body), body);
    expect(JSON.parse(first.body.toString())).toEqual({ sum: 6 });
    const again = await viaFastify('POST', '/filters', json(body), body);
    expect(again.body.equals(first.body)).toBe(true);
    expect(calls.filters).toBe(1);
    const other = JSON.stringify({ numbers: [4, 5] });
    // Read by the pre-router (no Origin), a miss: handed to Fastify with its bytes, then kept.
    expect(JSON.parse((await send('POST', '/filters', json(other), other)).body.toString())).toEqual({ sum: 9 });
    expect(calls.filters).toBe(2);
    expect((await viaFastify('POST', '/filters', json(other), other)).body.toString()).toBe('{"sum":9}');
    expect((await send('POST', '/filters', json(other), other)).body.toString()).toBe('{"sum":9}');
    expect(calls.filters).toBe(2);
    // A body sent in chunks (no length) is not keyed: answered, not kept.
    const chunked = { 'content-type': 'application/json', 'transfer-encoding': 'chunked' };
    expect((await viaFastify('POST', '/filters', chunked, body)).body.toString()).toBe('{"sum":6}');
    expect(calls.filters).toBe(3);
    expect(cache.postPaths).toEqual(new Set(['/filters']));
    expect(JSON.parse((await send('POST', '/plain', json(body), body)).body.toString())).toEqual({ call: 1, body: { numbers: [1, 2, 3] } });
    expect(JSON.parse((await send('POST', '/plain', json(body), body)).body.toString())).toEqual({ call: 2, body: { numbers: [1, 2, 3] } });
  });

  it('answers a cacheable POST while the cache is off (changes may go unheard), and keeps nothing', async () => {
    const body = JSON.stringify({ numbers: [7] });
    cache.setEnabled(false);
    try {
      expect((await send('POST', '/filters', json(body), body)).body.toString()).toBe('{"sum":7}');
      expect((await viaFastify('POST', '/filters', json(body), body)).body.toString()).toBe('{"sum":7}');
      expect(calls.filters).toBe(2);
    } finally {
      cache.setEnabled(true);
    }
  });

  describe('concurrent misses', () => {
    afterEach(() => void vi.useRealTimers());

    it('runs the route once for concurrent first requests in Fastify; the others are sent its answer', async () => {
      holdHandlers();
      const misses = cache.misses;
      const coalesced = cache.coalesced;
      const answers = Promise.all(Array.from({ length: 5 }, () => viaFastify('GET', '/list')));
      await vi.waitFor(() => expect(cache.misses).toBe(misses + 5));
      release();
      const sent = await answers;
      expect(sent.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      for (const answer of sent) expect(JSON.parse(answer.body.toString())).toEqual(bigList);
      expect(calls.list).toBe(1);
      expect(cache.coalesced - coalesced).toBe(4);
      // The four that were given the first one's answer were sent from memory.
      expect(fromMemory.sort()).toEqual(['/list false', '/list true', '/list true', '/list true', '/list true']);
    });

    it('lets the waiting requests run the route themselves as soon as the first has no answer to keep (not after FOLLOW_MAX_MS)', async () => {
      // The flight's timer is never run here: only the first request's answer can release the others.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      holdHandlers();
      const misses = cache.misses;
      const answers = Promise.all(Array.from({ length: 3 }, () => viaFastify('GET', '/missing')));
      await vi.waitFor(() => expect(cache.misses).toBe(misses + 3), { interval: 5 });
      release();
      expect((await answers).map((answer) => answer.status)).toEqual([404, 404, 404]);
      expect(calls.missing).toBe(3);
    });
  });

  it('keeps nothing from a hit it sent from memory (compressed), whatever the generation', async () => {
    // A new app: its first change makes generation 1, the one number a request not looked up must never have.
    const other = new AnswerCache(1024 * 1024);
    const second = Fastify({ forceCloseConnections: true });
    registerAnswerCache(second, other);
    second.get('/list', { config: { cache: true } }, async () => noisyList);
    await second.listen({ host: '127.0.0.1', port: 0 });
    try {
      const at = (headers: Record<string, string> = {}) => sendRaw((second.server.address() as AddressInfo).port, 'GET', '/list', headers);
      other.invalidate();
      expect(other.generation).toBe(1);
      expect(JSON.parse((await at()).body.toString())).toEqual(noisyList);
      const br = await at({ 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body.length).toBeGreaterThan(1024);
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(noisyList);
      expect(other.served.fastify).toBe(1);
      const plain = await at();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body.toString())).toEqual(noisyList);
    } finally {
      await second.close();
    }
  });

  it('answers nothing from memory and keeps nothing once the app is closing', async () => {
    const other = new AnswerCache(1024 * 1024);
    const closing = Fastify();
    registerAnswerCache(closing, other);
    closing.get('/x', { config: { cache: true } }, async () => ({ x: 1 }));
    await closing.ready();
    expect(closing.answerCache).toBe(other);
    expect((await closing.inject({ method: 'GET', url: '/x' })).statusCode).toBe(200);
    expect(other.size).toBe(1);
    await closing.close();
    expect(other.answering).toBe(false);
    expect(other.size).toBe(0);
  });
});
