import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/server/db/schema.ts';
import { makeAdmin, makeCategory, makeProduct, multipart } from '../factories.ts';
import { freePort, type ServerProcess, spawnServer, waitReady } from '../setup/server-process.ts';
import { startSmtpServer } from '../setup/smtp.ts';
import { freshDatabase, type TestDatabase } from '../setup/test-app.ts';
import { waitFor } from '../setup/wait-for.ts';

/**
 * Several server processes on one PostgreSQL (the PostgreSQL project only): process A runs two workers
 * (WEB_CONCURRENCY=2), process B one. A change made through one is seen through the other within a
 * second, and the per-address sign-in limit, kept in Redis, holds across all of them.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 6;

interface Started extends ServerProcess {
  base: string;
}

async function startServer(databaseUrl: string, extra: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const { TEST_DATABASE_URL: _unused, ...env } = process.env;
  const server = spawnServer({
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '4',
    ...extra,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(base, server);
  return { ...server, base };
}

describe('several server processes on one database', () => {
  let database: TestDatabase;
  let a: Started;
  let b: Started;
  let adminToken: string;
  let productId: number;
  let categoryId: number;
  let slug: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await freshDatabase();
    const { db } = database.database;
    const admin = await makeAdmin(db);
    adminToken = admin.token;
    categoryId = (await makeCategory(db, 'Shared Shelf')).id;
    const product = await makeProduct(db, { categoryId, name: 'Shared Kettle', price: 10 });
    productId = product.id;
    slug = product.slug;
    const url = database.url;
    if (!url) throw new Error('this test runs on PostgreSQL only');
    const shared = {
      REDIS_URL,
      REDIS_KEY_PREFIX: `emporium-test-${randomBytes(4).toString('hex')}:`,
      AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      SMTP_URL: smtp.url,
    };
    [a, b] = await Promise.all([
      startServer(url, { ...shared, WEB_CONCURRENCY: '2' }),
      startServer(url, { ...shared, WEB_CONCURRENCY: '1' }),
    ]);
  }, 90_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      }
    }
    await database?.drop();
    await smtp?.close();
  }, 60_000);

  const priceVia = async (server: Started) =>
    ((await (await fetch(`${server.base}/api/v1/product/get-product/${slug}`)).json()) as { product: { price: number } }).product.price;

  async function setPrice(server: Started, price: number): Promise<void> {
    const form = await multipart({
      name: 'Shared Kettle',
      description: 'A plain test product with a plain description.',
      price: String(price),
      quantity: '10',
      category: String(categoryId),
    });
    const res = await fetch(`${server.base}/api/v1/product/update-product/${productId}`, {
      method: 'PUT',
      headers: { ...form.headers, authorization: adminToken },
      body: new Uint8Array(form.payload),
    });
    expect(res.status, await res.text()).toBe(200);
  }

  /** How long until `server` shows `price` on several reads in a row (so every worker behind it does). */
  async function msUntilSeen(server: Started, price: number): Promise<number> {
    const started = Date.now();
    let inARow = 0;
    while (Date.now() - started < 3000) {
      inARow = (await priceVia(server)) === price ? inARow + 1 : 0;
      if (inARow >= 6) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`price ${price} not seen through ${server.base}`);
  }

  it('a price changed through one process is seen through the other within a second (both ways)', async () => {
    // Fill every process's cache with the old price first.
    for (let n = 0; n < 8; n++) {
      expect(await priceVia(a)).toBe(10);
      expect(await priceVia(b)).toBe(10);
    }
    await setPrice(a, 12.5);
    expect(await priceVia(a)).toBe(12.5); // at once, in the process (worker) that made it
    expect(await msUntilSeen(b, 12.5)).toBeLessThan(1000);
    await setPrice(b, 14);
    expect(await priceVia(b)).toBe(14);
    expect(await msUntilSeen(a, 14)).toBeLessThan(1000);
  });

  it(`the per-address sign-in limit (${LIMIT} a minute) holds across all the processes (Redis)`, async () => {
    const statuses: number[] = [];
    for (let n = 0; n < LIMIT + 2; n++) {
      const server = n % 2 === 0 ? a : b;
      const res = await fetch(`${server.base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody-${n}@example.com`, password: 'not-the-password' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });

  it('three processes sending one outbox send every mail exactly once', async () => {
    const { db } = database.database;
    await db.insert(mailOutbox).values(
      Array.from({ length: 40 }, (_, n) => ({
        kind: 'test',
        toAddress: `reader-${n}@example.com`,
        subject: `Shared outbox ${n}`,
        text: `Mail ${n}`,
        html: `<p>Mail ${n}</p>`,
      })),
    );
    // Every mail sent (marked so after its SMTP server took it): a mail taken twice was taken, and
    // counted, before the first taker marked it sent.
    const rows = await waitFor(
      async () => {
        const found = await db.select({ status: mailOutbox.status, attempts: mailOutbox.attempts }).from(mailOutbox).where(eq(mailOutbox.kind, 'test'));
        return found.length === 40 && found.every((row) => row.status === 'sent') && found;
      },
      { timeoutMs: 15_000, what: 'the 40 mails marked sent' },
    );
    expect(rows.map((row) => row.attempts)).toEqual(Array(40).fill(1));
    const shared = smtp.received.filter((mail) => mail.subject.startsWith('Shared outbox'));
    expect(shared).toHaveLength(40);
    expect(new Set(shared.map((mail) => mail.subject)).size).toBe(40);
  });

  it('WEB_CONCURRENCY=2 runs two worker processes, which all stop cleanly on SIGTERM', async () => {
    const workers = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          const isChild = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(a.child.pid);
          return isChild && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node';
        } catch {
          return false;
        }
      });
    expect(workers).toHaveLength(2);
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    for (const pid of workers) expect(existsSync(`/proc/${pid}`)).toBe(false);
    expect(a.output()).not.toMatch(/"level":50/);
  });
});
