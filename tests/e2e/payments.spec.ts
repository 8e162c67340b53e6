/**
 * Taking money in a real browser: a card purchase through the fake Stripe's stand-in payment page, back to
 * the shop's return page (paid without a reload), then a refund from the admin's order page. This file runs
 * its own built server (card payment on, pointed at the fake), apart from the shared e2e server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, request as apiRequest } from '@playwright/test';
import type { Product } from '../../src/contract/product.ts';
import { type FakeStripe, startFakeStripe } from '../setup/fake-stripe.ts';
import { freePort } from '../setup/server-process.ts';
import { addToCart, ADMIN, expect, type Session, ShopApi, signInBrowser, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

let stripe: FakeStripe;
let server: ChildProcess;
let base = '';

test.beforeAll(async () => {
  stripe = await startFakeStripe();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'emporium-e2e-pay-')),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      PAYMENT_METHODS: 'card,cash_on_delivery',
    },
    stdio: 'ignore',
  });
  stripe.setWebhookUrl(`${base}/api/v1/payments/stripe/webhook`);
  await expect
    .poll(() => fetch(`${base}/readyz`).then((res) => res.status, () => 0), { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await stripe?.close();
});

/** The shopper signs in, puts the product in the cart, orders it by card and reaches Stripe's (stand-in) page. */
async function orderByCard(page: Page, shopper: Session, product: Product): Promise<void> {
  await signInBrowser(page, shopper);
  await page.goto(`/product/${product.slug}`);
  await addToCart(page.getByRole('article', { name: product.name, exact: true }).getByRole('button', { name: /ADD TO CART/ }));
  await page.goto('/cart');
  const summary = page.getByRole('complementary', { name: 'Cart Summary' });
  await summary.getByRole('radio', { name: /Card/ }).check();
  await summary.getByRole('button', { name: 'Order and pay' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/`));
}

test('a card purchase through the payment page is paid, and the admin refunds a unit of it', async ({ browser }) => {
  const request = await apiRequest.newContext({ baseURL: base });
  const shop = new ShopApi(request);
  const admin = await shop.admin();
  const category = await shop.category('Card Shelf');
  const product = await shop.product(category, { name: 'Card Teapot', price: 18, quantity: 4 });
  const shopper = await shop.register();
  // Events reach the shop only after the return page has shown "payment pending" (then paid without a reload).
  stripe.setDelivery({ mode: 'hold' });

  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await orderByCard(page, shopper, product);

  // Stripe's (stand-in) page: pay.
  await expect(page.getByRole('heading', { name: 'Pay $18.00' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back at the shop: paid (asked of Stripe by the return page), without a reload.
  await expect(page).toHaveURL(/\/dashboard\/user\/orders\/\d+\/payment\?session=/);
  await expect(page.getByRole('status')).toHaveText(/^Paid\./);
  const orderId = /orders\/(\d+)\/payment/.exec(page.url())?.[1] ?? '';
  await stripe.release({ copies: 2 });
  stripe.setDelivery({ mode: 'immediate' });

  // The admin refunds one unit, the stock put back.
  const adminPage = await (await browser.newContext({ baseURL: base })).newPage();
  await signInBrowser(adminPage, admin);
  await adminPage.goto(`/dashboard/admin/orders/${orderId}`);
  const panel = adminPage.getByRole('region', { name: 'Payment' });
  await expect(panel).toContainText('Paid');
  await panel.getByRole('spinbutton', { name: 'Units of Card Teapot to refund' }).fill('1');
  await panel.getByRole('checkbox', { name: /Put the units back in stock/ }).check();
  await panel.getByRole('button', { name: 'Refund selected units' }).click();
  await expect(panel).toContainText('Refunded');
  await expect(panel.locator('[data-payment-status]')).toHaveText('Refunded');
  const refunds = [...stripe.refunds.values()].filter((refund) => refund.metadata.order_id === orderId);
  expect(refunds.map((refund) => refund.amount)).toEqual([1800]);
  await request.dispose();
});

test('a delayed payment shows "payment pending", then paid without a reload', async ({ browser }) => {
  const request = await apiRequest.newContext({ baseURL: base });
  const shop = new ShopApi(request);
  const category = await shop.category('Debit Shelf');
  const product = await shop.product(category, { name: 'Debit Kettle', price: 30, quantity: 2 });
  const shopper = await shop.register();
  stripe.setDelivery({ mode: 'hold' });
  try {
    const page = await (await browser.newContext({ baseURL: base })).newPage();
    await orderByCard(page, shopper, product);
    const sessionId = page.url().split('/').at(-1) as string;
    await page.getByRole('button', { name: 'Pay by bank debit' }).click();

    await expect(page).toHaveURL(/\/dashboard\/user\/orders\/\d+\/payment/);
    await expect(page.getByRole('status')).toHaveText(/^Payment pending/);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    // The bank debit comes in at Stripe; the page (polling the shop, which asks Stripe) turns paid by itself.
    stripe.settle(sessionId, 'succeeded');
    await expect(page.getByRole('status')).toHaveText(/^Paid\./, { timeout: 15_000 });
    expect(navigations).toEqual([]);
  } finally {
    stripe.setDelivery({ mode: 'immediate' });
    await stripe.release();
    await request.dispose();
  }
});
