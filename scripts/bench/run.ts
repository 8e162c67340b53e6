// npm run bench -- [--products 100000] [--engine postgres|pglite|both] [--duration 3] [--rounds 3]
//                   [--connections 50] [--workers N] [--only text[,text…]] [--cold] [--varied]
//                   [--profile folder] [--shoppers N] [--staff N] [--think ms]
//
// `--shoppers 50 --duration 60`: people instead of wrk's closed loop (scripts/bench/journeys.ts): 50 shoppers
// walk the checkout with a pause between clicks; `--staff N` walk the admin's lists the same way.
//
// `--profile /tmp/prof`: the shop runs under `node --cpu-prof`, one profile per shop started, written to the
// folder when it stops; `node scripts/bench/profile-summary.mjs <file.cpuprofile>` prints where the time went.
//
// `--only cart,checkout,orders POST`: the cart and checkout calls of issue 19 (scripts/bench/checkout.ts), each
// request of another of 2,000 shoppers: a guest cart's read and a line set again, the checkout's quote with and
// without a discount code, the delivery countries, an order placed signed in and as a guest.
//
// `--only admin`: the admin's orders and products lists (as many orders as products, 10,000 customers, each
// call with a filter and a sort, an administrator's token).
//
// Seeds a catalogue of N products into a fresh database of the engine (PostgreSQL: a throw-away database on
// the server of BENCH_DATABASE_URL or DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// PGlite: a temporary directory), starts the built shop on it, and runs wrk (50 connections) against every
// catalogue read and against a plain Fastify server answering the same page-1 body from memory (the
// "ceiling"), in the same run. The machine is shared and its speed drifts from second to second, so every
// call is measured between two ceiling runs, its share is taken against those two, and the whole series is
// repeated (--rounds): the table shows the median of the rounds (req/s, share of the ceiling, p50, p99, CPU
// per answer: Node, and PostgreSQL's processes), with the lowest and highest share and the worst p99. One
// table per engine and size; with several sizes (--products 10000,100000) it adds the p50 growth from the
// smallest to the largest.
//
// --varied: instead, the varied workloads of workloads.ts (thousands of distinct list pages, filter sets with
// and without a page, search words of every kind, product pages, photos), each against a shop with the
// answer cache off (CACHE_MAX_MB=0) and one with it on, on the same database (each workload run once for a
// second first, without the cache, to warm the database), next to the plain Fastify ceiling and a raw
// node:http server writing the same body from memory, measured just before the workload. The table
// gives each workload's distinct requests, req/s, share of both ceilings, p50, p99, CPU per answer, and the
// shop's largest RSS.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ADJECTIVES, seedBenchCatalogue } from './catalogue.ts';
import { CHECKOUT_SHOP_ENV, checkoutRequests, SHOPPERS, seedBenchCheckout } from './checkout.ts';
import { fetchRequest, type Journey, type JourneyResult, quantile, walkJourneys } from './journeys.ts';
import { seedBenchOrders } from './orders.ts';
import { defaultEngine, throwawayDatabase } from './throwaway-database.ts';
import { seedVariantProduct, VARIANT_PRODUCT_SLUG } from './variant-product.ts';
import { type BenchRequest, requestsLua, variedWorkloads } from './workloads.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    engine: { type: 'string', default: defaultEngine() },
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    workers: { type: 'string', default: '1' },
    only: { type: 'string' },
    // Every request different (an unknown parameter the server ignores): no answer comes from the cache,
    // so the table shows what the database and the server's own work cost.
    cold: { type: 'boolean', default: false },
    varied: { type: 'boolean', default: false },
    // With --varied on PostgreSQL: a product's stock moves every this many ms while each workload runs, as
    // orders do (scripts/bench/stock-stream.mjs): what the kept answers keep through them.
    'stock-every': { type: 'string' },
    // The shop runs under `node --cpu-prof`: a CPU profile per shop process in this folder (read with
    // scripts/bench/profile-summary.mjs).
    profile: { type: 'string' },
    // Concurrent people instead of wrk's closed loop (scripts/bench/journeys.ts): `--shoppers 50` walk the
    // checkout journey, `--staff 4` the admin's lists, each with `--think` ms (±50 %) between clicks, for
    // `--duration` seconds; the table gives each call's p50, p95, p99 and worst latency.
    shoppers: { type: 'string', default: '0' },
    staff: { type: 'string', default: '0' },
    think: { type: 'string', default: '1000' },
  },
});
const people = { shoppers: Number(args.shoppers), staff: Number(args.staff), thinkMs: Number(args.think) };
const journeys = people.shoppers > 0 || people.staff > 0;
const sizes = args.products.split(',').map(Number);
/** `--only a,b`: the calls whose name holds one of the pieces (none: every call). */
const wanted = (name: string) => args.only === undefined || args.only.split(',').some((piece) => name.includes(piece));
const engines = args.engine === 'both' ? ['postgres', 'pglite'] : [args.engine];

function ensureWrk(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') return; // wrk --version exits 1 but exists
    console.log('wrk is missing: installing it with apt-get…');
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The PostgreSQL database measured: only its backends' CPU is counted (the server may be shared with other
 * work). Unset (PGlite), every `postgres` process counts.
 */
let measuredDatabase: string | null = null;
const backendOf = (id: string) => {
  if (!measuredDatabase) return true;
  try {
    return readFileSync(`/proc/${id}/cmdline`, 'utf8').includes(` ${measuredDatabase} `);
  } catch {
    return false;
  }
};

/** CPU time (ms) used so far by a process and its children, and by the PostgreSQL backends of the bench's database. */
function cpuMs(pid: number): { node: number; postgres: number } {
  const ticksPerMs = 100 / 1000;
  const stat = (id: string) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), comm: readFileSync(`/proc/${id}/comm`, 'utf8').trim() };
    } catch {
      return null;
    }
  };
  const all = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const stats = new Map(all.map((id) => [Number(id), stat(id)]));
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [id, info] of stats) {
      if (info && tree.has(info.ppid) && !tree.has(id)) {
        tree.add(id);
        grew = true;
      }
    }
  }
  let node = 0;
  let postgres = 0;
  for (const [id, info] of stats) {
    if (!info) continue;
    if (tree.has(id)) node += info.ticks;
    else if (info.comm === 'postgres' && backendOf(String(id))) postgres += info.ticks;
  }
  return { node: node / ticksPerMs, postgres: postgres / ticksPerMs };
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  nodeUs: number;
  postgresUs: number;
}

const toMs = (text: string) => {
  const match = /([\d.]+)(us|ms|s)/.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
};

function runWrk(
  name: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string; method?: 'POST' | 'PUT'; pid?: number; duration?: string; requests?: BenchRequest[] },
): Measured {
  const wrkArgs = ['-t2', `-c${args.connections}`, `-d${options.duration ?? args.duration}s`, '--latency'];
  for (const [key, value] of Object.entries(options.headers ?? {})) wrkArgs.push('-H', `${key}: ${value}`);
  const lua: string[] = [];
  if (options.body !== undefined) {
    lua.push(`wrk.method = "${options.method ?? 'POST'}"`, 'wrk.headers["Content-Type"] = "application/json"');
    lua.push(args.cold ? `local rest = ${JSON.stringify(options.body.slice(1))}` : `wrk.body = ${JSON.stringify(options.body)}`);
  }
  if (args.cold) {
    // A different request every time: a parameter (or body field) the server ignores.
    const path = new URL(url);
    const separator = path.search ? '&' : '?';
    lua.push('math.randomseed(os.time() + math.floor(os.clock() * 1000000))');
    lua.push(
      options.body !== undefined
        ? `request = function() return wrk.format(nil, nil, nil, '{"_":' .. math.random(1, 2000000000) .. ',' .. rest) end`
        : `request = function() return wrk.format(nil, ${JSON.stringify(path.pathname + path.search + separator)} .. "_=" .. math.random(1, 2000000000)) end`,
    );
  }
  if (options.requests) {
    // Many distinct requests, each connection walking the list from its own random start.
    lua.push(...requestsLua(new URL(url).pathname, options.requests));
  }
  if (lua.length > 0) {
    const script = join(tmpdir(), `emporium-wrk-${process.pid}.lua`);
    writeFileSync(script, `${lua.join('\n')}\n`);
    wrkArgs.push('-s', script);
  }
  const before = options.pid ? cpuMs(options.pid) : null;
  const output = execFileSync('wrk', [...wrkArgs, url], { encoding: 'utf8' });
  const after = options.pid ? cpuMs(options.pid) : null;
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0) + Number(/Socket errors:.*?timeout (\d+)/.exec(output)?.[1] ?? 0);
  const p50 = toMs(/\s50%\s+(\S+)/.exec(output)?.[1] ?? '');
  const p99 = toMs(/\s99%\s+(\S+)/.exec(output)?.[1] ?? '');
  const perAnswer = (ms: number) => (requests > 0 ? (ms * 1000) / requests : 0);
  return {
    name,
    rps,
    p50,
    p99,
    errors,
    nodeUs: before && after ? perAnswer(after.node - before.node) : 0,
    postgresUs: before && after ? perAnswer(after.postgres - before.postgres) : 0,
  };
}

/** Waits until a process (and its children) spends under 5 % of a core for two half-seconds in a row (at most 60 s). */
async function quiet(pid: number): Promise<void> {
  const started = Date.now();
  let calm = 0;
  let last = cpuMs(pid).node;
  while (calm < 2 && Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMs(pid).node;
    calm = now - last < 25 ? calm + 1 : 0;
    last = now;
  }
}

/** The resident memory (MB) of a process and its children. */
function rssMb(pid: number): number {
  const children = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((id) => {
    try {
      return Number(readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === pid;
    } catch {
      return false;
    }
  });
  let kb = 0;
  for (const id of [String(pid), ...children]) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

/** One line of the table: the median of the rounds, with the spread of the shares and the worst p99. */
interface Row extends Measured {
  share: number;
  p99Max: number;
  shareMin: number;
  shareMax: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function summarize(name: string, runs: Array<Measured & { share: number }>): Row {
  const of = (pick: (run: Measured & { share: number }) => number) => median(runs.map(pick));
  return {
    name,
    rps: of((run) => run.rps),
    share: of((run) => run.share),
    shareMin: Math.min(...runs.map((run) => run.share)),
    shareMax: Math.max(...runs.map((run) => run.share)),
    p50: of((run) => run.p50),
    p99: of((run) => run.p99),
    p99Max: Math.max(...runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    nodeUs: of((run) => run.nodeUs),
    postgresUs: of((run) => run.postgresUs),
  };
}

function startProcess(command: string, commandArgs: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, commandArgs, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}


/** The admin's lists, each with a filter and a sort (measured at as many orders as products). */
const ADMIN_CALLS = [
  'admin orders: to ship, by total',
  'admin orders: shipped and unpaid, oldest first',
  'admin orders: the middle page (cursor)',
  'admin orders: one customer by e-mail, by total',
  'admin products: low in stock, by price',
  'admin products: one category by name, a middle page (cursor)',
] as const;

/** The path of each admin list call, with its filter and sort. */
function adminPaths(size: number, categories: Array<{ _id: string }>): Array<[(typeof ADMIN_CALLS)[number], string]> {
  const [toShip, shipped, deep, customer, lowStock, byName] = ADMIN_CALLS;
  return [
    [toShip, '/admin/orders?toShip=true&sort=total-desc'],
    [shipped, '/admin/orders?status=shipped&payment=pending&sort=oldest'],
    [deep, `/admin/orders?after=${Math.floor(size / 2)}`],
    [customer, '/admin/orders?q=customer-4242%40&sort=total-desc'],
    [lowStock, '/admin/products?stock=low&sort=price-desc'],
    [byName, `/admin/products?category=${categories[3]?._id}&sort=name&after=${Math.floor(size / 2)}`],
  ];
}

/** The cart and checkout calls, each request of another of SHOPPERS shoppers (their own cart, cookie, token, address). */
const CHECKOUT_CALLS = [
  "cart, a guest's 5 lines",
  "cart/lines PUT, a guest's 5 lines",
  'checkout/quote, 5 lines, a zone with rates and taxes',
  'checkout/quote, the same with a discount code and an e-mail',
  'checkout/countries',
  'orders POST, signed in, 5 lines delivered to a zone',
  'guest-orders POST, 5 lines (the guest body of today)',
] as const;

// BENCH_DATABASE_SUFFIX (letters, digits, _): a database of its own when several people bench on one server.
const DATABASE_SUFFIX = /^\w+$/.test(process.env.BENCH_DATABASE_SUFFIX ?? '') ? `_${process.env.BENCH_DATABASE_SUFFIX}` : '';

async function seeded(engine: string, size: number, name = `emporium_bench_${size}${DATABASE_SUFFIX}`) {
  const target = await throwawayDatabase(engine, name);
  const seedStarted = Date.now();
  const database = await target.open(2);
  await database.migrate();
  await seedBenchCatalogue(database.db, size);
  // The admin's lists (`--only admin`): as many orders as products, and an administrator's token.
  const adminCalls = !args.varied && (journeys ? people.staff > 0 : ADMIN_CALLS.some(wanted));
  const adminToken = adminCalls ? await seedBenchOrders(database.db, size) : '';
  // The cart and checkout calls (issue 19): zones, a code, SHOPPERS customers and guest carts.
  const checkoutCalls = !args.varied && (journeys ? people.shoppers > 0 : CHECKOUT_CALLS.some(wanted));
  const checkout = checkoutCalls ? await seedBenchCheckout(database.db, size) : null;
  await seedVariantProduct(database.db);
  // The seed's hundreds of MB are written out now, not by the kernel's writeback in the middle of the run
  // (where it stalled every commit's WAL flush for up to half a second, 30-40 s after the seed).
  if (engine === 'postgres') await database.db.execute(sql`checkpoint`);
  await database.close();
  execFileSync('sync');
  console.log(`${engine}, ${size} products${adminToken ? ` and ${size} orders` : ''}${checkout ? `, ${SHOPPERS} shoppers` : ''}: seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  return Object.assign(target, { adminToken, checkout });
}

/** The built shop on the bench's database, on a free port. */
async function startShop(target: { databaseUrl?: string; dataDir?: string }, env: Record<string, string> = {}) {
  const port = await freePort();
  const profiling = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [];
  const server = startProcess(process.execPath, [...profiling, 'dist/server/server.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    WEB_CONCURRENCY: args.workers,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl, DATABASE_POOL_MAX: '10' } : { DATA_DIR: target.dataDir ?? '' }),
    ...env,
  });
  return { server, base: `http://127.0.0.1:${port}` };
}

async function benchOne(engine: string, size: number): Promise<Row[]> {
  const target = await seeded(engine, size);
  const { adminToken, checkout } = target;
  measuredDatabase = target.databaseUrl ? new URL(target.databaseUrl).pathname.slice(1) : null;
  const { server, base } = await startShop(target, checkout ? CHECKOUT_SHOP_ENV : {});
  const ceilingPort = await freePort();
  let ceiling: ChildProcess | undefined;
  try {
    await waitFor(`${base}/readyz`);
    const api = `${base}/api/v1`;
    const get = async (path: string) => (await fetch(`${api}${path}`)).json();
    const categories = (await get('/category/get-category')).category as { _id: string; slug: string }[];
    const newest = (await get('/product/product-list/1')).products as { _id: string; slug: string; category: { _id: string } }[];
    const middle = `bench-product-${Math.floor(size / 2)}`;
    const middleProduct = (await get(`/product/get-product/${middle}`)).product as { _id: string; category: { _id: string } };
    const photoId = newest[0]?._id ?? '1';
    const etag = (await fetch(`${api}/product/product-photo/${photoId}`)).headers.get('etag') ?? '';
    const common = ADJECTIVES[7]; // in 4 % of the names
    const calls: Array<[string, string, { headers?: Record<string, string>; body?: string; method?: 'PUT'; requests?: BenchRequest[] }?]> = [
      ['product-list/1', '/product/product-list/1'],
      ['product-list, middle page', `/product/product-list/${Math.max(1, Math.floor(size / 12 / 2))}`],
      ['product-filters (3 categories + a band)', '/product/product-filters', {
        body: JSON.stringify({ checked: categories.slice(0, 3).map((c) => c._id), radio: [20, 39], page: 1 }),
      }],
      [`search, a word in 4 % ('${common}')`, `/product/search/${common}?page=1`],
      ['search, a word in none', '/product/search/zzyzx?page=1'],
      ['get-product/{slug}', `/product/get-product/${middle}`],
      ['related-product', `/product/related-product/${middleProduct._id}/${middleProduct.category._id}`],
      ['product-photo, matching ETag (304)', `/product/product-photo/${photoId}`, { headers: { 'if-none-match': etag } }],
      // The product page of a product with 2,048 variants and 20 photos (issue 18): its product and its variants.
      ['get-product/{slug}, 2,048 variants', `/product/get-product/${VARIANT_PRODUCT_SLUG}`],
      ['product-variants/{slug}, 2,048 variants and 20 photos', `/product/product-variants/${VARIANT_PRODUCT_SLUG}`],
      ['get-category', '/category/get-category'],
      ['product-category/{slug}', `/product/product-category/${categories[0]?.slug}?page=1`],
      ['product-count', '/product/product-count'],
    ];
    if (checkout) {
      const requests = checkoutRequests(checkout);
      const [cartRead, cartSet, quote, quoteWithCode, countries, placeOrder, placeGuestOrder] = CHECKOUT_CALLS;
      calls.push(
        [cartRead, '', { requests: requests.cartRead }],
        [cartSet, '', { requests: requests.cartSet }],
        [quote, '', { requests: requests.quote }],
        [quoteWithCode, '', { requests: requests.quoteWithCode }],
        [countries, '', { requests: requests.countries }],
        // Placing orders last: they change the catalogue's stock (its cached answers are dropped).
        [placeOrder, '', { requests: requests.placeOrder }],
        [placeGuestOrder, '', { requests: requests.placeGuestOrder }],
      );
    }
    if (adminToken) {
      const admin = { headers: { authorization: adminToken } };
      for (const [name, path] of adminPaths(size, categories)) calls.push([name, path, admin]);
    }
    const selected = calls.filter(([name]) => wanted(name));
    // Each call of many requests answers its first one well, or the bench stops with the answer.
    for (const [name, , options] of selected) {
      const first = options?.requests?.[0];
      if (!first) continue;
      const res = await fetchRequest(api, first);
      if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    }

    const ceilingBody = Buffer.from(await (await fetch(`${api}/product/product-list/1`)).arrayBuffer());
    ceiling = startProcess(process.execPath, ['scripts/bench/ceiling.mjs'], {
      PORT: String(ceilingPort),
      CEILING_BODY: ceilingBody.toString('base64'),
    });
    await waitFor(`http://127.0.0.1:${ceilingPort}/ceiling`);

    // Warm up every call and the ceiling (caches, the JIT, the database's buffers): a second of load each.
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}/ceiling`;
    const warm = { duration: '1' };
    runWrk('warm-up', ceilingUrl, warm);
    for (const [, path, options] of selected) runWrk('warm-up', `${api}${path}`, { ...options, ...warm });
    // Ceiling, call, ceiling, call, …, ceiling: each call's share is against the ceiling runs on either side.
    const rounds: Array<{ ceilings: Measured[]; calls: Array<Measured & { share: number }> }> = [];
    for (let round = 0; round < Number(args.rounds); round++) {
      const ceilings = [runWrk('ceiling', ceilingUrl, { pid: ceiling.pid })];
      const measured: Array<Measured & { share: number }> = [];
      for (const [name, path, options] of selected) {
        const call = runWrk(name, `${api}${path}`, { ...options, pid: server.pid });
        const before = ceilings[ceilings.length - 1] as Measured;
        const after = runWrk('ceiling', ceilingUrl, { pid: ceiling.pid });
        ceilings.push(after);
        measured.push({ ...call, share: call.rps / ((before.rps + after.rps) / 2) });
      }
      rounds.push({ ceilings, calls: measured });
    }
    const results: Row[] = [summarize('ceiling (fixed JSON)', rounds.flatMap((round) => round.ceilings.map((row) => ({ ...row, share: 1 }))))];
    for (const [name] of selected) {
      results.push(summarize(name, rounds.map((round) => round.calls.find((row) => row.name === name) as Measured & { share: number })));
    }
    return results;
  } finally {
    if (ceiling) await stop(ceiling);
    await stop(server);
    await target.drop();
  }
}

/**
 * `--shoppers N --staff M`: N shoppers walk the checkout (a guest cart read, a line set again, the quote,
 * the delivery countries, the quote with a code, then an order: signed in, or as a guest every other time),
 * M staff walk the six admin lists, each person with a think time between clicks; a first walk of 5 s warms
 * the shop up. Answers each call's latencies, and the shop's and PostgreSQL's CPU per answer in all.
 */
async function benchJourneys(engine: string, size: number) {
  const target = await seeded(engine, size);
  const { adminToken, checkout } = target;
  measuredDatabase = target.databaseUrl ? new URL(target.databaseUrl).pathname.slice(1) : null;
  const { server, base } = await startShop(target, checkout ? CHECKOUT_SHOP_ENV : {});
  try {
    await waitFor(`${base}/readyz`);
    const api = `${base}/api/v1`;
    const categories = ((await (await fetch(`${api}/category/get-category`)).json()) as { category: Array<{ _id: string }> }).category;
    const requests = checkout ? checkoutRequests(checkout) : null;
    const admin = adminPaths(size, categories).map(([call, path]) => ({ call, request: { path, headers: { authorization: adminToken } } }));
    const [cartRead, cartSet, quote, quoteWithCode, countries, placeOrder, placeGuestOrder] = CHECKOUT_CALLS;
    // Users 0 … shoppers-1 shop; the rest are staff. A shopper's n-th journey is of fixture shopper
    // user + n × shoppers (no two people share a cart, an account or an address).
    const journey: Journey = (user, n) => {
      if (user >= people.shoppers || !requests) return admin;
      const shopper = (user + n * people.shoppers) % SHOPPERS;
      const pick = (list: typeof requests.cartRead) => list[shopper % list.length] as (typeof list)[number];
      return [
        { call: cartRead, request: pick(requests.cartRead) },
        { call: cartSet, request: pick(requests.cartSet) },
        { call: quote, request: pick(requests.quote) },
        { call: countries, request: pick(requests.countries) },
        { call: quoteWithCode, request: pick(requests.quoteWithCode) },
        n % 2 === 0 ? { call: placeOrder, request: pick(requests.placeOrder) } : { call: placeGuestOrder, request: pick(requests.placeGuestOrder) },
      ];
    };
    const users = people.shoppers + people.staff;
    await walkJourneys(api, journey, { users, seconds: 5, thinkMs: people.thinkMs });
    const before = cpuMs(server.pid ?? 0);
    const started = Date.now();
    const results = await walkJourneys(api, journey, { users, seconds: Number(args.duration), thinkMs: people.thinkMs });
    const seconds = (Date.now() - started) / 1000;
    const after = cpuMs(server.pid ?? 0);
    const answers = results.reduce((sum, row) => sum + row.latencies.length, 0);
    return { results, answers, seconds, nodeUs: ((after.node - before.node) * 1000) / answers, postgresUs: ((after.postgres - before.postgres) * 1000) / answers };
  } finally {
    await stop(server);
    await target.drop();
  }
}

function printJourneys(title: string, run: { results: JourneyResult[]; answers: number; seconds: number; nodeUs: number; postgresUs: number }): void {
  console.log(`\n### ${title}\n`);
  console.log('| call | answers | errors | p50 | p95 | p99 | worst |');
  console.log('|---|---|---|---|---|---|---|');
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  for (const row of run.results) {
    const q = (at: number) => ms(quantile(row.latencies, at));
    console.log(`| ${row.call} | ${row.latencies.length} | ${row.errors} | ${q(0.5)} | ${q(0.95)} | ${q(0.99)} | ${ms(Math.max(...row.latencies))} |`);
  }
  console.log(
    `\n${run.answers} answers in ${run.seconds.toFixed(0)} s (${(run.answers / run.seconds).toFixed(0)} a second); CPU per answer, all calls: ${run.nodeUs.toFixed(0)} us (Node) + ${run.postgresUs.toFixed(0)} us (PostgreSQL).`,
  );
}

interface VariedRow {
  name: string;
  distinct: number;
  /** The size of the body both ceilings answer for this workload (its answers' median). */
  bodyBytes: number;
  cacheOn: Measured;
  cacheOff: Measured;
  fastify: Measured;
  raw: Measured;
  /** The shop's resident memory (MB) just after the workload, with the cache and without. */
  rssOn: number;
  rssOff: number;
}

/** Waits until the shop answers its health check within 50 ms (the backlog of a slow workload is gone). */
async function drained(url: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const started = Date.now();
    await fetch(url).then((res) => res.arrayBuffer());
    if (Date.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The varied workloads on one engine and size: a shop with the answer cache and one without (on PGlite, one
 * process owns the data folder: the two run one after the other), each workload after both ceilings.
 */
async function benchVaried(engine: string, size: number): Promise<VariedRow[]> {
  // Its own name: another bench on the same server may be using emporium_bench_N.
  const target = await seeded(engine, size, `emporium_bench_varied_${size}_${process.pid}`);
  const ceilings: ChildProcess[] = [];
  const shops: Array<{ server: ChildProcess; base: string }> = [];
  let stockStream: ChildProcess | undefined;
  try {
    const ceilingBody = await (async () => {
      // The shop without the cache first: it finds the bench's ids and warms the database up.
      const shop = await startShop(target, { CACHE_MAX_MB: '0' });
      shops.push(shop);
      await waitFor(`${shop.base}/readyz`);
      return Buffer.from(await (await fetch(`${shop.base}/api/v1/product/product-list/1`)).arrayBuffer());
    })();
    const api = (base: string) => `${base}/api/v1`;
    const first = shops[0] as { server: ChildProcess; base: string };
    const get = async (path: string) => (await fetch(`${api(first.base)}${path}`)).json();
    const categories = ((await get('/category/get-category')).category as { _id: string }[]).map((category) => category._id);
    const newest = (await get('/product/product-list/1')).products as { _id: string; hasPhoto: boolean }[];
    const photos: Array<{ id: string; etag: string; width?: number }> = [];
    for (const product of newest.filter((row) => row.hasPhoto)) {
      for (const width of [undefined, 320, 640]) {
        const res = await fetch(`${api(first.base)}/product/product-photo/${product._id}${width ? `?w=${width}` : ''}`);
        await res.arrayBuffer();
        photos.push({ id: product._id, etag: res.headers.get('etag') ?? '', ...(width ? { width } : {}) });
      }
    }
    const workloads = variedWorkloads(size, categories, photos);
    const selected = workloads.filter((workload) => wanted(workload.name));

    // Each workload's ceilings answer a body of its own answers' size (the median of its first 15): an
    // unpaged answer of 1,000 products is measured against servers writing as many bytes.
    const bodyFile = join(tmpdir(), `emporium-bench-body-${process.pid}`);
    const bodyOf = async (workload: { requests: BenchRequest[] }): Promise<Buffer> => {
      const bodies: Buffer[] = [];
      for (const request of workload.requests.slice(0, 15)) {
        const method = request.method ?? (request.body ? 'POST' : 'GET');
        const res = await fetch(`${api(first.base)}${request.path}`, {
          method,
          headers: { ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
          ...(request.body ? { body: request.body } : {}),
        });
        bodies.push(Buffer.from(await res.arrayBuffer()));
      }
      bodies.sort((a, b) => a.length - b.length);
      return bodies[Math.floor(bodies.length / 2)] ?? ceilingBody;
    };
    const fastifyPort = await freePort();
    const rawPort = await freePort();
    const fastifyUrl = `http://127.0.0.1:${fastifyPort}/ceiling`;
    const rawUrl = `http://127.0.0.1:${rawPort}/ceiling`;
    const warm = { duration: '1' };
    let ceilingBytes = -1;
    const startCeilings = async (body: Buffer) => {
      if (body.length === ceilingBytes) return;
      for (const child of ceilings.splice(0)) await stop(child);
      writeFileSync(bodyFile, body);
      ceilingBytes = body.length;
      const ceilingEnv = { CEILING_BODY_FILE: bodyFile };
      ceilings.push(startProcess(process.execPath, ['scripts/bench/ceiling.mjs'], { PORT: String(fastifyPort), ...ceilingEnv }));
      ceilings.push(startProcess(process.execPath, ['scripts/bench/ceiling-raw.mjs'], { PORT: String(rawPort), ...ceilingEnv }));
      await waitFor(fastifyUrl);
      await waitFor(rawUrl);
      runWrk('warm-up', fastifyUrl, warm);
      runWrk('warm-up', rawUrl, warm);
    };
    const bodies = new Map<string, Buffer>();
    for (const workload of selected) bodies.set(workload.name, await bodyOf(workload));

    // Every workload once, a second each, on the shop without the cache: the database's buffers and the
    // JIT are warm for both shops (nothing is kept that the measured runs would find).
    for (const workload of selected) {
      runWrk('warm-up', api(first.base), { ...warm, requests: workload.requests });
      await drained(`${first.base}/readyz`);
    }
    const measured = new Map<string, Partial<VariedRow>>();
    for (const cache of ['off', 'on'] as const) {
      // PGlite's folder belongs to one process: the shop without the cache stops before the other starts.
      if (cache === 'on') {
        if (!target.databaseUrl) await stop(first.server);
        shops.push(await startShop(target));
      }
      const shop = shops[shops.length - 1] as { server: ChildProcess; base: string };
      await waitFor(`${shop.base}/readyz`);
      runWrk('warm-up', `${api(shop.base)}/product/product-list/1`, warm);
      // The warm-up's first list built the list index (0.2 s at 100,000 products), then every product's JSON
      // is kept in the background (2-3 s of CPU); a search starts the search index's build (1-3 s, far longer
      // while searches flood in and are answered by queries meanwhile): both shops are measured with them
      // built, once the shop's CPU has gone quiet (on a slow host a fixed 4 s was not enough).
      if (selected.some((workload) => workload.name.startsWith('search'))) await fetch(`${api(shop.base)}/product/search/warmup?page=1`);
      await quiet(shop.server.pid as number);
      if (args['stock-every'] && target.databaseUrl && !stockStream) {
        stockStream = startProcess(process.execPath, ['scripts/bench/stock-stream.mjs'], {
          DATABASE_URL: target.databaseUrl,
          PRODUCTS: String(size),
          EVERY_MS: args['stock-every'],
        });
      }
      for (const workload of selected) {
        const row = measured.get(workload.name) ?? { name: workload.name, distinct: workload.requests.length };
        if (cache === 'off') {
          const body = bodies.get(workload.name) ?? ceilingBody;
          await startCeilings(body);
          row.bodyBytes = body.length;
          row.fastify = runWrk('fastify', fastifyUrl, { pid: ceilings[0]?.pid });
          row.raw = runWrk('raw', rawUrl, { pid: ceilings[1]?.pid });
        }
        const run = runWrk(workload.name, api(shop.base), { pid: shop.server.pid, requests: workload.requests });
        row[cache === 'on' ? 'cacheOn' : 'cacheOff'] = run;
        row[cache === 'on' ? 'rssOn' : 'rssOff'] = rssMb(shop.server.pid ?? 0);
        // Requests wrk gave up on (its 2 s timeout) are still being answered: let them end before the next.
        await drained(`${shop.base}/readyz`);
        measured.set(workload.name, row);
      }
    }
    return [...measured.values()] as VariedRow[];
  } finally {
    if (stockStream) await stop(stockStream);
    for (const child of ceilings) await stop(child);
    rmSync(join(tmpdir(), `emporium-bench-body-${process.pid}`), { force: true });
    for (const shop of shops) await stop(shop.server);
    await target.drop();
  }
}

function printVaried(title: string, rows: VariedRow[]): void {
  console.log(`\n### ${title}\n`);
  console.log('| workload | distinct requests | body | cache | req/s | of Fastify ceiling | of raw node:http | p50 | p99 | CPU per answer (node + PostgreSQL) | RSS |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    for (const [cache, run, rss] of [['on', row.cacheOn, row.rssOn], ['off', row.cacheOff, row.rssOff]] as const) {
      if (!run) continue;
      const cpu = run.postgresUs > 0 ? `${run.nodeUs.toFixed(0)} us + ${run.postgresUs.toFixed(0)} us` : `${run.nodeUs.toFixed(0)} us`;
      const errors = run.errors > 0 ? ` (${run.errors} errors)` : '';
      console.log(
        `| ${row.name} | ${row.distinct.toLocaleString('en-US')} | ${(row.bodyBytes / 1024).toFixed(1)} kB | ${cache} | ${Math.round(run.rps).toLocaleString('en-US')}${errors} | ${(run.rps / row.fastify.rps).toFixed(3)} | ${(run.rps / row.raw.rps).toFixed(3)} | ${run.p50.toFixed(2)} ms | ${run.p99.toFixed(2)} ms | ${cpu} | ${Math.round(rss)} MB |`,
      );
    }
  }
  const fastify = rows.map((row) => row.fastify.rps);
  const raw = rows.map((row) => row.raw.rps);
  console.log(`\nCeilings in this run: Fastify ${Math.round(Math.min(...fastify))}-${Math.round(Math.max(...fastify))} req/s, raw node:http ${Math.round(Math.min(...raw))}-${Math.round(Math.max(...raw))} req/s (each measured just before its workload, answering a body of the workload's answers' median size).`);
}

function printTable(title: string, results: Row[], smaller?: Row[]): void {
  const growth = smaller ? ' p50 vs smallest |' : '';
  const ceiling = results[0];
  console.log(`\n### ${title}\n`);
  if (ceiling) {
    console.log(`Ceiling: ${Math.round(ceiling.rps).toLocaleString('en-US')} req/s (median of its runs). Share: the median of ${args.rounds} rounds, each against the ceiling runs just before and after it (lowest-highest in brackets); p50 and p99 the median round's, the worst round's p99 in brackets.\n`);
  }
  console.log(`| call | req/s | of ceiling | p50 | p99 | server CPU per answer (node + PostgreSQL) |${growth}`);
  console.log(`|---|---|---|---|---|---|${smaller ? '---|' : ''}`);
  for (const row of results) {
    const cpu = row.postgresUs > 0 ? `${row.nodeUs.toFixed(0)} us + ${row.postgresUs.toFixed(0)} us` : `${row.nodeUs.toFixed(0)} us`;
    const base = smaller?.find((other) => other.name === row.name);
    const ratio = smaller ? ` ${base ? `${(row.p50 / base.p50).toFixed(2)}x` : ''} |` : '';
    const errors = row.errors > 0 ? ` (${row.errors} errors)` : '';
    const spread = row === ceiling ? '' : ` (${row.shareMin.toFixed(2)}-${row.shareMax.toFixed(2)})`;
    console.log(
      `| ${row.name} | ${Math.round(row.rps).toLocaleString('en-US')}${errors} | ${row.share.toFixed(2)}${spread} | ${row.p50.toFixed(2)} ms | ${row.p99.toFixed(2)} ms (${row.p99Max.toFixed(1)}) | ${cpu} |${ratio}`,
    );
  }
}

ensureWrk();
if (!existsSync('dist/server/server.js')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
for (const engine of engines) {
  let smallest: Row[] | undefined;
  for (const size of sizes) {
    if (journeys) {
      const who = [people.shoppers ? `${people.shoppers} shoppers` : '', people.staff ? `${people.staff} staff` : ''].filter(Boolean).join(' and ');
      printJourneys(`${engine}, ${size.toLocaleString('en-US')} products, ${who}, a click every ${people.thinkMs} ms (±50 %), ${args.duration} s`, await benchJourneys(engine, size));
      continue;
    }
    if (args.varied) {
      const moving = args['stock-every'] ? `, a product's stock moving every ${args['stock-every']} ms` : '';
      printVaried(`${engine}, ${size.toLocaleString('en-US')} products, ${args.connections} connections, ${args.duration} s per workload, varied requests${moving}`, await benchVaried(engine, size));
      continue;
    }
    const results = await benchOne(engine, size);
    const workers = Number(args.workers) > 1 ? `, ${args.workers} workers` : '';
    const cold = args.cold ? ', every request different (no cached answers)' : '';
    printTable(`${engine}, ${size.toLocaleString('en-US')} products, ${args.connections} connections${workers}${cold}`, results, smallest);
    smallest ??= results;
  }
}
