/**
 * Checkout without an account (issue 19, docs/decisions/0019-guest-checkout.md), on both engines: the guest
 * order, its mailed link, the order page and its refusals, pay again, the limits, and the orders joining an
 * account once its address is confirmed (and not before).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestClaimTokens, mailOutbox, orders, users } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { type FakeStripe, startFakeStripe } from '../setup/fake-stripe.ts';
import { startSmtpServer } from '../setup/smtp.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';

const PUBLIC_URL = 'https://shop.example';
const NOT_FOUND = { success: false, message: 'Order not found' };
const DELIVERY = { name: 'Gwen Guest', address: '4 Harbour Road\nPortsmouth', phone: '555-0199' };

interface WireOrder {
  _id: string;
  buyer: { _id: string; name: string };
  status: string;
  total: number;
  products: { _id: string }[];
  delivery: { name: string; address: string; phone: string };
  payment: { success: boolean; method: string; status?: string; url?: string | null };
}

describe('guest checkout', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let stripe: FakeStripe;
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;
  let queries = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    stripe = await startFakeStripe();
    t = await createTestApp(
      {
        ...NO_ORDER_LIMITS,
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        MAIL_RETRY_SECONDS: '0.05',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
        PAYMENT_RECONCILE_MINUTES: '1440',
      },
      // Reads of orders (the mail worker's polls of its outbox run beside the requests and are not counted).
      { onQuery: (text) => (/"orders"/.test(text) ? (queries += 1) : undefined) },
    );
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await smtp?.close();
  });

  const product = (quantity = 10, price = 12.5) => makeProduct(t.database.db, { categoryId, quantity, price });
  const guestCheckout = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/auth/guest-orders', { body });
  const order = (email: string, ids: number[], extra: Record<string, unknown> = {}) =>
    guestCheckout({ cart: ids.map((id) => ({ _id: String(id) })), email, delivery: DELIVERY, ...extra });
  const view = (orderId: string, token: string) => call(t.app, 'POST', `/api/v1/auth/guest-orders/${orderId}`, { body: { token } });
  const register = (email: string, password = 'guest-now-member') =>
    call(t.app, 'POST', '/api/v1/auth/register', { body: { name: 'Gwen Member', email, password, phone: '555-0199', address: '4 Harbour Road', answer: 'Chess' } });
  const login = async (email: string, password = 'guest-now-member') => {
    const res = await call(t.app, 'POST', '/api/v1/auth/login', { body: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const myOrders = async (token: string) => (await call(t.app, 'GET', '/api/v1/auth/orders', { token })).json() as WireOrder[];

  /** The mail to this address whose subject matches, as the SMTP server received it. */
  async function mailTo(address: string, subject: RegExp, nth = 0) {
    const started = Date.now();
    for (;;) {
      const found = smtp.received.filter((mail) => mail.to.includes(address) && subject.test(mail.subject))[nth];
      if (found) return found;
      if (Date.now() - started > 10_000) throw new Error(`no mail "${subject}" to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  /** The order page's link of a confirmation mail: its order id and token. */
  async function orderLink(address: string, orderId: string) {
    const mail = await mailTo(address, new RegExp(`order #${orderId}\\b`));
    const match = new RegExp(`${PUBLIC_URL}/order/(\\d+)#t=([\\w-]+)`).exec(mail.text);
    expect(match?.[1]).toBe(orderId);
    expect(mail.html).toContain(`${PUBLIC_URL}/order/${orderId}#t=`);
    return { orderId, token: match?.[2] ?? '' };
  }
  const confirmLink = async (address: string, nth = 0) =>
    decodeURIComponent(/confirm-email#token=([\w%-]+)/.exec((await mailTo(address, /^Confirm your e-mail address/, nth)).text)?.[1] ?? '');
  const guestRow = async (email: string) => (await t.database.db.select().from(users).where(and(eq(users.email, email), eq(users.guest, true))))[0];

  it('places an order without an account: a guest buyer per e-mail, the delivery as given, the mailed link', async () => {
    const item = await product(5);
    const res = await order('Gwen@Example.com', [item.id, item.id]);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order as WireOrder;
    expect(placed).toMatchObject({ status: 'Not Process', total: 25, delivery: DELIVERY, buyer: { name: DELIVERY.name } });
    expect(placed.payment).toEqual({ success: false, method: 'cash_on_delivery' });
    // The address is normalised: one guest row for Gwen@Example.com and gwen@example.com.
    const again = await order('gwen@example.com', [item.id]);
    expect(again.statusCode).toBe(201);
    const guest = await guestRow('gwen@example.com');
    expect(guest).toMatchObject({ guest: true, passwordHash: '', role: 0 });
    expect(new Set([placed.buyer._id, (again.json().order as WireOrder).buyer._id])).toEqual(new Set([String(guest?.id)]));
    // It cannot sign in, and is not an account on the Users screen; its orders are in the owner's list.
    expect((await call(t.app, 'POST', '/api/v1/auth/login', { body: { email: 'gwen@example.com', password: 'anything' } })).statusCode).toBe(401);
    const usersList = (await call(t.app, 'GET', '/api/v1/auth/all-users', { token: admin.token })).json();
    expect(JSON.stringify(usersList)).not.toContain('gwen@example.com');
    const all = (await call(t.app, 'GET', '/api/v1/auth/all-orders', { token: admin.token })).json() as WireOrder[];
    expect(all.map((row) => row._id)).toContain(placed._id);
    // The mail carries the order page's link, which opens the order.
    const link = await orderLink('gwen@example.com', placed._id);
    expect(link.token).toMatch(/^[\w-]{43}$/);
    expect(res.json().token).toBe(link.token);
    const opened = await view(link.orderId, link.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().order).toMatchObject({ _id: placed._id, total: 25, delivery: DELIVERY });
  });

  it('a wrong or guessed token, or an order that does not exist: the same 404, without reading the order', async () => {
    const item = await product();
    const placed = (await order('hal@example.com', [item.id])).json().order as WireOrder;
    const other = (await order('ida@example.com', [item.id])).json().order as WireOrder;
    const { token } = await orderLink('hal@example.com', placed._id);
    const tries: [string, string][] = [
      [placed._id, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`],
      [other._id, token],
      [placed._id, 'x'.repeat(43)],
      [placed._id, 'short'],
      ['2000000000', token],
      ['2000000000', 'x'.repeat(43)],
    ];
    for (const [orderId, guess] of tries) {
      const before = queries;
      const res = await view(orderId, guess);
      expect(res.statusCode, `${orderId} ${guess}`).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      // No order is read: an order that exists and one that does not are told apart by nothing, time included.
      expect(queries - before).toBe(0);
    }
    // (The count does see the reads of an order the token opens.)
    const before = queries;
    expect((await view(placed._id, token)).statusCode).toBe(200);
    expect(queries - before).toBeGreaterThan(0);
    const pay = await call(t.app, 'POST', `/api/v1/auth/guest-orders/${other._id}/pay`, { body: { token } });
    expect(pay.statusCode).toBe(404);
    expect(pay.json()).toEqual(NOT_FOUND);
    // The signed-in order calls stay closed to a guest.
    expect((await call(t.app, 'GET', `/api/v1/auth/orders/${placed._id}/payment`)).statusCode).toBe(401);
  });

  it('pays again from the link: a card order gets its payment page, which comes back to the order page', async () => {
    const item = await product(3, 40);
    const res = await order('jon@example.com', [item.id], { paymentMethod: 'card' });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order as WireOrder;
    expect(placed.payment).toMatchObject({ method: 'card', status: 'pending' });
    const { token } = await orderLink('jon@example.com', placed._id);
    const paid = await call(t.app, 'POST', `/api/v1/auth/guest-orders/${placed._id}/pay`, { body: { token } });
    expect(paid.statusCode, paid.body).toBe(200);
    const url = (paid.json().order as WireOrder).payment.url;
    expect(url).toBe(placed.payment.url);
    const session = [...stripe.sessions.values()].find((row) => row.success_url.includes(`/order/${placed._id}?`));
    expect(session?.success_url).toBe(`${PUBLIC_URL}/order/${placed._id}?session={CHECKOUT_SESSION_ID}#t=${token}`);
    expect(session?.cancel_url).toBe(`${PUBLIC_URL}/order/${placed._id}#t=${token}`);
    expect(session?.customer_email).toBe('jon@example.com');
    // The shopper pays; the order page asks the provider and shows it paid.
    stripe.shopper.pay(session?.id ?? '');
    const after = await view(placed._id, token);
    expect((after.json().order as WireOrder).payment).toMatchObject({ success: true, status: 'paid' });
    const again = await call(t.app, 'POST', `/api/v1/auth/guest-orders/${placed._id}/pay`, { body: { token } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is paid already');
  });

  it('bad input: 400 naming the field, nothing changed', async () => {
    const item = await product();
    const cart = [{ _id: String(item.id) }];
    const before = await snapshotDatabase(t.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ cart, delivery: DELIVERY }, 'email: is required'],
      [{ cart, email: 'not-an-address', delivery: DELIVERY }, 'email: must be a valid e-mail address'],
      [{ cart, email: 'kim@example.com' }, 'delivery: '],
      [{ cart, email: 'kim@example.com', delivery: { ...DELIVERY, name: '' } }, 'delivery.name: is required'],
      [{ cart, email: 'kim@example.com', delivery: { ...DELIVERY, address: '  ' } }, 'delivery.address: is required'],
      [{ cart, email: 'kim@example.com', delivery: { name: 'Kim', address: '1 Road' } }, 'delivery.phone: is required'],
      [{ cart, email: 'kim@example.com', delivery: { ...DELIVERY, phone: 'x'.repeat(31) } }, 'delivery.phone: must be at most 30 characters'],
      [{ cart: [], email: 'kim@example.com', delivery: DELIVERY }, 'cart: is empty'],
      [{ cart, email: 'kim@example.com', delivery: DELIVERY, paymentMethod: 'cheque' }, 'paymentMethod: must be one of'],
    ];
    for (const [body, message] of cases) {
      const res = await guestCheckout(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // A refused order (short of stock) leaves no guest row behind either.
    const short = await order('kim@example.com', [item.id], { cart: Array.from({ length: 11 }, () => ({ _id: String(item.id) })) });
    expect(short.statusCode).toBe(409);
    expect(await guestRow('kim@example.com')).toBeUndefined();
    expect((await view('1', '')).statusCode).toBe(400);
    expect((await view('1', '')).json().message).toBe('token: is required');
    expect((await view('abc', 'x'.repeat(43))).json().message).toContain('orderId: must be an id');
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('registering the address and confirming it by the mailed link brings the guest orders into the account', async () => {
    const item = await product();
    const first = (await order('lea@example.com', [item.id])).json().order as WireOrder;
    const second = (await order('lea@example.com', [item.id, item.id])).json().order as WireOrder;
    const { token: pageToken } = await orderLink('lea@example.com', first._id);
    const guest = await guestRow('lea@example.com');
    expect((await register('lea@example.com')).statusCode).toBe(201);
    const token = await login('lea@example.com');
    // Not before the address is confirmed.
    expect(await myOrders(token)).toEqual([]);
    const link = await confirmLink('lea@example.com');
    // The outbox keeps no link, only the token's hash is kept.
    const [kept] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, 'lea@example.com'), eq(mailOutbox.kind, 'guest-claim')));
    expect(kept?.text).not.toContain(link);
    const confirmed = await call(t.app, 'POST', '/api/v1/auth/confirm-email', { body: { token: link } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: 'E-mail address confirmed: 2 orders joined your account', orders: 2 });
    expect((await myOrders(token)).map((row) => row._id).sort()).toEqual([first._id, second._id].sort());
    // The guest row is gone (the Users screen's counts follow the account); the mailed page link still works.
    expect(await guestRow('lea@example.com')).toBeUndefined();
    expect((await t.database.db.select().from(orders).where(eq(orders.buyerId, guest?.id ?? 0))).length).toBe(0);
    expect((await view(first._id, pageToken)).statusCode).toBe(200);
    // Once only.
    const reused = await call(t.app, 'POST', '/api/v1/auth/confirm-email', { body: { token: link } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This confirmation link is not valid any more: ask for a new one');
    // A later guest order with the address stays apart until the account asks for a link and confirms again.
    const later = (await order('lea@example.com', [item.id])).json().order as WireOrder;
    expect((await myOrders(token)).map((row) => row._id)).not.toContain(later._id);
    const asked = await call(t.app, 'POST', '/api/v1/auth/claim-guest-orders', { token });
    expect(asked.statusCode).toBe(200);
    const secondLink = await confirmLink('lea@example.com', 1);
    expect((await call(t.app, 'POST', '/api/v1/auth/confirm-email', { body: { token: secondLink } })).json().orders).toBe(1);
    expect((await myOrders(token)).map((row) => row._id)).toContain(later._id);
  });

  it('registering the address without confirming it moves nothing; an expired or made-up link neither', async () => {
    const item = await product();
    const placed = (await order('max@example.com', [item.id])).json().order as WireOrder;
    await orderLink('max@example.com', placed._id);
    expect((await register('max@example.com')).statusCode).toBe(201);
    const token = await login('max@example.com');
    const link = await confirmLink('max@example.com');
    expect((await call(t.app, 'POST', '/api/v1/auth/confirm-email', { body: { token: 'x'.repeat(43) } })).statusCode).toBe(400);
    await t.database.db.execute(sql`update guest_claim_tokens set expires_at = now() - interval '1 minute'`);
    const expired = await call(t.app, 'POST', '/api/v1/auth/confirm-email', { body: { token: link } });
    expect(expired.statusCode).toBe(400);
    expect(await myOrders(token)).toEqual([]);
    const guest = await guestRow('max@example.com');
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, Number(placed._id)));
    expect(still?.buyerId).toBe(guest?.id);
    // Only hashes are kept.
    const kept = await t.database.db.select({ tokenHash: guestClaimTokens.tokenHash }).from(guestClaimTokens);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.map((row) => row.tokenHash)).not.toContain(link);
  });
});

describe('guest checkout limits', () => {
  let t: TestApp;
  let categoryId: number;
  beforeAll(async () => {
    t = await createTestApp({
      OPEN_ORDERS_PER_ACCOUNT: '1',
      OPEN_UNITS_PER_ACCOUNT: '0',
      OPEN_ORDERS_PER_ADDRESS: '2',
      OPEN_UNITS_PER_ADDRESS: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: '4',
    });
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(() => t?.close());

  it('counts unpaid orders per e-mail and per client address, and is rate-limited like sign-in', async () => {
    const item = await makeProduct(t.database.db, { categoryId, quantity: 50 });
    const order = (email: string) =>
      call(t.app, 'POST', '/api/v1/auth/guest-orders', { body: { cart: [{ _id: String(item.id) }], email, delivery: DELIVERY } });
    expect((await order('one@example.com')).statusCode).toBe(201);
    const sameEmail = await order('ONE@example.com');
    expect(sameEmail.statusCode).toBe(429);
    expect(sameEmail.json().message).toMatch(/^You have 1 order waiting for payment on delivery, the most one account may have/);
    expect((await order('two@example.com')).statusCode).toBe(201);
    const sameAddress = await order('three@example.com');
    expect(sameAddress.statusCode).toBe(429);
    expect(sameAddress.json().message).toMatch(/^2 orders placed from your address are waiting for payment on delivery/);
    const limited = await order('four@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts from your address/);
    const page = await call(t.app, 'POST', '/api/v1/auth/guest-orders/1', { body: { token: 'x'.repeat(43) } });
    expect(page.statusCode).toBe(429);
  });
});
