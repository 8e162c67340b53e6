import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../setup/raw-http.ts';
import { type Answer, answerBytes, bodyOf, formFor, makeAnswer, ownBytes, replyWith, writeAnswer } from '../../src/server/plugins/answer-cache/answer.ts';
import { appendVary } from '../../src/server/lib/http-cache.ts';

/** What a kept answer is (answer.ts): its bytes, headers, ETag, forms, and how it is sent again. */

/** A JSON body worth compressing (over 1 kB), with bytes that are not all alike. */
const bigJson = Buffer.from(JSON.stringify({ products: Array.from({ length: 60 }, (_, n) => ({ name: `Cup ${n}`, price: n * 3 })) }));
const json = { 'content-type': 'application/json; charset=utf-8' };

/** One request over a real socket, with exactly the headers given. */
const send = (port: number, method: string, path: string, headers: Record<string, string> = {}) => sendRaw(port, method, path, headers);

describe('a kept answer', () => {
  it('keeps bytes of its own: a slice of a larger buffer is copied, a buffer of its own is kept as it is', () => {
    const own = Buffer.alloc(10).fill(Buffer.from(Array.from({ length: 10 }, (_, n) => n + 1)));
    expect(own.byteOffset === 0 && own.buffer.byteLength === 10).toBe(true);
    expect(ownBytes(own)).toBe(own);
    const large = Buffer.alloc(100).fill(Buffer.from(Array.from({ length: 100 }, (_, n) => n + 1)));
    for (const slice of [large.subarray(0, 10), large.subarray(90, 100), large.subarray(45, 55)]) {
      const copy = ownBytes(slice);
      expect(copy).not.toBe(slice);
      expect(copy.equals(slice)).toBe(true);
      expect(copy.byteOffset).toBe(0);
      expect(copy.buffer.byteLength).toBe(10);
    }
    // The whole of a larger buffer, seen from its start: its own.
    const whole = large.subarray(0, 100);
    expect(ownBytes(whole).buffer).toBe(large.buffer);
  });

  it('keeps the headers the route set, not those of one request, with no-cache unless the route said otherwise', () => {
    const answer = makeAnswer('/list', Buffer.from('{}'), {
      'content-type': 'application/json',
      'content-length': 2,
      'content-encoding': 'br',
      'transfer-encoding': 'chunked',
      'access-control-allow-origin': 'https://partner.example',
      'set-cookie': ['a=1', 'b=2'],
      'x-frame-options': 'DENY',
      'x-count': 3,
      'x-list': ['one', 'two'],
      'x-unset': undefined,
    });
    expect(answer.key).toBe('/list');
    expect(answer.headers).toEqual({
      'content-type': 'application/json',
      'x-frame-options': 'DENY',
      'x-count': '3',
      'x-list': 'one, two',
      'cache-control': 'no-cache',
      etag: answer.etag,
    });
    expect(answer.raw).toEqual({});
    expect(answer.gzip).toBeUndefined();
    expect(makeAnswer('/a', Buffer.from('x'), { 'cache-control': 'public, max-age=60' }).headers['cache-control']).toBe('public, max-age=60');
  });

  it("has the route's ETag, or one made from its bytes (a SHA-1, 22 characters, quoted)", () => {
    const body = Buffer.from('{"total":15}');
    const made = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const answer = makeAnswer('/count', body, json);
    expect(answer.etag).toBe(made);
    expect(answer.headers.etag).toBe(made);
    expect(answer.etag).toMatch(/^"[\w-]{22}"$/);
    expect(makeAnswer('/count', Buffer.from('{"total":16}'), json).etag).not.toBe(made);
    const given = makeAnswer('/photo', body, { ...json, etag: '"photo-7"' });
    expect(given.etag).toBe('"photo-7"');
    expect(given.headers.etag).toBe('"photo-7"');
  });

  it('is compressible from 1 kB of text (JSON, text, XML, JavaScript), and then varies by Accept-Encoding after what the route said', () => {
    const body = (length: number) => Buffer.alloc(length, 'a');
    const compressible = (length: number, type?: string) => makeAnswer('/k', body(length), type === undefined ? {} : { 'content-type': type }).compressible;
    expect(compressible(1024, 'application/json')).toBe(true);
    expect(compressible(1023, 'application/json')).toBe(false);
    expect(compressible(4096, 'text/html; charset=utf-8')).toBe(true);
    expect(compressible(4096, 'application/xml')).toBe(true);
    expect(compressible(4096, 'text/javascript')).toBe(true);
    expect(compressible(4096, 'application/javascript')).toBe(true);
    expect(compressible(4096, 'image/png')).toBe(false);
    expect(compressible(4096)).toBe(false);
    expect(makeAnswer('/k', body(4096), { 'content-type': 'application/json', vary: 'Origin' }).headers.vary).toBe('Origin, Accept-Encoding');
    expect(makeAnswer('/k', body(4096), { 'content-type': 'application/json' }).headers.vary).toBe('Accept-Encoding');
    expect(makeAnswer('/k', body(100), { 'content-type': 'application/json', vary: 'Origin' }).headers.vary).toBe('Origin');
    expect(makeAnswer('/k', body(4096), { 'content-type': 'image/png' }).headers.vary).toBeUndefined();
  });

  it('counts its memory: key, body, compressed forms, headers twice (UTF-16), 200 bytes per header list and 1 kB around it', () => {
    const answer: Answer = {
      key: 'k'.repeat(10),
      body: Buffer.alloc(100),
      compressible: true,
      etag: '"e"',
      headers: { ab: 'cde', f: 'gh' },
      raw: {},
    };
    expect(answerBytes(answer)).toBe(10 + 100 + (5 + 3) * 2 + 1024);
    answer.gzip = Buffer.alloc(30);
    expect(answerBytes(answer)).toBe(10 + 100 + 30 + 16 + 1024);
    answer.br = Buffer.alloc(20);
    answer.raw = { br: ['a'], identity: ['b'] };
    expect(answerBytes(answer)).toBe(10 + 100 + 30 + 20 + 16 + 400 + 1024);
  });

  it('is sent as 304 when If-None-Match matches, else compressed as the client takes it when worth it', () => {
    const big = makeAnswer('/big', bigJson, json);
    const small = makeAnswer('/small', Buffer.from('{}'), json);
    expect(formFor(big, { 'if-none-match': big.etag })).toBe('not-modified');
    expect(formFor(big, { 'if-none-match': big.etag, 'accept-encoding': 'br' })).toBe('not-modified');
    expect(formFor(big, { 'if-none-match': '"other"', 'accept-encoding': 'gzip, br' })).toBe('br');
    expect(formFor(big, { 'accept-encoding': 'gzip' })).toBe('gzip');
    expect(formFor(big, {})).toBe('identity');
    expect(formFor(small, { 'accept-encoding': 'br' })).toBe('identity');
  });

  it('makes each compressed form once, with its own bytes, and tells of the memory it adds', () => {
    const answer = makeAnswer('/big', bigJson, json);
    const grown: Answer[] = [];
    const onGrown = (a: Answer) => grown.push(a);
    expect(bodyOf(answer, 'not-modified', onGrown)).toBeNull();
    expect(bodyOf(answer, 'identity', onGrown)).toBe(answer.body);
    expect(grown).toEqual([]);
    const br = bodyOf(answer, 'br', onGrown) as Buffer;
    expect(brotliDecompressSync(br).equals(bigJson)).toBe(true);
    // Quality 5: brotli's default (11) takes many times longer for a large list.
    expect(br.equals(brotliCompressSync(bigJson, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }))).toBe(true);
    expect(answer.br).toBe(br);
    expect(grown).toEqual([answer]);
    expect(bodyOf(answer, 'br', onGrown)).toBe(br);
    expect(grown).toHaveLength(1);
    const gzip = bodyOf(answer, 'gzip', onGrown) as Buffer;
    expect(gunzipSync(gzip).equals(bigJson)).toBe(true);
    expect(answer.gzip).toBe(gzip);
    expect(gzip.byteOffset === 0 && gzip.buffer.byteLength === gzip.length).toBe(true);
    expect(grown).toHaveLength(2);
    expect(bodyOf(answer, 'gzip', onGrown)).toBe(gzip);
    expect(grown).toHaveLength(2);
  });
});

// A request left unanswered fails the test in 5 s, as in `npm test`, also in the mutation run (60 s there).
describe('a kept answer written to the socket (the pre-router)', { timeout: 5_000 }, () => {
  let server: Server;
  let port: number;
  let answer: Answer;
  let small: Answer;
  let grown = 0;

  beforeAll(async () => {
    answer = makeAnswer('/big', bigJson, { ...json, 'x-frame-options': 'DENY' });
    small = makeAnswer('/small', Buffer.from('{"total":3}'), json);
    server = createServer((req, res) => writeAnswer(req, res, req.url === '/small' ? small : answer, () => (grown += 1)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // also one a broken writer left unanswered
      }),
  );

  it('sends its bytes and headers, its length, and each compressed form with its coding', async () => {
    const plain = await send(port, 'GET', '/big');
    expect(plain.status).toBe(200);
    expect(plain.body.equals(bigJson)).toBe(true);
    expect(plain.headers['content-length']).toBe(String(bigJson.length));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(answer.etag);
    expect(plain.headers['x-frame-options']).toBe('DENY');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const br = await send(port, 'GET', '/big', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(brotliDecompressSync(br.body).equals(bigJson)).toBe(true);
    const gzip = await send(port, 'GET', '/big', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(bigJson)).toBe(true);
    expect(grown).toBe(2);
    // Sent again: the same header lists (made once per form), the same bytes.
    const lists = { ...answer.raw };
    expect(Object.keys(lists).sort()).toEqual(['br', 'gzip', 'identity']);
    expect((await send(port, 'GET', '/big', { 'accept-encoding': 'br' })).body.equals(br.body)).toBe(true);
    expect(answer.raw.br).toBe(lists.br);
    expect(grown).toBe(2);
  });

  it('answers 304 without a body or a length, and HEAD with the headers but no body', async () => {
    const revalidated = await send(port, 'GET', '/big', { 'if-none-match': answer.etag, 'accept-encoding': 'br' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers['content-length']).toBeUndefined();
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    expect(revalidated.headers.etag).toBe(answer.etag);
    const head = await send(port, 'HEAD', '/small');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(small.body.length));
    const get = await send(port, 'GET', '/small');
    expect(get.body.toString()).toBe('{"total":3}');
  });
});

// A request left unanswered fails the test in 5 s, as in `npm test`, also in the mutation run (60 s there).
describe('a kept answer sent through Fastify (its hooks)', { timeout: 5_000 }, () => {
  let app: FastifyInstance;
  let port: number;
  const big = makeAnswer('/big', bigJson, json);
  const small = makeAnswer('/small', Buffer.from('{"total":3}'), json);
  const plainText = makeAnswer('/plain', Buffer.from('hello'), { 'content-type': 'text/plain' });

  beforeAll(async () => {
    app = Fastify({ forceCloseConnections: true });
    const answers: Record<string, Answer> = { big, small, plain: plainText };
    app.get<{ Params: { name: string }; Querystring: { vary?: string; varies?: string } }>('/:name', (request, reply) => {
      // What the request's own hooks set before (CORS: its Vary), as one value or a list.
      if (request.query.vary) reply.header('vary', request.query.vary);
      if (request.query.varies) reply.header('vary', request.query.varies.split('.'));
      reply.header('access-control-allow-origin', 'https://partner.example');
      return reply.send(replyWith(reply, answers[request.params.name] as Answer, request.headers, () => {}));
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it("adds its headers to the request's own, its Vary after theirs, and its coding", async () => {
    const br = await send(port, 'GET', '/big?vary=Origin', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(bigJson)).toBe(true);
    expect(br.headers.vary).toBe('Origin, Accept-Encoding');
    expect(br.headers.etag).toBe(big.etag);
    expect(br.headers['access-control-allow-origin']).toBe('https://partner.example');
    const gzip = await send(port, 'GET', '/big?varies=Origin.Cookie', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(bigJson)).toBe(true);
    expect(gzip.headers.vary).toBe('Origin, Cookie, Accept-Encoding');
    const plain = await send(port, 'GET', '/big');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(bigJson)).toBe(true);
  });

  it('leaves Vary out when neither says it, keeps the one the request has, and answers 304 with no body', async () => {
    const none = await send(port, 'GET', '/plain');
    expect(none.body.toString()).toBe('hello');
    expect(none.headers.vary).toBeUndefined();
    const origin = await send(port, 'GET', '/small?vary=Origin', { 'accept-encoding': 'br' });
    expect(origin.headers.vary).toBe('Origin');
    expect(origin.headers['content-encoding']).toBeUndefined();
    expect(origin.body.toString()).toBe('{"total":3}');
    const revalidated = await send(port, 'GET', '/big', { 'if-none-match': big.etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(big.etag);
  });
});

describe('appendVary', () => {
  it('merges Vary values: each name once, the first spelling, in order; * alone', () => {
    expect(appendVary('Origin', 'Accept-Encoding')).toBe('Origin, Accept-Encoding');
    expect(appendVary('Origin, accept-encoding', 'Accept-Encoding')).toBe('Origin, accept-encoding');
    expect(appendVary(undefined, ' Accept-Encoding ,, Origin')).toBe('Accept-Encoding, Origin');
    expect(appendVary('Origin', '*')).toBe('*');
    expect(appendVary(undefined, undefined)).toBe('');
  });

  it('gives the same merges once it has seen more values than it keeps', () => {
    for (let n = 0; n < 600; n++) expect(appendVary(`X-Name-${n}`, 'Accept-Encoding')).toBe(`X-Name-${n}, Accept-Encoding`);
    expect(appendVary('Origin', 'origin, Accept-Encoding')).toBe('Origin, Accept-Encoding');
    expect(appendVary('Origin', 'origin, Accept-Encoding')).toBe('Origin, Accept-Encoding');
  });
});
