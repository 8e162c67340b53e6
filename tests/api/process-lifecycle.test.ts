import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, serverEnv, spawnServer, stoppedReason } from '../setup/server-process.ts';
import { freshDatabase, NO_ORDER_LIMITS, type TestDatabase } from '../setup/test-app.ts';
import { waitFor } from '../setup/wait-for.ts';

/**
 * The real start script as a process, on this run's engine: PGlite in DATA_DIR, or this run's PostgreSQL
 * (DATA_DIR then holds the kept mails).
 */
const postgres = process.env.TEST_DB_ENGINE === 'postgres';
let database: TestDatabase | null = null;
const children: ServerProcess[] = [];

beforeAll(async () => {
  if (postgres) database = await freshDatabase();
});
afterAll(async () => {
  await database?.drop();
});
afterEach(() => {
  for (const { child } of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function start(dataDir: string, port: number, extra: Record<string, string> = {}): Promise<{ server: ServerProcess; api: string }> {
  const server = spawnServer(
    serverEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'owner-password-1',
    // Six checkouts from one account: the unpaid-order limits are tested in order-limits.test.ts.
    ...NO_ORDER_LIMITS,
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
    ...extra,
    }),
  );
  children.push(server);
  // Ready when this process says it listens on the port and answers there (a busy machine starts slowly).
  await waitFor(
    async () => server.output().includes(`Server listening at http://127.0.0.1:${port}`) && (await fetch(`http://127.0.0.1:${port}/readyz`).then((res) => res.ok, () => false)),
    { timeoutMs: 90_000, everyMs: 50, what: `the server on port ${port}`, stopIf: stoppedReason(server) },
  );
  return { server, api: `http://127.0.0.1:${port}/api/v1` };
}

const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
  body: JSON.stringify(body),
});

/** Every folder and file under `dir` (itself included) with its permission bits. */
function modes(dir: string): Array<{ path: string; folder: boolean; mode: number }> {
  const stat = statSync(dir);
  const here = { path: dir, folder: stat.isDirectory(), mode: stat.mode & 0o777 };
  if (!here.folder) return [here];
  return [here, ...readdirSync(dir).flatMap((name) => modes(join(dir, name)))];
}


describe('the data folder', () => {
  it('is its user\'s only: an open folder is tightened at start (with a log line), and every file made later is 0600', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'emporium-modes-')), 'data');
    mkdirSync(join(dataDir, 'old'), { recursive: true });
    writeFileSync(join(dataDir, 'old', 'note.txt'), 'left here');
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'old'), 0o777);
    chmodSync(join(dataDir, 'old', 'note.txt'), 0o644);
    const { server, api } = await start(dataDir, await freePort());
    expect(server.output()).toContain('DATA_DIR was open to other users: it is now private');
    expect(server.output()).toContain('"tightened":3');
    // A mail kept as a file (no SMTP_URL): the welcome of a new account, with the shopper's details.
    const register = await fetch(`${api}/auth/register`, json({ name: 'Mo', email: 'mo@example.com', password: 'mo-password', phone: '1', address: 'Here', answer: 'blue' }));
    expect(register.status).toBe(201);
    const mails = await waitFor(() => {
      const dir = join(dataDir, 'mail');
      const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
      return names.length > 0 ? names : undefined;
    }, { everyMs: 50, what: 'the welcome mail' });
    expect(mails.length).toBe(1);
    const entries = modes(dataDir);
    if (!postgres) expect(entries.filter((entry) => !entry.folder).length).toBeGreaterThan(20); // PGlite's own files
    const loose = entries.filter((entry) => entry.mode !== (entry.folder ? 0o700 : 0o600));
    expect(loose.map((entry) => `${entry.path.slice(dataDir.length)} ${entry.mode.toString(8)}`)).toEqual([]);
  }, 180_000);
});

/** A raw HTTP/1.1 exchange: the head is sent now, the body when asked; the whole answer is read. */
class Exchange {
  private received = Buffer.alloc(0);
  private readonly socket: Socket;
  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => (this.received = Buffer.concat([this.received, chunk])));
  }

  /** Sends the head with `Expect: 100-continue` and resolves when the server says it has read it. */
  static async open(port: number, method: string, path: string, headers: Record<string, string>, length: number): Promise<Exchange> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const exchange = new Exchange(socket);
    const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers, 'content-length': String(length), expect: '100-continue' }).map(([name, value]) => `${name}: ${value}`);
    socket.write(`${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    await waitFor(() => exchange.received.toString('latin1').startsWith('HTTP/1.1 100'), { everyMs: 50, what: '100 Continue' });
    exchange.received = exchange.received.subarray(exchange.received.indexOf('\r\n\r\n') + 4);
    return exchange;
  }

  /** The body, in two parts. */
  async send(body: string): Promise<void> {
    const half = Math.floor(body.length / 2);
    this.socket.write(body.slice(0, half));
    await new Promise((resolve) => setImmediate(resolve));
    this.socket.write(body.slice(half));
  }

  /** The answer's status, head and body, once the whole body (by its Content-Length) has arrived. */
  answer(): Promise<{ status: number; head: string; body: string }> {
    return waitFor(
      () => {
        const text = this.received.toString('utf8');
        const end = text.indexOf('\r\n\r\n');
        if (end === -1) return undefined;
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? NaN);
        const body = this.received.subarray(Buffer.byteLength(text.slice(0, end + 4)));
        if (!(body.length >= length)) return undefined;
        return { status: Number(text.slice(9, 12)), head: text.slice(0, end), body: body.subarray(0, length).toString('utf8') };
      },
      { timeoutMs: 15_000, everyMs: 50, what: 'a whole answer' },
    );
  }
}

/** Whether a new connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('a restart', () => {
  it('answers every request whose head arrived before SIGTERM, bodies still arriving, and refuses only new connections', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'emporium-restart-')), 'new', 'data');
    const port = await freePort();
    const { server, api } = await start(dataDir, port);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700); // created private
    const owner = await (await fetch(`${api}/auth/login`, json({ email: 'owner@example.com', password: 'owner-password-1' }))).json();
    const category = await (await fetch(`${api}/category/create-category`, json({ name: 'Restart Shelf' }, owner.token))).json();
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Restart Kettle', description: 'Boils.', price: '12', quantity: '50', category: category.category._id })) form.append(key, value);
    const product = await (await fetch(`${api}/product/create-product`, { method: 'POST', headers: { authorization: owner.token }, body: form })).json();
    expect((await fetch(`${api}/auth/register`, json({ name: 'Rae', email: 'rae@example.com', password: 'rae-password', phone: '1', address: '2 Restart Road', answer: 'x' }))).status).toBe(201);
    const shopper = await (await fetch(`${api}/auth/login`, json({ email: 'rae@example.com', password: 'rae-password' }))).json();

    // 14 product-filters (read by the pre-router before Fastify) and 6 checkouts: heads in, bodies not yet.
    const filtersBody = (n: number) => JSON.stringify({ checked: [category.category._id], radio: n % 2 ? [0, 19] : [], page: 1 + (n % 3) });
    const orderBody = JSON.stringify({ cart: [{ _id: product.product._id }] });
    const exchanges = await Promise.all([
      ...Array.from({ length: 14 }, (_, n) =>
        Exchange.open(port, 'POST', '/api/v1/product/product-filters', { 'content-type': 'application/json' }, Buffer.byteLength(filtersBody(n))).then((exchange) => ({ exchange, body: filtersBody(n), kind: 'filters' })),
      ),
      ...Array.from({ length: 6 }, () =>
        Exchange.open(port, 'POST', '/api/v1/auth/orders', { 'content-type': 'application/json', authorization: shopper.token }, Buffer.byteLength(orderBody)).then((exchange) => ({ exchange, body: orderBody, kind: 'order' })),
      ),
    ]);

    server.child.kill('SIGTERM');
    await waitFor(() => refused(port), { everyMs: 50, what: 'new connections refused' });
    for (const { exchange, body } of exchanges) await exchange.send(body);
    const answers = await Promise.all(exchanges.map(async ({ exchange, kind }) => ({ kind, ...(await exchange.answer()) })));
    expect(answers.map(({ kind, status }) => `${kind} ${status}`)).toEqual([...Array(14).fill('filters 200'), ...Array(6).fill('order 201')]);
    for (const { kind, head, body } of answers) {
      expect(head).toMatch(/\r\nconnection: close\r\n/i); // the client's next request goes to a new connection
      const parsed = JSON.parse(body);
      expect(parsed.success).toBe(true);
      if (kind === 'filters') expect(parsed.total).toBe(1);
      else expect(parsed.order.products).toHaveLength(1);
    }
    expect(await server.exited).toBe(0);

    // Started again at once, on the same data: the six orders were made.
    const again = await start(dataDir, port);
    const login = await (await fetch(`${api}/auth/login`, json({ email: 'owner@example.com', password: 'owner-password-1' }))).json();
    const orders = await fetch(`${api}/auth/all-orders?page=1`, { headers: { authorization: login.token } });
    expect(orders.headers.get('x-total-count')).toBe('6');
    again.server.child.kill('SIGTERM');
    expect(await again.server.exited).toBe(0);
  }, 300_000);
});
