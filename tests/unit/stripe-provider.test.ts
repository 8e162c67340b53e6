import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  PaymentRejectedError,
  PaymentUnavailableError,
  WebhookRejectedError,
} from '../../src/server/payments/provider.ts';
import { createStripeProvider, stripeConnection } from '../../src/server/payments/stripe/stripe-provider.ts';
import { MoneyError } from '../../src/domain/money.ts';
import { type FakeStripe, startFakeStripe } from '../setup/fake-stripe.ts';

/** A webhook endpoint that keeps what it receives, raw: the bytes and the signature header. */
async function startReceiver() {
  const received: { raw: string; signature: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ raw: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['stripe-signature'] ?? '') });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/payments/stripe/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeStripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  receiver = await startReceiver();
  fake.setWebhookUrl(receiver.url);
  provider = createStripeProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

beforeEach(async () => {
  await fake.idle();
  fake.setDelivery({ mode: 'immediate', copies: 1, delayMs: 0 });
  fake.requests.length = 0;
  receiver.received.length = 0;
});

let keys = 0;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  orderId: '42',
  amountMinor: 1999,
  currency: 'USD',
  description: 'Order 42 at Emporium',
  successUrl: 'http://shop.test/orders/42?session={SESSION_ID}',
  cancelUrl: 'http://shop.test/orders/42',
  expiresAt: new Date(Date.now() + 45 * 60_000),
  idempotencyKey: `order-42-payment-${(keys += 1)}`,
  ...overrides,
});

/** The last event the receiver got, as the shop's webhook would read it. */
async function lastDelivered() {
  await fake.idle();
  const last = receiver.received.at(-1);
  if (!last) throw new Error('nothing delivered');
  return last;
}

describe('the SDK pointed at STRIPE_API_URL', () => {
  it('takes host, port and protocol from the URL', () => {
    expect(stripeConnection('http://127.0.0.1:4010')).toEqual({ host: '127.0.0.1', port: 4010, protocol: 'http' });
    expect(stripeConnection('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(stripeConnection('http://stripe.test')).toEqual({ host: 'stripe.test', port: 80, protocol: 'http' });
    expect(() => stripeConnection('ftp://example.com')).toThrow('STRIPE_API_URL must be http(s)');
  });
});

describe('creating a payment', () => {
  it('sends exactly one form-encoded Checkout Session request: amount in minor units, currency, the order id, the key', async () => {
    const expiresAt = new Date(Date.now() + 45 * 60_000);
    const request = input({ expiresAt, customerEmail: 'ann@example.com' });
    const session = await provider.createPayment(request);

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: `Bearer ${fake.secretKey}`,
      idempotencyKey: request.idempotencyKey,
      stripeVersion: Stripe.API_VERSION,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(sent?.params).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '1999', product_data: { name: 'Order 42 at Emporium' } } }],
      client_reference_id: '42',
      metadata: { order_id: '42' },
      payment_intent_data: { metadata: { order_id: '42' } },
      success_url: 'http://shop.test/orders/42?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/orders/42',
      expires_at: String(Math.floor(expiresAt.getTime() / 1000)),
      customer_email: 'ann@example.com',
    });
    expect(session).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      orderId: '42',
      state: 'open',
      url: fake.payPageUrl(session.id),
      amountMinor: 1999,
      currency: 'USD',
      captureId: null,
      expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000),
    });
  });

  it('sends JPY without decimals and KWD in fils, and answers in the shop’s minor units', async () => {
    const yen = await provider.createPayment(input({ amountMinor: 1500, currency: 'jpy' }));
    const dinar = await provider.createPayment(input({ amountMinor: 12_340, currency: 'KWD' }));
    const krona = await provider.createPayment(input({ amountMinor: 5000, currency: 'ISK' }));
    const sent = fake.requests.map((request) => (request.params.line_items as { price_data: object }[])[0]?.price_data);
    expect(sent).toEqual([
      { currency: 'jpy', unit_amount: '1500', product_data: { name: 'Order 42 at Emporium' } },
      { currency: 'kwd', unit_amount: '12340', product_data: { name: 'Order 42 at Emporium' } },
      { currency: 'isk', unit_amount: '500000', product_data: { name: 'Order 42 at Emporium' } },
    ]);
    expect([yen, dinar, krona].map(({ amountMinor, currency }) => [amountMinor, currency])).toEqual([
      [1500, 'JPY'],
      [12_340, 'KWD'],
      [5000, 'ISK'],
    ]);
  });

  it('refuses an amount Stripe cannot charge exactly, before calling it', async () => {
    await expect(provider.createPayment(input({ amountMinor: 12_345, currency: 'KWD' }))).rejects.toThrow(PaymentRejectedError);
    // Named for the owner's log: the code, and the money rule that refused it.
    await expect(provider.createPayment(input({ amountMinor: 12_345, currency: 'KWD' }))).rejects.toMatchObject({
      name: 'PaymentRejectedError',
      code: 'amount_invalid',
      cause: expect.any(MoneyError),
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('the same idempotency key gives back the same session, never a second one', async () => {
    const request = input();
    const first = await provider.createPayment(request);
    const again = await provider.createPayment(request);
    expect(again.id).toBe(first.id);
    expect([...fake.sessions.values()].filter((session) => session.id === first.id)).toHaveLength(1);
    expect(fake.requests.map((sent) => sent.idempotencyKey)).toEqual([request.idempotencyKey, request.idempotencyKey]);
    // Another amount under the same key is Stripe's idempotency error, not a new session.
    const sessionsBefore = fake.sessions.size;
    await expect(provider.createPayment({ ...request, amountMinor: 2999 })).rejects.toThrow(/Keys for idempotent requests/);
    expect(fake.sessions.size).toBe(sessionsBefore);
  });

  it('keeps the expiry within Stripe’s bounds (30 minutes to 24 hours after creation)', async () => {
    const soon = await provider.createPayment(input({ expiresAt: new Date(Date.now() + 60_000) }));
    const late = await provider.createPayment(input({ expiresAt: new Date(Date.now() + 48 * 3_600_000) }));
    const openFor = (expiresAt: Date) => (expiresAt.getTime() - Date.now()) / 60_000;
    expect(openFor(soon.expiresAt)).toBeGreaterThan(30);
    expect(openFor(soon.expiresAt)).toBeLessThan(32);
    expect(openFor(late.expiresAt)).toBeLessThan(24 * 60);
    expect(openFor(late.expiresAt)).toBeGreaterThan(24 * 60 - 2);
  });
});

describe('the fake holds Stripe’s rules for what the SDK sends', () => {
  const raw = () => new Stripe(fake.secretKey, { ...stripeConnection(fake.url), maxNetworkRetries: 0 });
  const session = (expiresInMinutes: number, unitAmount = 1999, currency = 'usd') =>
    raw().checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency, unit_amount: unitAmount, product_data: { name: 'x' } } }],
      success_url: 'http://shop.test/ok',
      expires_at: Math.floor(Date.now() / 1000) + expiresInMinutes * 60,
    });

  it('a session stays open 30 minutes to 24 hours', async () => {
    await expect(session(29)).rejects.toThrow('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.');
    await expect(session(24 * 60 + 1)).rejects.toThrow('must be less than 24 hours');
    await expect(session(31)).resolves.toMatchObject({ status: 'open' });
  });

  it('three-decimal amounts end in 0, ISK amounts in 00', async () => {
    await expect(session(31, 12_345, 'kwd')).rejects.toThrow('rounded to the nearest ten');
    await expect(session(31, 50_050, 'isk')).rejects.toThrow('evenly divisible by 100');
  });
});

describe('reading, expiring and refunding', () => {
  it('reads a session back as the shopper leaves it: open, paid, on its way, failed', async () => {
    const paid = await provider.createPayment(input());
    fake.shopper.pay(paid.id);
    const read = await provider.getPayment(paid.id);
    expect(read).toMatchObject({ id: paid.id, state: 'paid', orderId: '42', amountMinor: 1999, url: null });
    expect(read.captureId).toMatch(/^pi_/);
    expect(fake.paymentIntents.get(read.captureId as string)?.metadata).toEqual({ order_id: '42' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${paid.id}`, params: { expand: ['payment_intent'] } });

    const debit = await provider.createPayment(input());
    fake.shopper.payLater(debit.id);
    expect((await provider.getPayment(debit.id)).state).toBe('processing');
    fake.settle(debit.id, 'failed');
    expect((await provider.getPayment(debit.id)).state).toBe('failed');

    const declined = await provider.createPayment(input());
    fake.shopper.decline(declined.id);
    expect((await provider.getPayment(declined.id)).state).toBe('open');
  });

  it('an unknown session is a rejection, not an outage', async () => {
    await expect(provider.getPayment('cs_test_nope')).rejects.toThrow(PaymentRejectedError);
    await expect(provider.getPayment('cs_test_nope')).rejects.toMatchObject({ name: 'PaymentRejectedError', cause: expect.any(Stripe.errors.StripeInvalidRequestError) });
  });

  it('expires an open session with its key, and answers a session paid meanwhile as paid', async () => {
    const open = await provider.createPayment(input());
    const expired = await provider.expirePayment(open.id, `expire-${open.id}`);
    expect(expired.state).toBe('expired');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${open.id}/expire`, idempotencyKey: `expire-${open.id}` });

    const paid = await provider.createPayment(input());
    fake.shopper.pay(paid.id);
    expect((await provider.expirePayment(paid.id, `expire-${paid.id}`)).state).toBe('paid');
    expect(fake.sessions.get(paid.id)?.status).toBe('complete');
  });

  it('refunds part, then refuses more than is left, with Stripe’s message', async () => {
    const session = await provider.createPayment(input({ amountMinor: 10_000 }));
    fake.shopper.pay(session.id);
    const { captureId } = await provider.getPayment(session.id);
    const refund = { captureId: captureId as string, currency: 'USD', orderId: '42' };

    const part = await provider.refund({ ...refund, amountMinor: 3_000, idempotencyKey: 'refund-1' });
    expect(part).toEqual({ id: expect.stringMatching(/^re_/), amountMinor: 3_000, state: 'succeeded' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      idempotencyKey: 'refund-1',
      params: { payment_intent: captureId, amount: '3000', metadata: { order_id: '42' } },
    });
    // The same click sent twice: one refund.
    expect((await provider.refund({ ...refund, amountMinor: 3_000, idempotencyKey: 'refund-1' })).id).toBe(part.id);

    const over = provider.refund({ ...refund, amountMinor: 7_001, idempotencyKey: 'refund-2' });
    await expect(over).rejects.toThrow(PaymentRejectedError);
    await expect(over).rejects.toThrow('Refund amount ($70.01) is greater than unrefunded amount on charge ($70.00)');
    expect(fake.paymentIntents.get(captureId as string)?.amount_refunded).toBe(3_000);

    await provider.refund({ ...refund, amountMinor: 7_000, idempotencyKey: 'refund-3' });
    const again = await provider.refund({ ...refund, amountMinor: 1, idempotencyKey: 'refund-4' }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(PaymentRejectedError);
    expect(again).toMatchObject({ code: 'charge_already_refunded' });
  });

  it('50 refund clicks at once on a 100-unit payment never give back more than was taken', async () => {
    const session = await provider.createPayment(input({ amountMinor: 100 }));
    fake.shopper.pay(session.id);
    const { captureId } = await provider.getPayment(session.id);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, click) =>
        provider.refund({ captureId: captureId as string, currency: 'USD', orderId: '42', amountMinor: 3, idempotencyKey: `click-${click}` }),
      ),
    );
    const refunded = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.amountMinor] : []));
    expect(refunded.reduce((sum, amount) => sum + amount, 0)).toBe(99);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(17);
    expect(fake.paymentIntents.get(captureId as string)?.amount_refunded).toBe(99);
  });

  it('Stripe failing on its side is “unavailable”; the SDK’s retry with the same key makes one session', async () => {
    fake.failNext(1, 500);
    await expect(provider.createPayment(input())).rejects.toThrow(PaymentUnavailableError);
    fake.failNext(1, 500);
    await expect(provider.createPayment(input())).rejects.toMatchObject({
      name: 'PaymentUnavailableError',
      message: expect.stringMatching(/^Stripe is unavailable: /),
      cause: expect.any(Stripe.errors.StripeAPIError),
    });
    fake.failNext(1, 429);
    await expect(provider.createPayment(input())).rejects.toThrow(PaymentUnavailableError);

    const retrying = createStripeProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url, maxNetworkRetries: 1 });
    const sessionsBefore = fake.sessions.size;
    fake.requests.length = 0;
    fake.failNext(1, 500);
    const request = input();
    const session = await retrying.createPayment(request);
    expect(fake.requests.map((sent) => sent.idempotencyKey)).toEqual([request.idempotencyKey, request.idempotencyKey]);
    expect(fake.sessions.size).toBe(sessionsBefore + 1);
    expect(fake.sessions.get(session.id)?.status).toBe('open');
    // The provider's name is stored with each payment; it reads sessions back as the shop's provider does.
    expect(retrying.name).toBe('stripe');
    expect(await retrying.getPayment(session.id)).toMatchObject({ id: session.id, state: 'open' });
    // One retry, as asked: a second failure in a row reaches the shop.
    fake.failNext(2, 500);
    await expect(retrying.createPayment(input())).rejects.toThrow(PaymentUnavailableError);
    fake.failNext(0);
  });

  it('a key Stripe refuses, or Stripe out of reach, is “unavailable”', async () => {
    const wrongKey = createStripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: 'whsec_x', apiUrl: fake.url, maxNetworkRetries: 0 });
    await expect(wrongKey.createPayment(input())).rejects.toMatchObject({
      name: 'PaymentUnavailableError',
      message: expect.stringMatching(/^Stripe refused the shop's key: /),
      cause: expect.any(Stripe.errors.StripeAuthenticationError),
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = createStripeProvider({ secretKey: fake.secretKey, webhookSecret: 'whsec_x', apiUrl: `http://127.0.0.1:${port}`, maxNetworkRetries: 0 });
    await expect(down.createPayment(input())).rejects.toThrow(PaymentUnavailableError);
  });
});

describe('webhook events', () => {
  it('a payment through the stand-in page arrives signed and reads as paid, with the session and order id', async () => {
    const session = await provider.createPayment(input());
    const page = await fetch(fake.payPageUrl(session.id));
    expect(await page.text()).toContain('<h1>Pay $19.99</h1>');
    const paid = await fetch(`${fake.payPageUrl(session.id)}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://shop.test/orders/42?session=${session.id}`);

    const { raw, signature } = await lastDelivered();
    const event = provider.parseEvent(raw, signature);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      kind: 'paid',
      type: 'checkout.session.completed',
      session: { id: session.id, orderId: '42', state: 'paid', amountMinor: 1999, currency: 'USD', captureId: expect.stringMatching(/^pi_/) },
    });
    expect(provider.parseEvent(Buffer.from(raw), signature).id).toBe(event.id);
  });

  it('reads expired, delayed, delayed-paid and delayed-failed sessions, and ignores other types', async () => {
    const kinds: string[] = [];
    const read = async () => {
      const { raw, signature } = await lastDelivered();
      const event = provider.parseEvent(raw, signature);
      kinds.push(event.kind === 'ignored' ? event.kind : `${event.kind}:${event.session.state}`);
    };
    const expiring = await provider.createPayment(input());
    fake.expireNow(expiring.id);
    await read();
    const debit = await provider.createPayment(input());
    fake.shopper.payLater(debit.id);
    await read();
    fake.settle(debit.id, 'succeeded');
    await read();
    const failing = await provider.createPayment(input());
    fake.shopper.payLater(failing.id);
    fake.settle(failing.id, 'failed');
    await read();
    expect(kinds).toEqual(['expired:expired', 'processing:processing', 'async_paid:paid', 'failed:failed']);

    const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'charge.succeeded', created: 1, data: { object: {} } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload: other, secret: fake.webhookSecret });
    expect(provider.parseEvent(other, header)).toEqual({ id: 'evt_other', kind: 'ignored', type: 'charge.succeeded', createdAt: new Date(1000) });
  });

  it('refuses a tampered body, a tampered or missing signature, another secret, and a 10-minute-old signature; a fresh one passes', async () => {
    const session = await provider.createPayment(input());
    fake.shopper.pay(session.id);
    const { raw, signature } = await lastDelivered();
    const eventId = (JSON.parse(raw) as { id: string }).id;

    const refusals = [
      () => provider.parseEvent(raw.replace('"amount_total": 1999', '"amount_total": 1'), signature),
      () => provider.parseEvent(raw, signature.replace(/v1=([0-9a-f])/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`)),
      () => provider.parseEvent(raw, undefined),
      () => provider.parseEvent(raw, ''),
      () => provider.parseEvent(raw, Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: 'whsec_someone_else' })),
    ];
    for (const refusal of refusals) expect(refusal).toThrow(WebhookRejectedError);
    // The message is the webhook's 400 answer, which Stripe's dashboard shows the owner.
    expect(() => provider.parseEvent(raw, undefined)).toThrow(/^Missing Stripe-Signature header$/);
    expect(() => provider.parseEvent(raw, '')).toThrow(/^Missing Stripe-Signature header$/);

    await fake.redeliver(eventId, { signedAt: Date.now() - 10 * 60_000 });
    const old = await lastDelivered();
    expect(() => provider.parseEvent(old.raw, old.signature)).toThrow('Timestamp outside the tolerance zone');

    await fake.redeliver(eventId, { signedAt: Date.now() - 280_000 });
    const recent = await lastDelivered();
    expect(provider.parseEvent(recent.raw, recent.signature).id).toBe(eventId);

    await fake.redeliver(eventId);
    const fresh = await lastDelivered();
    expect(provider.parseEvent(fresh.raw, fresh.signature).id).toBe(eventId);
  });

  it('a signed body that is not JSON is refused', () => {
    const payload = 'not json';
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
    expect(() => provider.parseEvent(payload, header)).toThrow(WebhookRejectedError);
    let refused: unknown;
    try {
      provider.parseEvent(payload, header);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ name: 'WebhookRejectedError', message: 'Stripe-Signature refused: the body is not an event', cause: expect.any(SyntaxError) });
  });

  it('a signed session event the shop cannot read (a currency it does not know) is refused, naming the event', () => {
    const session = { id: 'cs_test_x', object: 'checkout.session', status: 'complete', payment_status: 'paid', currency: 'xxx', amount_total: 100, expires_at: 1 };
    const payload = JSON.stringify({ id: 'evt_unreadable', object: 'event', type: 'checkout.session.completed', created: 1, data: { object: session } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
    let refused: unknown;
    try {
      provider.parseEvent(payload, header);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(WebhookRejectedError);
    expect(refused).toMatchObject({ message: 'Stripe event evt_unreadable cannot be read: Unknown currency: xxx', cause: expect.any(MoneyError) });
  });
});

describe('the fake’s delivery controls', () => {
  it('holds events, then sends them duplicated and shuffled', async () => {
    fake.setDelivery({ mode: 'hold' });
    const sessions = await Promise.all([1, 2, 3].map((n) => provider.createPayment(input({ orderId: String(n) }))));
    for (const session of sessions) fake.shopper.pay(session.id);
    await fake.idle();
    expect(receiver.received).toHaveLength(0);
    expect(fake.held).toHaveLength(3);

    const sent = await fake.release({ copies: 3, shuffle: 7 });
    expect(sent).toHaveLength(9);
    expect(sent.every((delivery) => delivery.status === 200)).toBe(true);
    const orders = receiver.received.map(({ raw }) => (JSON.parse(raw) as { data: { object: { metadata: { order_id: string } } } }).data.object.metadata.order_id);
    expect([...orders].sort()).toEqual(['1', '1', '1', '2', '2', '2', '3', '3', '3']);
    expect(orders).not.toEqual([...orders].sort());
    expect(fake.held).toHaveLength(0);
  });

  it('drops events (kept in the list) and delivers late', async () => {
    fake.setDelivery({ mode: 'drop' });
    const dropped = await provider.createPayment(input());
    fake.shopper.pay(dropped.id);
    await fake.idle();
    expect(receiver.received).toHaveLength(0);
    expect(fake.events.at(-1)?.data.object).toMatchObject({ id: dropped.id, payment_status: 'paid' });

    fake.setDelivery({ mode: 'immediate', delayMs: 150 });
    const late = await provider.createPayment(input());
    fake.shopper.pay(late.id);
    expect(receiver.received).toHaveLength(0);
    await fake.idle();
    expect(receiver.received).toHaveLength(1);
  });

  it('the stand-in page declines (the page stays open), goes back to the shop, and refuses a closed session', async () => {
    const session = await provider.createPayment(input());
    const declined = await fetch(`${fake.payPageUrl(session.id)}/decline`, { method: 'POST' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const back = await fetch(`${fake.payPageUrl(session.id)}/abandon`, { method: 'POST', redirect: 'manual' });
    expect(back.headers.get('location')).toBe('http://shop.test/orders/42');
    expect(fake.sessions.get(session.id)?.status).toBe('open');
    fake.expireNow(session.id);
    expect((await fetch(`${fake.payPageUrl(session.id)}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(409);
    expect(fake.sessions.get(session.id)?.payment_status).toBe('unpaid');
  });
});
