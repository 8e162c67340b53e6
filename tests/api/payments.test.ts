/**
 * Taking money (issue 17) against the stateful fake of Stripe (tests/setup/fake-stripe.ts), on both
 * engines: card orders paid once whatever the order of webhook, return and reconciliation; duplicate and
 * shuffled events; signatures refused; expiry releasing stock; bank transfers; refunds; forbidden steps.
 */
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, orders, paymentEvents, payments, products, refunds } from '../../src/server/db/schema.ts';
import { createMailer } from '../../src/server/modules/mail/mailer.ts';
import { createOrderService, type PaymentSettings } from '../../src/server/modules/order/service.ts';
import { createStripeProvider } from '../../src/server/payments/stripe/stripe-provider.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { type FakeStripe, startFakeStripe } from '../setup/fake-stripe.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';

const BANK = { BANK_ACCOUNT_NAME: 'Emporium Ltd', BANK_IBAN: 'GB33BUKB20201555555555', BANK_BIC: 'BUKBGB22' };

interface WireOrder {
  _id: string;
  status: string;
  total: number;
  payment: {
    success: boolean;
    method: string;
    status?: string;
    paid?: number;
    refunded?: number;
    url?: string | null;
    bank?: { accountName: string; iban: string; bic: string };
    reference?: string;
  };
}

describe('payments (card through the Stripe fake, bank transfer, refunds)', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;
  let reconcile: (now?: number) => Promise<{ checked: number }>;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      ...NO_ORDER_LIMITS,
      ...BANK,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      // The app's own timer stays out of the way; the tests run the job themselves (below).
      PAYMENT_RECONCILE_MINUTES: '1440',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    stripe.setWebhookUrl(`http://127.0.0.1:${port}/api/v1/payments/stripe/webhook`);
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db)).id;
    // The reconciliation job as another process of the shop runs it: its own service on the same database.
    const other = service({});
    reconcile = (now?: number) => other.reconcile(now);
  });
  afterAll(async () => {
    await stripe?.close();
    await t?.close();
  });

  /** Another process of the shop: its own order service on the same database, card only unless told otherwise. */
  function service(settings: Partial<PaymentSettings>) {
    return createOrderService(
      t.database.db,
      createMailer({ shopName: 'Emporium', publicUrl: t.env.PUBLIC_URL, ownerEmail: undefined }),
      { ordersPerAccount: 0, unitsPerAccount: 0, ordersPerAddress: 0, unitsPerAddress: 0 },
      {
        methods: ['card'],
        bank: null,
        cardMinutes: 30,
        provider: createStripeProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url }),
        publicUrl: t.env.PUBLIC_URL,
        shopName: 'Emporium',
        ...settings,
      },
    );
  }

  const product = (options: { price?: number; quantity?: number; name?: string } = {}) => makeProduct(t.database.db, { categoryId, ...options });
  const checkout = (buyer: MadeUser, ids: number[], paymentMethod?: string) =>
    call(t.app, 'POST', '/api/v1/auth/orders', {
      token: buyer.token,
      body: { cart: ids.map((id) => ({ _id: String(id) })), ...(paymentMethod ? { paymentMethod } : {}) },
    });
  const payAgain = (buyer: MadeUser, orderId: string) => call(t.app, 'POST', `/api/v1/auth/orders/${orderId}/pay`, { token: buyer.token });
  const returnFromPage = (buyer: MadeUser, orderId: string) => call(t.app, 'GET', `/api/v1/auth/orders/${orderId}/payment`, { token: buyer.token });
  const setStatus = (orderId: string, status: string) =>
    call(t.app, 'PUT', `/api/v1/auth/order-status/${orderId}`, { token: admin.token, body: { status } });
  const refund = (orderId: string, body: unknown) => call(t.app, 'POST', `/api/v1/auth/order-refund/${orderId}`, { token: admin.token, body });
  const markPaid = (orderId: string) => call(t.app, 'PUT', `/api/v1/auth/order-paid/${orderId}`, { token: admin.token, body: { paid: true } });

  async function stockOf(id: number): Promise<number> {
    const [row] = await t.database.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, id));
    return row?.quantity ?? -1;
  }
  async function orderRow(orderId: string) {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, Number(orderId)));
    if (!row) throw new Error(`no order ${orderId}`);
    return row;
  }
  /** The payment taken for an order (its Stripe payment intent). */
  async function capturedBy(orderId: string): Promise<string | null> {
    const [row] = await t.database.db.select({ captureId: payments.captureId }).from(payments).where(and(eq(payments.orderId, Number(orderId)), eq(payments.state, 'paid')));
    return row?.captureId ?? null;
  }
  async function mailsOf(buyer: MadeUser, kind: string): Promise<number> {
    const [row] = await t.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, buyer.email), eq(mailOutbox.kind, kind)));
    return row?.value ?? 0;
  }
  async function sessionOf(orderId: string): Promise<string> {
    const [row] = await t.database.db.select({ sessionId: payments.sessionId }).from(payments).where(eq(payments.orderId, Number(orderId)));
    if (!row?.sessionId) throw new Error(`order ${orderId} has no payment page`);
    return row.sessionId;
  }
  /** The shopper on the stand-in page: presses a button and is sent back to the shop (or not). */
  async function press(sessionId: string, action: 'pay' | 'async' | 'decline' | 'abandon'): Promise<Response> {
    return fetch(`${stripe.url}/pay/${sessionId}/${action}`, { method: 'POST', redirect: 'manual' });
  }
  async function cardOrder(buyer: MadeUser, ids: number[]): Promise<WireOrder> {
    const res = await checkout(buyer, ids, 'card');
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as WireOrder;
  }

  /** A card order placed while Stripe is down: kept without a page (503 naming it); its id. */
  async function pagelessCardOrder(buyer: MadeUser, ids: number[]): Promise<string> {
    const res = await stripe.whileDown(() => checkout(buyer, ids, 'card'));
    expect(res.statusCode).toBe(503);
    return /#(\d+)/.exec(res.json().message)?.[1] ?? '';
  }

  describe('checkout with a method', () => {
    it('offers card, bank transfer and cash, with the bank details', async () => {
      const res = await call(t.app, 'GET', '/api/v1/auth/payment-methods');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        methods: ['card', 'bank_transfer', 'cash_on_delivery'],
        bank: { accountName: BANK.BANK_ACCOUNT_NAME, iban: BANK.BANK_IBAN, bic: BANK.BANK_BIC },
      });
      // Bank details set but transfers not offered: none shown.
      const details = { accountName: BANK.BANK_ACCOUNT_NAME, iban: BANK.BANK_IBAN, bic: BANK.BANK_BIC };
      expect(service({ bank: details }).methods()).toEqual({ methods: ['card'], bank: null });
    });

    it('card: the order and its stock first, then a Checkout Session for its exact total, the page in the answer', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 19.99, quantity: 5 });
      const before = stripe.requests.length;
      const order = await cardOrder(buyer, [item.id, item.id]);
      expect(order.status).toBe('Not Process');
      expect(order.payment).toMatchObject({ success: false, method: 'card', status: 'pending', paid: 0, refunded: 0 });
      const sessionId = await sessionOf(order._id);
      expect(order.payment.url).toBe(stripe.payPageUrl(sessionId));
      expect(await stockOf(item.id)).toBe(3);
      const created = stripe.requests.slice(before).find((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST');
      expect(created?.params).toMatchObject({
        mode: 'payment',
        metadata: { order_id: order._id },
        client_reference_id: order._id,
        line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '3998', product_data: { name: `Order ${order._id} at ${t.env.SHOP_NAME}` } } }],
        cancel_url: `${t.env.PUBLIC_URL}/dashboard/user/orders/${order._id}/payment`,
        customer_email: buyer.email,
      });
      expect(created?.idempotencyKey).toMatch(new RegExp(`^order-${order._id}-page-\\d+$`));
    });

    it('refuses a method the shop does not offer (400 naming the field), changing nothing', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ quantity: 2 });
      const res = await checkout(buyer, [item.id], 'paypal');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^paymentMethod: /);
      expect(await stockOf(item.id)).toBe(2);
    });

    it('bank transfer: the order waits for payment with the bank details and a reference, mailed too; the owner marks it paid', async () => {
      const awaiting = async () => (await call(t.app, 'GET', '/api/v1/auth/dashboard', { token: admin.token })).json().awaitingPayment as number;
      const waitingBefore = await awaiting();
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 50, quantity: 3 });
      // A cash order of the same buyer first: no payment page, no bank details mailed.
      const cash = await checkout(buyer, [item.id]);
      expect(cash.statusCode).toBe(201);
      const res = await checkout(buyer, [item.id], 'bank_transfer');
      expect(res.statusCode).toBe(201);
      const order = res.json().order as WireOrder;
      const pages = await t.database.db.select().from(payments).where(inArray(payments.orderId, [Number(cash.json().order._id), Number(order._id)]));
      expect(pages).toEqual([]);
      expect(order.payment).toEqual({
        success: false,
        method: 'bank_transfer',
        status: 'pending',
        paid: 0,
        refunded: 0,
        bank: { accountName: BANK.BANK_ACCOUNT_NAME, iban: BANK.BANK_IBAN, bic: BANK.BANK_BIC },
        reference: `ORDER-${order._id}`,
      });
      expect(await mailsOf(buyer, 'payment-bank-details')).toBe(1);
      const [mail] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, buyer.email), eq(mailOutbox.kind, 'payment-bank-details')));
      expect(mail?.text).toContain(BANK.BANK_IBAN);
      expect(mail?.text).toContain(`ORDER-${order._id}`);
      // The owner's page counts it as waiting for payment until it is marked paid.
      expect(await awaiting()).toBe(waitingBefore + 1);

      const paid = await markPaid(order._id);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().order.payment).toMatchObject({ success: true, status: 'paid', paid: 50 });
      expect(await mailsOf(buyer, 'payment-received')).toBe(1);
      // Only the mail asking for the transfer carries the bank details.
      const [received] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, buyer.email), eq(mailOutbox.kind, 'payment-received')));
      expect(received?.text).toContain(`order #${order._id}`);
      expect(received?.text).not.toContain(BANK.BANK_IBAN);
      expect(await awaiting()).toBe(waitingBefore);
      const again = await markPaid(order._id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This order is paid already');
      expect(await mailsOf(buyer, 'payment-received')).toBe(1);
    });
  });

  it('Stripe down at checkout: 503 naming the kept order; Pay now makes the page once Stripe is back', async () => {
    const buyer = await makeUser(t.database.db);
    const item = await product({ quantity: 3 });
    const res = await stripe.whileDown(() => checkout(buyer, [item.id], 'card'));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/^Card payment is unavailable right now; your order #\d+ is kept for 30 minutes/);
    const orderId = /#(\d+)/.exec(res.json().message)?.[1] ?? '';
    expect(await stockOf(item.id)).toBe(2);
    // The kept page (no provider session yet) waits its 30 minutes from the checkout.
    const [kept] = await t.database.db.select({ expiresAt: payments.expiresAt }).from(payments).where(eq(payments.orderId, Number(orderId)));
    const minutesLeft = ((kept?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);
    // Back on the order's page before any page is made: waiting, nothing to ask Stripe.
    const asked = stripe.requests.length;
    const waiting = await returnFromPage(buyer, orderId);
    expect(stripe.requests.slice(asked)).toEqual([]);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().order.payment).toMatchObject({ status: 'pending', url: null });
    const pay = await call(t.app, 'POST', `/api/v1/auth/orders/${orderId}/pay`, { token: buyer.token });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().order.payment.url).toBe(stripe.payPageUrl(await sessionOf(orderId)));
  });

  describe('the one paid step', () => {
    const ORDERS: ('webhook' | 'return' | 'reconcile')[][] = [
      ['webhook', 'return', 'reconcile'],
      ['webhook', 'reconcile', 'return'],
      ['return', 'webhook', 'reconcile'],
      ['return', 'reconcile', 'webhook'],
      ['reconcile', 'webhook', 'return'],
      ['reconcile', 'return', 'webhook'],
    ];
    for (const sequence of ORDERS) {
      it(`a card order paid on the stand-in page is paid once: ${sequence.join(' → ')}`, async () => {
        stripe.setDelivery({ mode: 'hold' });
        try {
          const buyer = await makeUser(t.database.db);
          const item = await product({ price: 12.5, quantity: 4 });
          const order = await cardOrder(buyer, [item.id]);
          const sessionId = await sessionOf(order._id);
          const back = await press(sessionId, 'pay');
          expect(back.status).toBe(303);
          expect(back.headers.get('location')).toBe(`${t.env.PUBLIC_URL}/dashboard/user/orders/${order._id}/payment?session=${sessionId}`);
          for (const step of sequence) {
            if (step === 'webhook') {
              const deliveries = await stripe.release({ copies: 3, shuffle: 7 });
              expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
            } else if (step === 'return') {
              const res = await returnFromPage(buyer, order._id);
              expect(res.statusCode).toBe(200);
              expect(res.json().order.payment).toMatchObject({ success: true, status: 'paid', paid: 12.5 });
            } else await reconcile();
            expect((await orderRow(order._id)).paymentStatus).toBe('paid');
          }
          expect(await mailsOf(buyer, 'payment-received')).toBe(1);
          const history = await t.database.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, Number(order._id)), eq(auditLog.action, 'order.payment')));
          expect(history).toHaveLength(1);
          expect(await stockOf(item.id)).toBe(3);
        } finally {
          stripe.setDelivery({ mode: 'immediate' });
        }
      });
    }

    it('webhook, return and reconciliation at once still pay once', async () => {
      stripe.setDelivery({ mode: 'hold' });
      const buyer = await makeUser(t.database.db);
      const order = await cardOrder(buyer, [(await product()).id]);
      await press(await sessionOf(order._id), 'pay');
      stripe.setDelivery({ mode: 'immediate' });
      await Promise.all([stripe.release({ copies: 3 }), returnFromPage(buyer, order._id), reconcile(), returnFromPage(buyer, order._id), reconcile()]);
      expect((await orderRow(order._id)).paymentStatus).toBe('paid');
      expect(await mailsOf(buyer, 'payment-received')).toBe(1);
      // The page keeps what was taken (refunds name it) and when its payment was applied.
      const [page] = await t.database.db.select().from(payments).where(eq(payments.orderId, Number(order._id)));
      expect(page).toMatchObject({ provider: 'stripe', state: 'paid', captureId: expect.stringMatching(/^pi_/), appliedAt: expect.any(Date) });
    });

    it('a payment that does not match the order total is not applied: the order stays waiting, and the owner is told in the log', async () => {
      stripe.setDelivery({ mode: 'drop' });
      try {
        const errors: { object: object; message: string }[] = [];
        const watched = service({ log: { warn: () => undefined, error: (object, message) => errors.push({ object, message }) } });
        const buyer = await makeUser(t.database.db);
        const order = await cardOrder(buyer, [(await product({ price: 10 })).id]);
        const sessionId = await sessionOf(order._id);
        const session = stripe.sessions.get(sessionId);
        if (!session) throw new Error('no session');
        session.amount_total = 1;
        await press(sessionId, 'pay');
        await watched.reconcile();
        expect(await orderRow(order._id)).toMatchObject({ status: 'not_processed', paymentStatus: 'pending' });
        expect(await mailsOf(buyer, 'payment-received')).toBe(0);
        expect(errors).toEqual([
          {
            object: { orderId: Number(order._id), amountMinor: 1, reason: "The payment ($0.01) does not match the order's total ($10.00)" },
            message: 'a card payment does not fit its order: check it at the provider',
          },
        ]);
      } finally {
        stripe.setDelivery({ mode: 'immediate' });
      }
    });

    it('3 shuffled copies of each event of a delayed payment (processing, then succeeded) give 1 paid order and 1 mail', async () => {
      stripe.setDelivery({ mode: 'hold' });
      try {
        const buyer = await makeUser(t.database.db);
        const order = await cardOrder(buyer, [(await product()).id]);
        const sessionId = await sessionOf(order._id);
        await press(sessionId, 'async');
        stripe.settle(sessionId, 'succeeded');
        expect(stripe.held.map((event) => event.type).sort()).toEqual(['checkout.session.async_payment_succeeded', 'checkout.session.completed']);
        const deliveries = await stripe.release({ copies: 3, shuffle: 42 });
        expect(deliveries).toHaveLength(6);
        expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
        const row = await orderRow(order._id);
        expect(row.paymentStatus).toBe('paid');
        expect(await mailsOf(buyer, 'payment-received')).toBe(1);
        // A late "processing" copy leaves the paid page paid.
        const [page] = await t.database.db.select({ state: payments.state }).from(payments).where(eq(payments.orderId, Number(order._id)));
        expect(page?.state).toBe('paid');
        const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.sessionId, sessionId));
        expect(events).toHaveLength(2);
      } finally {
        stripe.setDelivery({ mode: 'immediate' });
      }
    });

    it('a delayed payment that fails cancels the order and gives its stock back', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ quantity: 3 });
      const order = await cardOrder(buyer, [item.id, item.id]);
      const sessionId = await sessionOf(order._id);
      await press(sessionId, 'async');
      await stripe.idle();
      // Processing (a bank debit under way): the order still waits, its page no longer open.
      expect(await orderRow(order._id)).toMatchObject({ status: 'not_processed', paymentStatus: 'pending' });
      const [page] = await t.database.db.select({ state: payments.state }).from(payments).where(eq(payments.orderId, Number(order._id)));
      expect(page?.state).toBe('processing');
      stripe.settle(sessionId, 'failed');
      await stripe.idle();
      const row = await orderRow(order._id);
      expect(row.paymentStatus).toBe('failed');
      expect(row.status).toBe('cancelled');
      expect(await stockOf(item.id)).toBe(3);
    });
  });

  describe('the webhook refuses what Stripe did not sign now', () => {
    it('a tampered body and a 10-minute-old signature are 400 and change nothing', async () => {
      stripe.setDelivery({ mode: 'drop' });
      try {
        const buyer = await makeUser(t.database.db);
        const order = await cardOrder(buyer, [(await product()).id]);
        const sessionId = await sessionOf(order._id);
        await press(sessionId, 'pay');
        const event = stripe.events.find((candidate) => candidate.type === 'checkout.session.completed' && (candidate.data.object as { id: string }).id === sessionId);
        if (!event) throw new Error('no completed event');

        const old = await stripe.redeliver(event.id, { signedAt: Date.now() - 10 * 60_000 });
        expect(old.status).toBe(400);
        expect(JSON.parse(old.body).message).toMatch(/timestamp|tolerance/i);

        // The same event, signed now, with one byte of the body changed.
        const payload = JSON.stringify(event, null, 2);
        const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret });
        const webhook = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/payments/stripe/webhook`;
        const forged = await fetch(webhook, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload.replace('"paid"', '"unpaid"'),
        });
        expect(forged.status).toBe(400);
        const unsigned = await fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
        expect(unsigned.status).toBe(400);
        expect(((await unsigned.json()) as { message: string }).message).toBe('Missing Stripe-Signature header');

        expect((await orderRow(order._id)).paymentStatus).toBe('pending');
        expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(0);

        // Signed as sent, now: applied.
        const good = await stripe.redeliver(event.id);
        expect(good.status).toBe(200);
        expect(JSON.parse(good.body)).toEqual({ received: true });
        expect((await orderRow(order._id)).paymentStatus).toBe('paid');
        // The same event again, signed now: answered (never kept by a cache), nothing applied twice.
        const again = await fetch(webhook, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret }) },
          body: payload,
        });
        expect(again.status).toBe(200);
        expect(again.headers.get('cache-control')).toBe('no-store');
        expect(await again.json()).toEqual({ received: true });
      } finally {
        stripe.setDelivery({ mode: 'immediate' });
      }
    });
  });

  it('an event the shop does not act on is answered and changes nothing; a shop without Stripe has no webhook', async () => {
    const payload = JSON.stringify({ id: 'evt_other_1', object: 'event', type: 'customer.created', created: Math.floor(Date.now() / 1000), data: { object: { id: 'cus_1', object: 'customer' } } });
    const webhook = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/payments/stripe/webhook`;
    const res = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret }) },
      body: payload,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_other_1'))).toEqual([]);
    // A page of another shop on the same Stripe account: answered, nothing applied.
    const foreign = JSON.stringify({
      id: 'evt_foreign_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cs_foreign_1', object: 'checkout.session', status: 'complete', payment_status: 'paid', amount_total: 500, currency: 'usd', metadata: { order_id: '1' }, payment_intent: 'pi_foreign_1', expires_at: Math.floor(Date.now() / 1000) + 1800, url: null } },
    });
    const other = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: foreign, secret: stripe.webhookSecret }) },
      body: foreign,
    });
    expect(other.status).toBe(200);
    await expect(service({ provider: null }).webhook(Buffer.from(payload), 'signature')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Card payment is not set up in this shop',
    });
  });

  describe('expiry', () => {
    it('an expired session cancels the order and releases its stock exactly, once', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ quantity: 5 });
      const order = await cardOrder(buyer, [item.id, item.id]);
      expect(await stockOf(item.id)).toBe(3);
      const sessionId = await sessionOf(order._id);
      stripe.setDelivery({ mode: 'immediate', copies: 3 });
      try {
        stripe.expireNow(sessionId);
        await stripe.idle();
      } finally {
        stripe.setDelivery({ mode: 'immediate', copies: 1 });
      }
      const row = await orderRow(order._id);
      expect(row.status).toBe('cancelled');
      expect(row.paymentStatus).toBe('expired');
      expect(await stockOf(item.id)).toBe(5);
      expect(await mailsOf(buyer, 'payment-expired')).toBe(1);
      // The order's history names the shop's payments as who cancelled it; an order that does not exist has none.
      const detail = await call(t.app, 'GET', `/api/v1/auth/order/${order._id}`, { token: admin.token });
      expect(detail.json().history.at(-1)).toMatchObject({ from: 'Not Process', status: 'cancel', by: 'payments' });
      const missing = await call(t.app, 'GET', '/api/v1/auth/order/987654', { token: admin.token });
      expect([missing.statusCode, missing.json().message]).toEqual([404, 'Order not found']);
      await reconcile();
      expect(await stockOf(item.id)).toBe(5);
      // Paying the expired page is impossible; the order page offers nothing to pay.
      expect((await press(sessionId, 'pay')).status).toBe(409);
      const pay = await call(t.app, 'POST', `/api/v1/auth/orders/${order._id}/pay`, { token: buyer.token });
      expect(pay.statusCode).toBe(409);
    });

    it('the job closes a page left open past its time and cancels the order', async () => {
      stripe.setDelivery({ mode: 'drop' });
      const buyer = await makeUser(t.database.db);
      const item = await product({ quantity: 2 });
      const order = await cardOrder(buyer, [item.id]);
      const sessionId = await sessionOf(order._id);
      const session = stripe.sessions.get(sessionId);
      if (!session) throw new Error('no session');
      try {
        // The page's time passes at Stripe without its expiry event reaching the shop.
        const realNow = stripe.clock.now;
        stripe.clock.now = () => realNow() + 31 * 60_000;
        stripe.expireDue();
        stripe.clock.now = realNow;
        await reconcile();
      } finally {
        stripe.setDelivery({ mode: 'immediate' });
      }
      const row = await orderRow(order._id);
      expect(row.status).toBe('cancelled');
      expect(row.paymentStatus).toBe('expired');
      expect(await stockOf(item.id)).toBe(2);
    });

    it('the job closes a page still open at Stripe a minute past its time, not sooner, and counts the live pages it read', async () => {
      stripe.setDelivery({ mode: 'drop' });
      try {
        const buyer = await makeUser(t.database.db);
        const item = await product({ quantity: 2 });
        const order = await cardOrder(buyer, [item.id]);
        const sessionId = await sessionOf(order._id);
        const [page] = await t.database.db.select().from(payments).where(eq(payments.orderId, Number(order._id)));
        const due = page?.expiresAt.getTime() ?? 0;
        const [live] = await t.database.db
          .select({ value: sql<number>`count(*)::int` })
          .from(payments)
          .where(inArray(payments.state, ['open', 'processing']));
        // Half a minute past its time (a clock a little ahead of Stripe's): left open.
        expect(await reconcile(due + 30_000)).toEqual({ checked: live?.value });
        expect(stripe.sessions.get(sessionId)?.status).toBe('open');
        expect(await orderRow(order._id)).toMatchObject({ status: 'not_processed', paymentStatus: 'pending' });
        const asked = stripe.requests.length;
        await reconcile(due + 61_000);
        expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
        const closing = stripe.requests.slice(asked).find((request) => request.path === `/v1/checkout/sessions/${sessionId}/expire`);
        expect(closing?.idempotencyKey).toBe(`expire-${sessionId}`);
        expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
        expect(await stockOf(item.id)).toBe(2);
      } finally {
        stripe.setDelivery({ mode: 'immediate' });
      }
    });

    it('a page never made (Stripe down at checkout) past its time: the job ends the order and gives its stock back, not before', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ quantity: 2 });
      const orderId = await pagelessCardOrder(buyer, [item.id]);
      const [kept] = await t.database.db.select().from(payments).where(eq(payments.orderId, Number(orderId)));
      const due = kept?.expiresAt.getTime() ?? 0;
      await reconcile(due - 1000);
      expect(await orderRow(orderId)).toMatchObject({ status: 'not_processed', paymentStatus: 'pending' });
      expect(await stockOf(item.id)).toBe(1);
      await reconcile(due + 1000);
      expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
      expect(await stockOf(item.id)).toBe(2);
      expect(await mailsOf(buyer, 'payment-expired')).toBe(1);
    });

    it('cancelling a card order whose page was never made (Stripe down at checkout) ends that page at once, its stock back', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ quantity: 2 });
      const orderId = await pagelessCardOrder(buyer, [item.id]);
      expect((await setStatus(orderId, 'cancel')).statusCode).toBe(200);
      expect(await stockOf(item.id)).toBe(2);
      const pages = await t.database.db.select({ state: payments.state, sessionId: payments.sessionId }).from(payments).where(eq(payments.orderId, Number(orderId)));
      expect(pages).toEqual([{ state: 'expired', sessionId: null }]);
    });

    it('pay again: a waiting card order gets its open page back', async () => {
      const buyer = await makeUser(t.database.db);
      const order = await cardOrder(buyer, [(await product()).id]);
      const before = stripe.requests.length;
      const res = await payAgain(buyer, order._id);
      expect(res.statusCode).toBe(200);
      expect(res.json().order.payment.url).toBe(order.payment.url);
      // Given back as it is: Stripe is not asked for a page again.
      expect(stripe.requests.slice(before).filter((request) => request.method === 'POST')).toEqual([]);
    });

    it('pay again after the last page ended with the order still waiting: a new page for its total, kept 30 minutes while Stripe is down', async () => {
      const buyer = await makeUser(t.database.db);
      const order = await cardOrder(buyer, [(await product({ price: 14.5 })).id]);
      // No step of the shop leaves a waiting order without a live page; written by hand, as a page Stripe ended.
      await t.database.db.update(payments).set({ state: 'expired' }).where(eq(payments.orderId, Number(order._id)));
      expect((await returnFromPage(buyer, order._id)).json().order.payment).toMatchObject({ status: 'pending', url: null });
      const pagesOf = () => t.database.db.select().from(payments).where(eq(payments.orderId, Number(order._id))).orderBy(payments.id);
      const down = await stripe.whileDown(() => payAgain(buyer, order._id));
      expect(down.statusCode).toBe(503);
      const [, kept] = await pagesOf();
      expect(kept).toMatchObject({ provider: 'stripe', state: 'open', sessionId: null, amountMinor: 1450, currency: 'USD' });
      const minutesLeft = ((kept?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutesLeft).toBeGreaterThan(29);
      expect(minutesLeft).toBeLessThanOrEqual(30);
      // Stripe back: the kept page is made, no third one.
      const res = await payAgain(buyer, order._id);
      expect(res.statusCode, res.body).toBe(200);
      const pages = await pagesOf();
      expect(pages).toHaveLength(2);
      expect(res.json().order.payment.url).toBe(stripe.payPageUrl(pages[1]?.sessionId ?? ''));
      expect(res.json().order.payment.url).not.toBe(order.payment.url);
      expect(stripe.sessions.get(pages[1]?.sessionId ?? '')).toMatchObject({ amount_total: 1450 });
    });

    it("another buyer's order or a missing one is not found, to pay or to return to", async () => {
      const buyer = await makeUser(t.database.db);
      const order = await cardOrder(buyer, [(await product()).id]);
      const stranger = await makeUser(t.database.db);
      for (const [who, orderId] of [
        [stranger, order._id],
        [buyer, '987654'],
      ] as const) {
        for (const res of [await payAgain(who, orderId), await returnFromPage(who, orderId)]) {
          expect(res.statusCode).toBe(404);
          expect(res.json().message).toBe('Order not found');
        }
      }
    });

    it('returning from the page while Stripe is unreachable, or does not know the page, shows the order waiting; the next return applies the payment', async () => {
      stripe.setDelivery({ mode: 'drop' });
      try {
        const buyer = await makeUser(t.database.db);
        const order = await cardOrder(buyer, [(await product()).id]);
        const sessionId = await sessionOf(order._id);
        await press(sessionId, 'pay');
        const down = await stripe.whileDown(() => returnFromPage(buyer, order._id));
        expect(down.statusCode, down.body).toBe(200);
        expect(down.json().order.payment.status).toBe('pending');
        const page = eq(payments.orderId, Number(order._id));
        await t.database.db.update(payments).set({ sessionId: 'cs_test_unknown' }).where(page);
        const unknown = await returnFromPage(buyer, order._id);
        expect(unknown.statusCode, unknown.body).toBe(200);
        expect(unknown.json().order.payment.status).toBe('pending');
        await t.database.db.update(payments).set({ sessionId }).where(page);
        const back = await returnFromPage(buyer, order._id);
        expect(back.json().order.payment).toMatchObject({ status: 'paid', success: true });
      } finally {
        stripe.setDelivery({ mode: 'immediate' });
      }
    });

    it('pay again is refused, saying why, for a cash order, a paid one and a cancelled one; without Stripe, 503', async () => {
      const buyer = await makeUser(t.database.db);
      const refused = async (orderId: string, message: string) => {
        const res = await payAgain(buyer, orderId);
        expect(res.statusCode, message).toBe(409);
        expect(res.json().message).toBe(message);
      };
      const cash = (await checkout(buyer, [(await product()).id])).json().order as WireOrder;
      await refused(cash._id, 'Only a card order is paid on a payment page');
      const paid = await cardOrder(buyer, [(await product()).id]);
      await press(await sessionOf(paid._id), 'pay');
      await stripe.idle();
      await refused(paid._id, 'This order is paid already');
      const cancelled = await cardOrder(buyer, [(await product()).id]);
      expect((await setStatus(cancelled._id, 'cancel')).statusCode).toBe(200);
      await refused(cancelled._id, 'This order is cancelled: order again to pay');

      // The shop's Stripe key removed: a waiting card order is shown as it is, and cannot be paid.
      const waiting = await cardOrder(buyer, [(await product()).id]);
      const noStripe = service({ provider: null });
      await expect(noStripe.paymentOf(buyer.id, Number(waiting._id))).resolves.toMatchObject({ order: { paymentStatus: 'pending' } });
      await expect(noStripe.pay(buyer.id, buyer.email, Number(waiting._id))).rejects.toMatchObject({
        statusCode: 503,
        message: 'Card payment is not available in this shop',
      });
    });
  });

  describe('transitions', () => {
    it('every forbidden step is a 409 with its reason, the order unchanged', async () => {
      const buyer = await makeUser(t.database.db);
      const unpaid = await cardOrder(buyer, [(await product()).id]);
      for (const status of ['Shipped', 'deliverd']) {
        const res = await setStatus(unpaid._id, status);
        expect(res.statusCode, status).toBe(409);
        expect(res.json().message).toMatch(/not paid yet/);
      }
      const card = await markPaid(unpaid._id);
      expect(card.statusCode).toBe(409);
      expect(card.json().message).toBe('A card payment is recorded by the payment provider, not by hand');
      const early = await refund(unpaid._id, {});
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('This order is not paid: there is nothing to refund');
      expect(await orderRow(unpaid._id)).toMatchObject({ status: 'not_processed', paymentStatus: 'pending', refundedMinor: 0 });

      const paid = await cardOrder(buyer, [(await product()).id]);
      await press(await sessionOf(paid._id), 'pay');
      await stripe.idle();
      expect((await setStatus(paid._id, 'Shipped')).statusCode).toBe(200);
      const cancelShipped = await setStatus(paid._id, 'cancel');
      expect(cancelShipped.statusCode).toBe(409);
      expect(cancelShipped.json().message).toBe('This order is shipped: only an order not shipped yet can be cancelled');
      const back = await setStatus(paid._id, 'Processing');
      expect(back.statusCode).toBe(409);
      expect(back.json().message).toBe('This order is shipped: it cannot go back to processing');
      expect((await setStatus(paid._id, 'deliverd')).statusCode).toBe(200);
      const after = await setStatus(paid._id, 'Not Process');
      expect(after.statusCode).toBe(409);
      expect(after.json().message).toBe('This order is delivered: its status can no longer change');

      const cash = (await checkout(buyer, [(await product()).id])).json().order as WireOrder;
      const cashPaid = await markPaid(cash._id);
      expect(cashPaid.statusCode).toBe(409);
      expect(cashPaid.json().message).toBe('A cash on delivery order is paid when it is delivered');
      const unknown = await markPaid('987654');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Order not found');

      // A refunded card order never ships; a refunded order cannot be refunded again.
      const refunded = await cardOrder(buyer, [(await product()).id]);
      await press(await sessionOf(refunded._id), 'pay');
      await stripe.idle();
      expect((await refund(refunded._id, {})).statusCode).toBe(200);
      const shipRefunded = await setStatus(refunded._id, 'Shipped');
      expect(shipRefunded.statusCode).toBe(409);
      expect(shipRefunded.json().message).toBe('This card order is refunded: it cannot be shipped');
      const twice = await refund(refunded._id, {});
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('This order is already refunded in full');

      // A bank transfer order cancelled unpaid stays pending and may be reopened; once paid, cancelling refunds it.
      const transfer = (await checkout(buyer, [(await product()).id], 'bank_transfer')).json().order as WireOrder;
      expect((await setStatus(transfer._id, 'cancel')).statusCode).toBe(200);
      expect(await orderRow(transfer._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
      const paidCancelled = await markPaid(transfer._id);
      expect(paidCancelled.statusCode).toBe(409);
      expect(paidCancelled.json().message).toBe('A cancelled order cannot be marked paid: reopen it first');
      expect((await setStatus(transfer._id, 'Processing')).statusCode).toBe(200);
      expect((await markPaid(transfer._id)).statusCode).toBe(200);
      const cancelPaid = await setStatus(transfer._id, 'cancel');
      expect(cancelPaid.statusCode).toBe(200);
      expect(cancelPaid.json().order.payment).toMatchObject({ status: 'refunded', refunded: 10 });
      const reopenPaid = await setStatus(transfer._id, 'Processing');
      expect(reopenPaid.statusCode).toBe(409);
      expect(reopenPaid.json().message).toBe('A cancelled order whose payment is refunded cannot be reopened');

      const expired = await cardOrder(buyer, [(await product()).id]);
      expect((await setStatus(expired._id, 'cancel')).statusCode).toBe(200);
      const reopen = await setStatus(expired._id, 'Not Process');
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json().message).toBe('A cancelled card order cannot be reopened: the shopper can place it again');
    });

    it('cancelling a paid card order refunds it through Stripe and gives the stock back', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 30, quantity: 4 });
      const order = await cardOrder(buyer, [item.id, item.id]);
      await press(await sessionOf(order._id), 'pay');
      await stripe.idle();
      const res = await setStatus(order._id, 'cancel');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.payment).toMatchObject({ success: false, status: 'refunded', paid: 60, refunded: 60 });
      expect(await stockOf(item.id)).toBe(4);
      const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, Number(order._id)));
      // The whole order given back: no lines named, none put back (the cancel gives the stock back), no reason.
      expect(row).toMatchObject({ state: 'succeeded', amountMinor: 6000, lines: [], restock: false, reason: '' });
      const [entry] = await t.database.db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, Number(order._id)), eq(auditLog.action, 'order.refund')));
      expect(entry?.after).toEqual({ refundId: row?.id, amountMinor: 6000, lines: [], restock: false });
      const atStripe = [...stripe.refunds.values()].find((candidate) => candidate.id === row?.providerRefundId);
      expect(atStripe?.amount).toBe(6000);
      expect(await mailsOf(buyer, 'payment-refunded')).toBe(1);
    });

    it('cancelling an unpaid card order closes its payment page', async () => {
      const buyer = await makeUser(t.database.db);
      const order = await cardOrder(buyer, [(await product()).id]);
      const sessionId = await sessionOf(order._id);
      const asked = stripe.requests.length;
      expect((await setStatus(order._id, 'cancel')).statusCode).toBe(200);
      expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
      expect((await orderRow(order._id)).paymentStatus).toBe('expired');
      // Closed under its own key: a retry never closes anything else.
      expect(stripe.requests.slice(asked).map((request) => [request.path, request.idempotencyKey])).toContainEqual([`/v1/checkout/sessions/${sessionId}/expire`, `expire-${sessionId}`]);
    });

    it('a shop process without Stripe cancels an unpaid card order without asking it, and logs no failure', async () => {
      const buyer = await makeUser(t.database.db);
      const order = await cardOrder(buyer, [(await product()).id]);
      const sessionId = await sessionOf(order._id);
      const warnings: string[] = [];
      const log = { warn: (_: object, message: string) => warnings.push(message), error: () => undefined };
      const cancelled = await service({ provider: null, log }).setStatus(Number(order._id), 'cancelled', { id: admin.id, name: admin.name, address: null });
      expect(cancelled.order).toMatchObject({ status: 'cancelled' });
      expect(warnings).toEqual([]);
      expect(stripe.sessions.get(sessionId)?.status).toBe('open');
    });

    it('cancelling a card order its shopper paid a moment before (the news not in yet): refunded at once, and the answer says so', async () => {
      stripe.setDelivery({ mode: 'hold' });
      try {
        const buyer = await makeUser(t.database.db);
        const item = await product({ price: 7, quantity: 3 });
        const order = await cardOrder(buyer, [item.id]);
        await press(await sessionOf(order._id), 'pay');
        // Closing the page finds it paid: the payment is recorded after the commit and given back.
        const res = await setStatus(order._id, 'cancel');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().order.payment).toMatchObject({ status: 'refunded', refunded: 7 });
        expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedMinor: 700 });
        expect(await stockOf(item.id)).toBe(3);
        // The news arriving late changes nothing more: one refund, of the whole.
        await stripe.release();
        expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'refunded', refundedMinor: 700 });
        const given = await t.database.db.select().from(refunds).where(eq(refunds.orderId, Number(order._id)));
        expect(given.map((row) => row.amountMinor)).toEqual([700]);
        // Told of the money given back, never of a payment received.
        expect([await mailsOf(buyer, 'payment-received'), await mailsOf(buyer, 'payment-refunded')]).toEqual([0, 1]);
      } finally {
        stripe.setDelivery({ mode: 'immediate' });
      }
    });
  });

  describe('refunds', () => {
    it('some lines with restock, then the rest; never past what was paid', async () => {
      const buyer = await makeUser(t.database.db);
      const a = await product({ price: 10, quantity: 5 });
      const b = await product({ price: 4, quantity: 5 });
      const order = await cardOrder(buyer, [a.id, a.id, b.id]);
      await press(await sessionOf(order._id), 'pay');
      await stripe.idle();
      const one = await refund(order._id, { lines: [{ productId: a.id, quantity: 1 }], restock: true });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().refund).toMatchObject({ amount: 10, state: 'succeeded' });
      expect(one.json().order.payment).toMatchObject({ success: true, status: 'partially_refunded', refunded: 10 });
      expect(await stockOf(a.id)).toBe(4);
      const tooMany = await refund(order._id, { lines: [{ productId: a.id, quantity: 2 }] });
      expect(tooMany.statusCode).toBe(409);
      const notInOrder = await refund(order._id, { lines: [{ productId: 999_999, quantity: 1 }] });
      expect(notInOrder.statusCode).toBe(400);
      expect(notInOrder.json().message).toMatch(/^lines: /);
      const rest = await refund(order._id, {});
      expect(rest.statusCode).toBe(200);
      expect(rest.json().order.payment).toMatchObject({ success: false, status: 'refunded', refunded: 24 });
      expect(await stockOf(b.id)).toBe(4);
      const nothing = await refund(order._id, {});
      expect(nothing.statusCode).toBe(409);
    });

    it('the rest refunded names only the units left; a unit named twice in one refund is refunded once; an unknown order is not found', async () => {
      const buyer = await makeUser(t.database.db);
      const a = await product({ name: 'Twice Cup', price: 9, quantity: 5 });
      const b = await product({ price: 3, quantity: 5 });
      const order = (await checkout(buyer, [a.id, b.id])).json().order as WireOrder;
      expect((await setStatus(order._id, 'deliverd')).statusCode).toBe(200);
      const twice = await refund(order._id, { lines: [{ productId: a.id, quantity: 1 }, { productId: a.id, quantity: 1 }] });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('Only 0 of Twice Cup left to refund');
      expect((await refund(order._id, { lines: [{ productId: a.id, quantity: 1 }] })).statusCode).toBe(200);
      const rest = await refund(order._id, { restock: true });
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json().refund.amount).toBe(3);
      const [row] = await t.database.db.select({ lines: refunds.lines }).from(refunds).where(eq(refunds.id, Number(rest.json().refund.id)));
      expect(row?.lines).toEqual([{ productId: b.id, variantId: expect.any(Number), quantity: 1 }]);
      expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([4, 5]);

      const unknown = await refund('987654', {});
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Order not found');
    });

    it('refunding a free line (a gift at 0.00) is refused as nothing to give back, the order left as it was', async () => {
      const buyer = await makeUser(t.database.db);
      const gift = await product({ price: 0, quantity: 5 });
      const order = (await checkout(buyer, [(await product({ price: 4 })).id, gift.id])).json().order as WireOrder;
      expect((await setStatus(order._id, 'deliverd')).statusCode).toBe(200);
      const free = await refund(order._id, { lines: [{ productId: gift.id, quantity: 1 }] });
      expect(free.statusCode).toBe(409);
      expect(free.json().message).toBe('A refund must be more than nothing');
      expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'paid', refundedMinor: 0 });
    });

    it("a refund is in the audit log (who gave back how much, which lines, the stock put back, the reason) beside the order's payment change; a cash buyer is mailed it", async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 6, quantity: 5 });
      const order = (await checkout(buyer, [item.id, item.id])).json().order as WireOrder;
      expect((await setStatus(order._id, 'deliverd')).statusCode).toBe(200);
      const res = await refund(order._id, { lines: [{ productId: item.id, quantity: 1 }], restock: true, reason: 'Chipped' });
      expect(res.statusCode, res.body).toBe(200);
      const refundId = Number(res.json().refund.id);
      const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, refundId));
      expect(row).toMatchObject({ state: 'succeeded', paymentId: null, amountMinor: 600, restock: true, reason: 'Chipped', createdBy: admin.id });
      const lines = [{ productId: item.id, variantId: expect.any(Number), quantity: 1 }];
      const entries = await t.database.db
        .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, Number(order._id)), inArray(auditLog.action, ['order.refund', 'order.payment'])))
        .orderBy(auditLog.id);
      expect(entries).toEqual([
        { action: 'order.refund', actorId: admin.id, before: null, after: { refundId, amountMinor: 600, lines, restock: true } },
        {
          action: 'order.payment',
          actorId: admin.id,
          before: { status: 'delivered', payment: 'paid' },
          after: { status: 'delivered', payment: 'partially_refunded', refundedMinor: 600 },
        },
      ]);
      expect(await stockOf(item.id)).toBe(4);
      expect(await mailsOf(buyer, 'payment-refunded')).toBe(1);
      // The status did not change: the buyer is not told of the delivery again.
      expect(await mailsOf(buyer, 'order-delivered')).toBe(1);
    });

    it('a cash order once refunded follows the lifecycle: delivered, it can no longer be cancelled', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 6, quantity: 5 });
      const order = (await checkout(buyer, [item.id, item.id])).json().order as WireOrder;
      expect((await setStatus(order._id, 'deliverd')).statusCode).toBe(200);
      expect((await refund(order._id, { lines: [{ productId: item.id, quantity: 1 }] })).statusCode).toBe(200);
      const cancel = await setStatus(order._id, 'cancel');
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().message).toBe('This order is delivered: its status can no longer change');
      expect(await orderRow(order._id)).toMatchObject({ status: 'delivered', paymentStatus: 'partially_refunded', refundedMinor: 600 });
      expect(await stockOf(item.id)).toBe(3);
    });

    it('a refund with the stock put back, then cancelling, gives each unit back once', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 5, quantity: 6 });
      const order = await cardOrder(buyer, [item.id, item.id, item.id]);
      await press(await sessionOf(order._id), 'pay');
      await stripe.idle();
      expect(await stockOf(item.id)).toBe(3);
      expect((await refund(order._id, { lines: [{ productId: item.id, quantity: 1 }], restock: true })).statusCode).toBe(200);
      expect(await stockOf(item.id)).toBe(4);
      const cancelled = await setStatus(order._id, 'cancel');
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().order.payment).toMatchObject({ status: 'refunded', refunded: 15 });
      expect(await stockOf(item.id)).toBe(6);
    });

    it('a refund that leaves its units off the shelves, then cancelling, gives every unit back', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 5, quantity: 6 });
      const order = await cardOrder(buyer, [item.id, item.id, item.id]);
      await press(await sessionOf(order._id), 'pay');
      await stripe.idle();
      expect((await refund(order._id, { lines: [{ productId: item.id, quantity: 1 }] })).statusCode).toBe(200);
      expect(await stockOf(item.id)).toBe(3);
      const cancelled = await setStatus(order._id, 'cancel');
      expect(cancelled.json().order.payment).toMatchObject({ status: 'refunded', refunded: 15 });
      expect(await stockOf(item.id)).toBe(6);
    });

    it('a refund Stripe cannot take now stays pending, and the job sends it (once) when Stripe is back', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 8, name: 'Pending Lamp' });
      const order = await cardOrder(buyer, [item.id]);
      await press(await sessionOf(order._id), 'pay');
      await stripe.idle();
      const asked = stripe.requests.length;
      const res = await stripe.whileDown(() => refund(order._id, {}), 503);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().refund.state).toBe('pending');
      expect(res.json().message).toMatch(/not confirmed/);
      expect(res.json().order.payment).toMatchObject({ status: 'refunded', refunded: 8 });
      // The pending refund holds its units: the line cannot be refunded again meanwhile.
      const line = await refund(order._id, { lines: [{ productId: item.id, quantity: 1 }] });
      expect(line.statusCode).toBe(409);
      expect(line.json().message).toBe('Only 0 of Pending Lamp left to refund');
      // A refund younger than half a minute is left to its own request.
      await reconcile();
      expect((await t.database.db.select().from(refunds).where(eq(refunds.orderId, Number(order._id))))[0]?.state).toBe('pending');
      await reconcile(Date.now() + 60_000);
      await reconcile(Date.now() + 60_000);
      const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, Number(order._id)));
      expect(row?.state).toBe('succeeded');
      // Every attempt under the refund's own key: Stripe gives back once, however often it is asked.
      const keys = stripe.requests.slice(asked).filter((request) => request.path === '/v1/refunds').map((request) => request.idempotencyKey);
      expect(new Set(keys)).toEqual(new Set([`refund-${row?.id}`]));
      const atStripe = [...stripe.refunds.values()].filter((candidate) => candidate.metadata.order_id === order._id);
      expect(atStripe.map((candidate) => candidate.amount)).toEqual([800]);
      expect(await mailsOf(buyer, 'payment-refunded')).toBe(1);
    });

    it('a refund Stripe refuses (the charge given back at Stripe already) is failed, says so, and the order counts the money as not given back', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 10, quantity: 5 });
      const order = await cardOrder(buyer, [item.id, item.id]);
      await press(await sessionOf(order._id), 'pay');
      await stripe.idle();
      const intent = stripe.paymentIntents.get((await capturedBy(order._id)) ?? '');
      if (!intent) throw new Error('no payment intent');
      const refusedAtStripe = async (body: unknown, payment: object) => {
        intent.amount_refunded = intent.amount_received;
        const res = await refund(order._id, body);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().refund.state).toBe('failed');
        expect(res.json().message).toBe('The card provider refused this refund: nothing was given back');
        expect(res.json().order.payment).toMatchObject(payment);
      };
      // Refused first: the order is paid in full again.
      await refusedAtStripe({ lines: [{ productId: item.id, quantity: 1 }] }, { success: true, status: 'paid', refunded: 0 });
      intent.amount_refunded = 0;
      expect((await refund(order._id, { lines: [{ productId: item.id, quantity: 1 }] })).json().order.payment).toMatchObject({ status: 'partially_refunded', refunded: 10 });
      // The rest refused: what was given back before still counts.
      await refusedAtStripe({}, { success: true, status: 'partially_refunded', refunded: 10 });
      expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedMinor: 1000 });
      const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, Number(order._id))).orderBy(refunds.id);
      expect(rows.map((row) => [row.state, row.amountMinor, row.providerRefundId === null])).toEqual([
        ['failed', 1000, true],
        ['succeeded', 1000, false],
        ['failed', 1000, true],
      ]);
      expect(await mailsOf(buyer, 'payment-refunded')).toBe(1);
    });

    it('a refund Stripe makes as failed, or refuses when the job sends it again, gives nothing back: failed, logged, no mail', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 10, quantity: 5 });
      const order = await cardOrder(buyer, [item.id, item.id]);
      await press(await sessionOf(order._id), 'pay');
      await stripe.idle();
      const one = { lines: [{ productId: item.id, quantity: 1 }] };
      // Answered, not refused: Stripe made the refund, as failed (the card's bank turned it down).
      const failed = await stripe.refundsAnswer('failed', () => refund(order._id, one));
      expect(failed.statusCode, failed.body).toBe(200);
      expect(failed.json().refund.state).toBe('failed');
      expect(failed.json().message).toBe('The card provider refused this refund: nothing was given back');
      expect(failed.json().order.payment).toMatchObject({ success: true, status: 'paid', refunded: 0 });
      const [made] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, Number(order._id)));
      expect(made).toMatchObject({ state: 'failed', providerRefundId: [...stripe.refunds.values()].find((candidate) => candidate.metadata.order_id === order._id)?.id });
      // Sent while Stripe is down (pending), then refused when the job sends it again: the charge was given back at Stripe meanwhile.
      expect((await stripe.whileDown(() => refund(order._id, one), 503)).json().refund.state).toBe('pending');
      const intent = stripe.paymentIntents.get((await capturedBy(order._id)) ?? '');
      if (!intent) throw new Error('no payment intent');
      intent.amount_refunded = intent.amount_received;
      const warnings: { object: Record<string, unknown>; message: string }[] = [];
      const log = { warn: (object: object, message: string) => warnings.push({ object: object as Record<string, unknown>, message }), error: () => undefined };
      await service({ log }).reconcile(Date.now() + 60_000);
      const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, Number(order._id))).orderBy(refunds.id);
      expect(rows.map((row) => row.state)).toEqual(['failed', 'failed']);
      expect(warnings).toContainEqual({
        object: { refundId: rows[1]?.id, reason: expect.stringContaining('has already been refunded') },
        message: 'card refund refused by the provider',
      });
      expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'paid', refundedMinor: 0 });
      expect(await mailsOf(buyer, 'payment-refunded')).toBe(0);
    });

    it('two runs of the job sending the same pending refund at once give it back once and tell the buyer once', async () => {
      const buyer = await makeUser(t.database.db);
      const order = await cardOrder(buyer, [(await product({ price: 6 })).id]);
      await press(await sessionOf(order._id), 'pay');
      await stripe.idle();
      expect((await stripe.whileDown(() => refund(order._id, {}), 503)).json().refund.state).toBe('pending');
      // Two processes of the shop, each with its job.
      await Promise.all([reconcile(Date.now() + 60_000), service({}).reconcile(Date.now() + 60_000)]);
      const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, Number(order._id)));
      expect(row?.state).toBe('succeeded');
      expect([...stripe.refunds.values()].filter((candidate) => candidate.metadata.order_id === order._id).map((candidate) => candidate.amount)).toEqual([600]);
      expect(await mailsOf(buyer, 'payment-refunded')).toBe(1);
    });

    it('a card payment reported without the charge it took: its refund is left pending, logged, and nothing is asked of Stripe', async () => {
      const buyer = await makeUser(t.database.db);
      const order = await cardOrder(buyer, [(await product({ price: 4 })).id]);
      stripe.setDelivery({ mode: 'hold' });
      try {
        await press(await sessionOf(order._id), 'pay');
      } finally {
        stripe.setDelivery({ mode: 'immediate' });
      }
      for (const event of stripe.held) event.data.object.payment_intent = null;
      await stripe.release();
      expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'paid' });
      const res = await refund(order._id, {});
      expect(res.json().refund.state).toBe('pending');
      const warnings: { object: Record<string, unknown>; message: string }[] = [];
      const log = { warn: (object: object, message: string) => warnings.push({ object: object as Record<string, unknown>, message }), error: () => undefined };
      const asked = stripe.requests.length;
      await service({ log }).reconcile(Date.now() + 60_000);
      expect(warnings).toContainEqual({ object: { refundId: Number(res.json().refund.id) }, message: 'card refund without a captured payment: left pending' });
      expect(stripe.requests.slice(asked).filter((request) => request.path === '/v1/refunds')).toEqual([]);
      const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, Number(order._id)));
      expect(row?.state).toBe('pending');
      expect(await mailsOf(buyer, 'payment-refunded')).toBe(0);
    });

    it('the job logs each page and refund Stripe would not answer, and goes on; without Stripe it reads no page', async () => {
      const buyer = await makeUser(t.database.db);
      const waiting = await cardOrder(buyer, [(await product()).id]);
      const paid = await cardOrder(buyer, [(await product({ price: 3 })).id]);
      await press(await sessionOf(paid._id), 'pay');
      await stripe.idle();
      stripe.failNext(3, 503);
      expect((await refund(paid._id, {})).json().refund.state).toBe('pending');
      const warnings: { object: Record<string, unknown>; message: string }[] = [];
      const log = { warn: (object: object, message: string) => warnings.push({ object: object as Record<string, unknown>, message }), error: () => undefined };
      await service({ provider: null, log }).reconcile(Date.now() + 60_000);
      expect(warnings).toEqual([]);
      // The shop's key refused (401): Stripe unavailable to the shop, answered at once (no retries).
      await stripe.whileDown(() => service({ log }).reconcile(Date.now() + 60_000), 401);
      const [page] = await t.database.db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, Number(waiting._id)));
      const [pending] = await t.database.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, Number(paid._id)));
      expect(warnings).toContainEqual({ object: expect.objectContaining({ paymentId: page?.id, err: expect.any(Error) }), message: 'payment check failed; tried again at the next run' });
      expect(warnings).toContainEqual({ object: expect.objectContaining({ refundId: pending?.id, err: expect.any(Error) }), message: 'card refund still not sent; tried again at the next run' });
      await reconcile(Date.now() + 60_000);
      expect((await orderRow(paid._id)).paymentStatus).toBe('refunded');
    });

    it('50 concurrent refund clicks on a 100-unit order refund at most what was paid', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ price: 2, quantity: 100 });
      const order = await cardOrder(buyer, Array.from({ length: 100 }, () => item.id));
      await press(await sessionOf(order._id), 'pay');
      await stripe.idle();
      expect((await orderRow(order._id)).paymentStatus).toBe('paid');
      // 50 clicks of 3 units each ask for 150 units' worth of a 100-unit order; and 10 clicks of "all".
      const clicks = await Promise.all([
        ...Array.from({ length: 50 }, () => refund(order._id, { lines: [{ productId: item.id, quantity: 3 }] })),
        ...Array.from({ length: 10 }, () => refund(order._id, {})),
      ]);
      const codes = clicks.map((res) => res.statusCode);
      expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
      const row = await orderRow(order._id);
      expect(row.refundedMinor).toBeLessThanOrEqual(row.totalCents);
      const [sum] = await t.database.db
        .select({ value: sql<number>`coalesce(sum(${refunds.amountMinor}), 0)::int` })
        .from(refunds)
        .where(eq(refunds.orderId, Number(order._id)));
      expect(sum?.value).toBe(row.refundedMinor);
      const atStripe = [...stripe.refunds.values()].filter((candidate) => candidate.metadata.order_id === order._id).reduce((total, candidate) => total + candidate.amount, 0);
      expect(atStripe).toBe(row.refundedMinor);
      expect(atStripe).toBeLessThanOrEqual(20_000);
    });
  });

  it('the oversell guard holds with card orders: reserved stock counts', async () => {
    const item = await product({ quantity: 5 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => makeUser(t.database.db)));
    const results = await Promise.all(buyers.map((buyer) => checkout(buyer, [item.id], 'card')));
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(7);
    expect(await stockOf(item.id)).toBe(0);
  });
});
