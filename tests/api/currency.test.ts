/**
 * The shop's currency and locale (issue 19) on both engines: a yen shop takes prices in whole yen, charges
 * them to Stripe in yen and writes them in mails, the CSV and its pages; a euro shop written in German; the
 * owner's settings (the currency stays once there are orders, each change in the audit log).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, auditLog, mailOutbox, payments, products } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeUser, multipart } from '../factories.ts';
import { type FakeStripe, startFakeStripe } from '../setup/fake-stripe.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';
import { waitFor } from '../setup/wait-for.ts';

const P = '/api/v1/product';

/** A stand-in build of the web app with the markers the server fills in. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><!--shop-money--><!--seo--><title>Shop</title><!--/seo--></head><body></body></html>');
  return dir;
}

async function createProduct(t: TestApp, admin: MadeUser, fields: Record<string, string>) {
  const body = await multipart(fields);
  return t.app.inject({ method: 'POST', url: `${P}/create-product`, payload: body.payload, headers: { ...body.headers, authorization: admin.token } });
}

const pageOf = (t: TestApp, path: string) => t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });

describe('a yen shop (SHOP_CURRENCY=JPY)', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: string;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      ...NO_ORDER_LIMITS,
      SHOP_CURRENCY: 'jpy',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      PAYMENT_RECONCILE_MINUTES: '1440',
      OWNER_EMAIL: 'owner@example.com',
      WEB_DIST_DIR: fakeBuild(),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    stripe.setWebhookUrl(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/payments/stripe/webhook`);
    admin = await makeAdmin(t.database.db);
    categoryId = String((await makeCategory(t.database.db)).id);
  });
  afterAll(async () => {
    await stripe?.close();
    await t?.close();
  });

  let productId = '';

  it('takes a price of 1500 as ¥1,500: stored as 1500 yen, 1500 on the wire', async () => {
    const res = await createProduct(t, admin, { name: 'Tea Bowl', description: 'Glazed.', price: '1500', quantity: '5', category: categoryId });
    expect(res.statusCode, res.body).toBe(201);
    productId = res.json().product._id;
    expect(res.json().product.price).toBe(1500);
    const [row] = await t.database.db.select({ priceCents: products.priceCents }).from(products).where(eq(products.id, Number(productId)));
    expect(row?.priceCents).toBe(1500);
  });

  it('refuses a price with decimals (400 naming the price), changing nothing', async () => {
    const before = await t.database.db.select({ id: products.id }).from(products);
    const res = await createProduct(t, admin, { name: 'Half Bowl', description: 'Glazed.', price: '1500.5', quantity: '5', category: categoryId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('price: must be a whole number (JPY has no decimals)');
    expect(await t.database.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });

  it('cuts the price bands in yen: 0 to 19 holds ¥15, not the ¥1,500 bowl; the totals agree', async () => {
    const small = await createProduct(t, admin, { name: 'Chopstick Rest', description: 'Small.', price: '15', quantity: '5', category: categoryId });
    expect(small.statusCode, small.body).toBe(201);
    const band = async (radio: number[], checked: string[] = []) =>
      (await call(t.app, 'POST', `${P}/product-filters`, { body: { checked, radio, page: 1 } })).json() as { products: { name: string }[]; total: number };
    for (const checked of [[], [categoryId]]) {
      const cheap = await band([0, 19], checked);
      expect(cheap.products.map((product) => product.name)).toEqual(['Chopstick Rest']);
      expect(cheap.total).toBe(1);
      const dear = await band([100, 9999], checked);
      expect(dear.products.map((product) => product.name)).toEqual(['Tea Bowl']);
      expect(dear.total).toBe(1);
    }
  });

  it('writes the currency into the page, and the product page’s price tags in yen', async () => {
    const slug = (await call(t.app, 'GET', `${P}/get-product/tea-bowl`)).json().product.slug as string;
    const res = await pageOf(t, `/product/${slug}`);
    expect(res.body).toContain('<meta name="shop-money" data-currency="JPY" data-locale="en-US" />');
    expect(res.body).toContain('<meta name="description" content="¥1,500 · Glazed...." />');
    expect(res.body).toContain('<meta property="product:price:amount" content="1500" />');
    expect(res.body).toContain('<meta property="product:price:currency" content="JPY" />');
  });

  it('charges 1500 yen to Stripe, mails ¥1,500 and exports 1500 in the CSV', async () => {
    const buyer = await makeUser(t.database.db);
    const res = await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart: [{ _id: productId }], paymentMethod: 'card' } });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order.total).toBe(1500);
    const [page] = await t.database.db.select().from(payments).where(eq(payments.orderId, Number(order._id)));
    expect(page).toMatchObject({ amountMinor: 1500, currency: 'JPY' });
    const session = stripe.sessions.get(page?.sessionId ?? '');
    expect(session).toMatchObject({ amount_total: 1500, currency: 'jpy' });

    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, buyer.email), eq(mailOutbox.kind, 'order-confirmation')));
    expect(mail?.text).toContain('1 × Tea Bowl — ¥1,500');
    expect(mail?.text).toContain('Total: ¥1,500');
    expect(mail?.html).toContain('¥1,500');

    const csv = await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token });
    const line = csv.body.split('\r\n').find((row) => row.startsWith(`${order._id},`));
    expect(line).toMatch(/,Tea Bowl,1,1500,1500,1500,0,,,,0,$/);
  });

  it('keeps the currency once there are orders (409 naming it); the locale still changes, with an audit entry', async () => {
    const view = await call(t.app, 'GET', '/api/v1/auth/settings/money', { token: admin.token });
    expect(view.json()).toEqual({ success: true, currency: 'JPY', locale: 'en-US', currencyLocked: true });
    const refused = await call(t.app, 'PUT', '/api/v1/auth/settings/money', { token: admin.token, body: { currency: 'EUR', locale: 'en-US' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('currency: the shop has orders in JPY, so its currency cannot change (the locale can)');

    const changed = await call(t.app, 'PUT', '/api/v1/auth/settings/money', { token: admin.token, body: { currency: 'JPY', locale: 'ja-jp' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ currency: 'JPY', locale: 'ja-JP' });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.money'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'settings', before: { locale: 'en-US' }, after: { locale: 'ja-JP', example: '￥123,456' } });
    // The next page is written for the new locale.
    expect((await pageOf(t, '/')).body).toContain('data-locale="ja-JP"');
  });

  it('refuses an unknown currency or locale (400 naming the field), changing nothing', async () => {
    for (const [body, message] of [
      [{ currency: 'XYZ', locale: 'en-US' }, 'currency: must be a currency code such as USD, EUR or JPY'],
      [{ currency: 'JPY', locale: 'xx' }, 'locale: must be a locale such as en-US, de-DE or ja-JP'],
      [{ currency: 'JPY' }, 'locale: is required'],
    ] as const) {
      const res = await call(t.app, 'PUT', '/api/v1/auth/settings/money', { token: admin.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call(t.app, 'GET', '/api/v1/auth/settings/money', { token: admin.token })).json()).toMatchObject({ currency: 'JPY', locale: 'ja-JP' });
  });
});

describe('a euro shop written in German', () => {
  let t: TestApp;
  let admin: MadeUser;

  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: fakeBuild() });
    admin = await makeAdmin(t.database.db);
  });
  afterAll(async () => t?.close());

  it('starts in US dollars; the owner switches to euros in German before the first order, prices keeping their cents', async () => {
    const categoryId = String((await makeCategory(t.database.db)).id);
    const created = await createProduct(t, admin, { name: 'Stein Mug', description: 'Stoneware.', price: '1234.5', quantity: '3', category: categoryId });
    expect(created.statusCode, created.body).toBe(201);
    const slug = created.json().product.slug as string;
    expect((await pageOf(t, `/product/${slug}`)).body).toContain('content="$1,234.50 · Stoneware...."');

    const res = await call(t.app, 'PUT', '/api/v1/auth/settings/money', { token: admin.token, body: { currency: 'eur', locale: 'de-DE' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, currency: 'EUR', locale: 'de-DE', currencyLocked: false });
    const page = (await pageOf(t, `/product/${slug}`)).body;
    expect(page).toContain('content="1.234,50\u00a0€ · Stoneware...."');
    expect(page).toContain('<meta property="product:price:currency" content="EUR" />');
    expect((await call(t.app, 'GET', `${P}/get-product/${slug}`)).json().product.price).toBe(1234.5);
    // A third decimal is refused as in dollars.
    const refused = await createProduct(t, admin, { name: 'Mug Two', description: 'Stoneware.', price: '1.005', quantity: '3', category: categoryId });
    expect(refused.json().message).toBe('price: must have at most 2 decimals');
  });

  it('follows a change another process made (its notice at commit), page and prices alike', async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.update(appSettings).set({ value: 'fr-FR' }).where(eq(appSettings.key, 'shop_locale'));
      await tx.execute(sql`select pg_notify('shop_money_changed', '')`);
    });
    await waitFor(async () => (await pageOf(t, '/')).body.includes('data-currency="EUR" data-locale="fr-FR"'), { what: 'the page in fr-FR' });
    const view = await call(t.app, 'GET', '/api/v1/auth/settings/money', { token: admin.token });
    expect(view.json()).toMatchObject({ currency: 'EUR', locale: 'fr-FR' });
  });
});
