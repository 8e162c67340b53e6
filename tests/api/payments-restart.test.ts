/**
 * A real server process killed between the shopper's payment and Stripe's webhook: started again, it
 * marks the order paid by itself (the reconciliation at start asks Stripe), and the late webhook then
 * changes nothing. On this run's engine: PGlite in DATA_DIR, or this run's PostgreSQL.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../setup/fake-stripe.ts';
import { freePort, type ServerProcess, serverEnv, spawnServer, waitReady } from '../setup/server-process.ts';
import { freshDatabase, NO_ORDER_LIMITS, type TestDatabase } from '../setup/test-app.ts';
import { waitFor } from '../setup/wait-for.ts';

const postgres = process.env.TEST_DB_ENGINE === 'postgres';

const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
  body: JSON.stringify(body),
});

describe('a server killed after the payment and before the webhook', () => {
  let database: TestDatabase | null = null;
  let stripe: FakeStripe;
  const children: ServerProcess[] = [];

  beforeAll(async () => {
    if (postgres) database = await freshDatabase();
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    await stripe?.close();
    await database?.drop();
  });

  function start(dataDir: string, port: number): ServerProcess {
    const server = spawnServer(
      serverEnv({
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password-1',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      ...NO_ORDER_LIMITS,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
      }),
    );
    children.push(server);
    return server;
  }

  it('ends with the order paid after the restart, once', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'emporium-pay-restart-')), 'data');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = `${base}/api/v1`;
    stripe.setWebhookUrl(`${api}/payments/stripe/webhook`);

    const first = start(dataDir, port);
    await waitReady(base, first);
    const owner = await (await fetch(`${api}/auth/login`, json({ email: 'owner@example.com', password: 'owner-password-1' }))).json();
    const category = await (await fetch(`${api}/category/create-category`, json({ name: 'Paid Shelf' }, owner.token))).json();
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Paid Kettle', description: 'Boils.', price: '12', quantity: '5', category: category.category._id })) form.append(key, value);
    const product = await (await fetch(`${api}/product/create-product`, { method: 'POST', headers: { authorization: owner.token }, body: form })).json();
    expect((await fetch(`${api}/auth/register`, json({ name: 'Pat', email: 'pat@example.com', password: 'pat-password', phone: '1', address: '3 Card Road', answer: 'x' }))).status).toBe(201);
    const shopper = await (await fetch(`${api}/auth/login`, json({ email: 'pat@example.com', password: 'pat-password' }))).json();

    const placed = await fetch(`${api}/auth/orders`, json({ cart: [{ _id: product.product._id }], paymentMethod: 'card' }, shopper.token));
    expect(placed.status).toBe(201);
    const order = (await placed.json()).order as { _id: string; payment: { url: string } };
    const sessionId = order.payment.url.split('/').at(-1) as string;

    // Stripe's events are held: the shopper pays, and the server dies before any webhook reaches it.
    stripe.setDelivery({ mode: 'hold' });
    const paid = await fetch(`${stripe.url}/pay/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = start(dataDir, port);
    await waitReady(base, second);
    const login = await (await fetch(`${api}/auth/login`, json({ email: 'owner@example.com', password: 'owner-password-1' }))).json();
    const status = () =>
      fetch(`${api}/auth/all-orders`, { headers: { authorization: login.token } })
        .then((res) => res.json() as Promise<{ _id: string; payment: { status: string; success: boolean } }[]>)
        .then((list) => list.find((entry) => entry._id === order._id)?.payment);
    const after = await waitFor(
      async () => {
        const payment = await status();
        return payment?.status === 'paid' ? payment : undefined;
      },
      { timeoutMs: 60_000, everyMs: 100, what: 'the order paid after the restart' },
    );
    expect(after.success).toBe(true);
    // No webhook has reached the shop yet: the restart did it.
    expect(stripe.deliveries).toHaveLength(0);

    // The late webhook (three times) changes nothing.
    const deliveries = await stripe.release({ copies: 3 });
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect((await status())?.status).toBe('paid');
    // One "payment received" mail (the newest page of the outbox holds this test's few mails).
    const outbox = (await (await fetch(`${api}/auth/mails`, { headers: { authorization: login.token } })).json()) as { mails: { kind: string }[] };
    expect(outbox.mails.filter((mail) => mail.kind === 'payment-received')).toHaveLength(1);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 300_000);
});
