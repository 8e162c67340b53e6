import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Page, request } from '@playwright/test';
import type { Product } from '../../src/contract/product.ts';
import { ADMIN, expect, keptMailText, type OwnShop, seriousA11yViolations, type Session, ShopApi, signInBrowser, startOwnShop, test } from './fixtures.ts';

/** A suffix no other test (nor a second run on the same database) shares. */
const suffix = () => `${Date.now()}-${randomBytes(3).toString('hex')}`;
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** Place an order through the API, as the shopper's browser would; answers its id. */
async function placeOrder(request: APIRequestContext, shopper: Session, products: Product[]): Promise<string> {
  const res = await request.post('/api/v1/auth/orders', {
    data: { cart: products.map((product) => ({ _id: product._id })) },
    headers: { authorization: shopper.token },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).order._id as string;
}

/** No horizontal scrolling: the page is never wider than the window. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the window').toBeLessThanOrEqual(0);
}

test.describe("the owner's page", () => {
  // A shop of its own: the page lists the oldest waiting orders (10), and the shared shop has more than
  // that by the time this runs, so a new order would not be among them.
  let own: OwnShop;
  let api: APIRequestContext;
  test.beforeAll(async () => {
    own = await startOwnShop({});
    api = await request.newContext({ baseURL: own.base });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await own?.stop();
  });

  test('shows a newly placed order, a low-stock product (threshold from the product form) and the 30-day chart', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: own.base, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const shop = new ShopApi(api);
    const id = suffix();
    const category = await shop.category(`Owner ${id}`);
    const product = await shop.product(category, { name: `Owner Lantern ${id}`, price: 31.5, quantity: 2 });
    const shopper = await shop.register({ name: `Olive Owner-Test ${id}` });
    const orderId = await placeOrder(api, shopper, [product]);

    await signInBrowser(page, await shop.admin());
    await page.goto('/dashboard/admin');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(main.getByText(ADMIN.email, { exact: true })).toBeVisible();

    // What needs doing: the new order waits, with its buyer, total and age; it opens the order.
    const waiting = main.getByRole('region', { name: /^Waiting to be processed/ });
    const orderLink = waiting.getByRole('link', { name: `Order #${orderId}`, exact: true });
    await expect(orderLink).toBeVisible();
    const orderItem = waiting.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order #${orderId}`, exact: true }) });
    await expect(orderItem).toContainText(shopper.user.name);
    await expect(orderItem).toContainText('$31.50');
    await expect(orderItem.locator('time')).toHaveText(/^placed (now|\d+ seconds? ago|\d+ minutes? ago)$/);
    const waitingTile = main.getByRole('link', { name: /^\d+ Waiting to be processed$/ });
    expect(Number((await waitingTile.textContent())?.match(/^\d+/)?.[0])).toBeGreaterThanOrEqual(1);

    // One unit left of two, at the default threshold (5): low in stock, linked to its edit page.
    const lowStock = main.getByRole('region', { name: /^Low in stock/ });
    const productLink = lowStock.getByRole('link', { name: product.name, exact: true });
    await expect(productLink).toBeVisible();
    await expect(lowStock.getByRole('listitem').filter({ has: page.getByRole('link', { name: product.name, exact: true }) })).toContainText(
      '1 left (alert at 5)',
    );

    // The chart: 30 days, today's bar counts the new order; the same figures as a table.
    const chart = main.getByRole('img', { name: 'Orders per day, last 30 days' });
    await expect(chart).toBeVisible();
    const today = chart.locator('.daily-chart__day').last();
    expect(await chart.locator('.daily-chart__day').count()).toBe(30);
    expect(Number(await today.getAttribute('data-all'))).toBeGreaterThanOrEqual(1);
    await expect(today.locator('rect.daily-chart__all')).toHaveCount(1);
    await expect(main.getByRole('img', { name: 'Revenue per day, last 30 days' })).toBeVisible();
    await main.getByText('The figures, day by day').click();
    const todayRow = main.getByRole('row').nth(1);
    expect(Number(await todayRow.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1);

    // The edit page shows the threshold (from admin-product); raising the bar to 0 takes it off the list.
    await productLink.click();
    await expect(page).toHaveURL(`/dashboard/admin/product/${product.slug}`);
    const threshold = main.getByLabel('Low-stock threshold', { exact: true });
    await expect(threshold).toHaveValue('5');
    await threshold.fill('0');
    await main.getByRole('button', { name: 'UPDATE PRODUCT' }).click();
    await expect(toast(page, 'Product Updated Successfully')).toBeVisible();
    await page.goto(`/dashboard/admin/product/${product.slug}`);
    await expect(threshold).toHaveValue('0');
    await page.goto('/dashboard/admin');
    await expect(waiting.getByRole('link', { name: `Order #${orderId}`, exact: true })).toBeVisible();
    await expect(lowStock.getByRole('link', { name: product.name, exact: true })).toHaveCount(0);

    // The waiting order opens its detail.
    await waiting.getByRole('link', { name: `Order #${orderId}`, exact: true }).click();
    await expect(page).toHaveURL(`/dashboard/admin/orders/${orderId}`);
    await expect(main.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
    await context.close();
  });
});

test.describe('order detail and packing slips', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the delivery details as placed, the lines, and the history after a status change; prints one or several slips", async ({
    page,
    shop,
    request,
  }) => {
    const id = suffix();
    const category = await shop.category(`Detail ${id}`);
    const kettle = await shop.product(category, { name: `Detail Kettle ${id}`, price: 40, quantity: 10 });
    const mug = await shop.product(category, { name: `Detail Mug ${id}`, price: 7.25, quantity: 10 });
    const shopper = await shop.register({
      name: `Dora Delivery ${id}`,
      phone: '555-0177',
      address: 'Flat 4\n22 Harbour Road\nPortsmouth PO1 2AB',
    });
    const orderId = await placeOrder(request, shopper, [kettle, kettle, mug]);
    const otherId = await placeOrder(request, shopper, [mug]);
    // A later profile change does not rewrite the order's delivery details.
    const moved = await request.put('/api/v1/auth/profile', {
      data: { address: '1 Elsewhere Street, Leeds' },
      headers: { authorization: shopper.token },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    await signInBrowser(page, await shop.admin());
    await page.goto('/dashboard/admin/orders');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: `Order #${orderId}`, exact: true }).click();
    await expect(page).toHaveURL(`/dashboard/admin/orders/${orderId}`);
    await expect(page).toHaveTitle(`Dashboard - Order #${orderId} - Emporium`);
    await expect(main.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();

    const delivery = main.getByRole('region', { name: 'Deliver to' });
    await expect(delivery).toContainText(shopper.user.name);
    await expect(delivery).toContainText('Flat 4');
    await expect(delivery).toContainText('22 Harbour Road');
    await expect(delivery).toContainText('Portsmouth PO1 2AB');
    await expect(delivery).not.toContainText('Elsewhere');
    await expect(delivery.getByRole('link', { name: '555-0177' })).toHaveAttribute('href', 'tel:555-0177');

    const lines = main.getByRole('table', { name: `Products of order #${orderId}` });
    const kettleRow = lines.getByRole('row').filter({ has: page.getByRole('link', { name: kettle.name }) });
    await expect(kettleRow.getByRole('cell')).toHaveText([kettle.name, '2', '$40.00', '$80.00']);
    await expect(lines.getByRole('row').filter({ hasText: mug.name }).getByRole('cell')).toHaveText([mug.name, '1', '$7.25', '$7.25']);
    await expect(lines.getByRole('row', { name: /^Total/ })).toContainText('$87.25');
    await expect(lines.getByRole('row', { name: /^Total/ })).toContainText('3 units');

    const history = main.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem').first()).toContainText(`Placed by ${shopper.user.name}`);

    const status = main.getByLabel('Order status', { exact: true });
    await expect(status).toHaveValue('not_processed');
    await status.selectOption({ label: 'Processing' });
    await page.getByRole('alertdialog', { name: `Mark order #${orderId} Processing?` }).getByRole('button', { name: 'Mark Processing' }).click();
    await expect(toast(page, '1 order marked Processing')).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').nth(1)).toContainText(`Not Processed → Processing by ${ADMIN.name}`);
    await page.reload();
    await expect(status).toHaveValue('processing');
    await expect(history.getByRole('listitem').nth(1)).toContainText(`Not Processed → Processing by ${ADMIN.name}`);
    await expect(main.getByText(/^Cash on delivery · Pending$/)).toBeVisible();

    // One slip, in a new tab; on paper only the slip is left.
    const [slipPage] = await Promise.all([
      page.waitForEvent('popup'),
      main.getByRole('link', { name: /^Print packing slip/ }).click(),
    ]);
    await expect(slipPage).toHaveURL(`/dashboard/admin/orders/print?ids=${orderId}`);
    const slip = slipPage.getByRole('article', { name: `Order #${orderId}` });
    await expect(slip).toBeVisible();
    await expect(slip).toContainText('Packing slip · Invoice');
    await expect(slip).toContainText('22 Harbour Road');
    await expect(slip).toContainText('Phone: 555-0177');
    await expect(slip).toContainText('Due on delivery');
    await expect(slip.getByRole('row', { name: /^Total/ })).toContainText('$87.25');
    await expect(slipPage.getByRole('button', { name: 'Print' })).toBeEnabled();
    await expect(slipPage.getByRole('navigation', { name: 'Admin Panel' })).toHaveCount(0);
    await slipPage.emulateMedia({ media: 'print' });
    await expect(slipPage.getByRole('banner')).toBeHidden();
    await expect(slipPage.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(slip).toBeVisible();
    await slipPage.close();

    // Several: select two orders on All Orders, one button opens their slips.
    await page.goto('/dashboard/admin/orders');
    const print = main.getByRole('button', { name: 'Print selected' });
    await expect(print).toHaveAttribute('aria-disabled', 'true');
    await main.getByRole('checkbox', { name: `Select order #${orderId}`, exact: true }).check();
    await main.getByRole('checkbox', { name: `Select order #${otherId}`, exact: true }).check();
    await expect(main.getByText('2 selected')).toBeVisible();
    const [slipsPage] = await Promise.all([
      page.waitForEvent('popup'),
      main.getByRole('link', { name: /^Print selected \(2\)/ }).click(),
    ]);
    await expect(slipsPage).toHaveURL(`/dashboard/admin/orders/print?ids=${otherId},${orderId}`);
    await expect(slipsPage.getByRole('article')).toHaveCount(2);
    await expect(slipsPage.getByRole('article', { name: `Order #${otherId}` })).toContainText('$7.25');
    await expect(slipsPage.getByRole('article', { name: `Order #${orderId}` })).toContainText('$87.25');
    await expect(slipsPage.getByText('2 of 2 orders ready, one page each.')).toBeVisible();
    // Printed (Chromium's own PDF): one page per order, though both would fit on one.
    const pdf = (await slipsPage.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).toHaveLength(2);
    await slipsPage.close();
  });

  test('an unknown order says so', async ({ page, shop }) => {
    await signInBrowser(page, await shop.admin());
    await page.goto('/dashboard/admin/orders/2147483000');
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to all orders' })).toHaveAttribute('href', '/dashboard/admin/orders');
  });
});

test.describe('password reset by e-mail', () => {
  test('the shopper asks for a link, sets a new password through it, and the link fails a second time', async ({
    page,
    shop,
    request,
  }) => {
    const shopper = await shop.register();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL('/forgot-password');
    // The specification's form is still there, and the link beside it.
    await expect(page.getByRole('heading', { level: 1, name: 'RESET PASSWORD' })).toBeVisible();
    await expect(page.getByLabel('Favourite sport', { exact: true })).toBeVisible();
    const linkForm = page.getByRole('form', { name: 'No answer at hand?' });
    await linkForm.getByLabel('E-mail address', { exact: true }).fill(shopper.user.email);
    await linkForm.getByRole('button', { name: 'E-mail me a link' }).click();
    await expect(linkForm.getByRole('status')).toHaveText(
      'If an account has this e-mail address, a link to reset its password is on its way. It works once, for 30 minutes.',
    );

    const text = await keptMailText(shopper.user.email, 'password-reset');
    const link = /(https?:\/\/\S+\/reset-password#token=[\w%-]+)/.exec(text)?.[1];
    expect(link, `a reset link in:\n${text}`).toBeTruthy();
    const { pathname, hash } = new URL(link ?? '');
    const resetPath = `${pathname}${hash}`;

    await page.goto(resetPath);
    await expect(page).toHaveTitle('Choose a New Password - Emporium');
    await expect(page.getByRole('heading', { level: 1, name: 'CHOOSE A NEW PASSWORD' })).toBeVisible();
    const newPassword = `mailed-pass-${suffix()}`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password', { exact: true }).fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'SET PASSWORD' }).click();
    await expect(page.getByText('Repeat the new password must be the same as the new password')).toBeVisible();
    await page.getByLabel('Repeat the new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'SET PASSWORD' }).click();
    await expect(toast(page, 'Your new password is set: log in with it')).toBeVisible();
    await expect(page).toHaveURL('/login');

    // The old password no longer works (nor the old session); the new one does.
    expect((await request.post('/api/v1/auth/login', { data: { email: shopper.user.email, password: shopper.password } })).status()).toBe(401);
    expect((await request.get('/api/v1/auth/user-auth', { headers: { authorization: shopper.token } })).status()).toBe(401);
    await page.getByLabel('Email', { exact: true }).fill(shopper.user.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('button', { name: shopper.user.name, exact: true })).toBeVisible();

    // The same link a second time: refused, with the way to a new one.
    await page.goto(resetPath);
    await page.getByLabel('New password', { exact: true }).fill('another-pass-9');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('another-pass-9');
    await page.getByRole('button', { name: 'SET PASSWORD' }).click();
    const refused = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'This link does not work any more' }) });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('This reset link is not valid any more: ask for a new one');
    await refused.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL('/forgot-password');
    expect((await request.post('/api/v1/auth/login', { data: { email: shopper.user.email, password: 'another-pass-9' } })).status()).toBe(401);
  });

  test('a link without its token says it is incomplete', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

test.describe('mails', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the Mails screen lists the mails, says they are kept without SMTP, reads one and filters by status', async ({ page, shop }) => {
    const shopper = await shop.register({ name: `Mabel Mails ${suffix()}` });
    await keptMailText(shopper.user.email, 'welcome');

    await signInBrowser(page, await shop.admin());
    await page.goto('/dashboard/admin');
    const menu = page.getByRole('navigation', { name: 'Admin Panel' });
    await menu.getByRole('link', { name: 'Mails', exact: true }).click();
    await expect(page).toHaveURL('/dashboard/admin/mails');
    await expect(menu.getByRole('link', { name: 'Mails', exact: true })).toHaveAttribute('aria-current', 'page');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Mails' })).toBeVisible();
    await expect(main.getByRole('note')).toContainText('No mail server is set up: mails are kept, not sent');
    await expect(main.getByRole('note')).toContainText('DATA_DIR/mail');

    const row = main.getByRole('row').filter({ has: page.getByRole('cell', { name: shopper.user.email, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('rowheader')).toHaveText('Welcome to Emporium');
    await expect(row.getByRole('cell', { name: 'Kept', exact: true })).toBeVisible();

    await row.getByRole('button', { name: /^Read/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Emporium' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(shopper.user.email);
    await expect(dialog.getByRole('region', { name: "The mail's text" })).toContainText(`Hello ${shopper.user.name}`);
    await page.screenshot({ path: '.tmp/screenshots/ops-desktop-mail-reader.png' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toHaveCount(0);

    const filter = main.getByLabel('Status', { exact: true });
    await filter.selectOption({ label: 'Kept' });
    await expect(page).toHaveURL('/dashboard/admin/mails?status=kept');
    await expect(row).toHaveCount(1);
    await filter.selectOption({ label: 'Failed' });
    await expect(page).toHaveURL('/dashboard/admin/mails?status=failed');
    await expect(main.getByRole('heading', { name: 'No failed mails' })).toBeVisible();
    await expect(row).toHaveCount(0);

    // Search by the recipient (any case) and sort oldest first: both in the address, with the status filter.
    await filter.selectOption({ label: 'All mails' });
    await main.getByRole('searchbox', { name: 'Search mails' }).fill(shopper.user.email.toUpperCase());
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(`/dashboard/admin/mails?q=${encodeURIComponent(shopper.user.email.toUpperCase())}`);
    await expect(main.getByRole('row')).toHaveCount(2);
    await expect(row).toHaveCount(1);
    await main.getByLabel('Sort', { exact: true }).selectOption({ label: 'Oldest first' });
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect(row).toHaveCount(1);
    await page.screenshot({ path: '.tmp/screenshots/ops-desktop-mails-search.png' });
  });
});

test.describe('operations screens', () => {
  // A walk through every operations screen with axe on each: 28 s alone, past 45 s when the CI machine's two
  // cores are shared with the other worker and the shops of their own.
  test.describe.configure({ timeout: 90_000 });
  for (const size of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 900 },
  ]) {
    test(`at ${size.width} px: no horizontal scroll, no serious accessibility violation (screenshots saved)`, async ({
      page,
      shop,
      request,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const id = suffix();
      const category = await shop.category(`Screens Ops ${id}`);
      const product = await shop.product(category, { name: `Screens Ops Lamp ${id}`, price: 12.5, quantity: 3 });
      const shopper = await shop.register({ address: '7 Long Meadow Close\nLittle Snoring\nNorfolk NR21 0AA' });
      const orderId = await placeOrder(request, shopper, [product, product]);

      const screens: [string, string][] = [
        ['forgot-password', '/forgot-password'],
        ['reset-password', '/reset-password#token=not-a-real-token'],
      ];
      for (const [name, path] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectNoHorizontalScroll(page);
        expect(await seriousA11yViolations(page), `axe on ${path}`).toEqual([]);
        await page.screenshot({ path: `.tmp/screenshots/ops-${size.name}-${name}.png`, fullPage: true });
      }

      await signInBrowser(page, await shop.admin());
      const adminScreens: [string, string, string][] = [
        ['owner', '/dashboard/admin', 'Admin Dashboard'],
        ['orders', '/dashboard/admin/orders', 'All Orders'],
        ['order', `/dashboard/admin/orders/${orderId}`, `Order #${orderId}`],
        ['slips', `/dashboard/admin/orders/print?ids=${orderId}`, 'Packing slip'],
        ['mails', '/dashboard/admin/mails', 'Mails'],
        ['product', `/dashboard/admin/product/${product.slug}`, 'Update Product'],
      ];
      for (const [name, path, heading] of adminScreens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        await expect(page.locator('.spinner')).toHaveCount(0);
        await expectNoHorizontalScroll(page);
        expect(await seriousA11yViolations(page), `axe on ${path}`).toEqual([]);
        await page.screenshot({ path: `.tmp/screenshots/ops-${size.name}-${name}.png`, fullPage: true });
      }
      await page.emulateMedia({ media: 'print' });
      await page.goto(`/dashboard/admin/orders/print?ids=${orderId}`);
      await expect(page.getByRole('article', { name: `Order #${orderId}` })).toBeVisible();
      await page.screenshot({ path: `.tmp/screenshots/ops-${size.name}-slips-print.png`, fullPage: true });
    });
  }
});
