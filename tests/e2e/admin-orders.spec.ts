import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from '../../src/contract/product.ts';
import { expect, seriousA11yViolations, type Session, signInBrowser, test } from './fixtures.ts';

/**
 * The admin's orders list at a shop's size (issue 20): search and filters in the address, bulk-ship with
 * its question and its mails, and undoing a status change before anything is sent. Set up through the API.
 */
const suffix = () => `${Date.now()}${randomBytes(2).toString('hex')}`;

async function placeOrder(request: APIRequestContext, shopper: Session, products: Product[]): Promise<string> {
  const res = await request.post('/api/v1/auth/orders', {
    data: { cart: products.map((product) => ({ _id: product._id })) },
    headers: { authorization: shopper.token },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).order._id as string;
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`at ${size.width} px: bulk-ship three orders, by keyboard; three mails in the outbox; the search stays in the address`, async ({
    page,
    shop,
    request,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const id = suffix();
    const category = await shop.category(`Bulk ${id}`);
    const product = await shop.product(category, { name: `Bulk Lamp ${id}`, quantity: 20 });
    const buyers = [
      await shop.register({ name: `Bulkbuyer${id} Ann` }),
      await shop.register({ name: `Bulkbuyer${id} Ben` }),
      await shop.register({ name: `Bulkbuyer${id} Cat` }),
    ];
    const ids: string[] = [];
    for (const buyer of buyers) ids.push(await placeOrder(request, buyer, [product]));
    const admin = await shop.admin();
    await signInBrowser(page, admin);

    await page.goto('/dashboard/admin/orders');
    const main = page.getByRole('main');
    const search = main.getByRole('searchbox', { name: 'Search orders' });
    await search.fill(`bulkbuyer${id}`);
    await search.press('Enter');
    await expect(page).toHaveURL(`/dashboard/admin/orders?q=bulkbuyer${id}`);
    await expect(main.getByText('Showing 3 of 3 orders')).toBeVisible();
    await page.reload();
    await expect(main.getByText('Showing 3 of 3 orders')).toBeVisible();
    await expect(search).toHaveValue(`bulkbuyer${id}`);

    // Select all three with the keyboard, then Mark shipped.
    await main.getByRole('button', { name: 'Select all shown' }).focus();
    await page.keyboard.press('Enter');
    await expect(main.getByText('3 selected')).toBeVisible();
    await main.getByRole('button', { name: 'Mark shipped' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Mark 3 orders Shipped?' });
    await expect(dialog).toContainText('Each of the 3 customers gets one e-mail saying their order is Shipped (3 e-mails).');
    await expect(dialog).toContainText('You can undo it for a few seconds: no e-mail leaves before then.');
    expect(await seriousA11yViolations(page), 'axe with the question open').toEqual([]);
    await page.screenshot({ path: `.tmp/screenshots/admin-orders-${size.name}-bulk-question.png` });
    // Cancel has the focus; Tab to the confirmation, Enter.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Mark Shipped' })).toBeFocused();
    await page.keyboard.press('Enter');
    const undoBar = page.getByRole('status').filter({ hasText: '3 orders marked Shipped' });
    await expect(undoBar).toBeVisible();
    await expect(undoBar.getByRole('button', { name: 'Undo' })).toBeFocused();
    for (const orderId of ids) await expect(main.getByRole('combobox', { name: new RegExp(`^Status of order #${orderId} by`) })).toHaveValue('shipped');
    await expectNoHorizontalScroll(page);
    expect(await seriousA11yViolations(page), 'axe on the list with the undo bar').toEqual([]);
    await page.screenshot({ path: `.tmp/screenshots/admin-orders-${size.name}-list.png`, fullPage: true });

    // The Mails screen: exactly one "Shipped" mail for each order, to its buyer.
    await page.goto('/dashboard/admin/mails');
    for (const [index, orderId] of ids.entries()) {
      const rows = main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Order #${orderId}: Shipped`, exact: true }) });
      await expect(rows).toHaveCount(1);
      await expect(rows.getByRole('cell', { name: buyers[index]?.user.email, exact: true })).toBeVisible();
    }
  });
}

test('a status change asks first, then is undone before anything is sent: status, stock and mails as before', async ({ page, shop, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const id = suffix();
  const category = await shop.category(`Undo ${id}`);
  const product = await shop.product(category, { name: `Undo Vase ${id}`, quantity: 5 });
  const buyer = await shop.register({ name: `Undo Buyer ${id}` });
  const orderId = await placeOrder(request, buyer, [product, product]);
  const stock = async () => (await (await request.get(`/api/v1/product/get-product/${product.slug}`)).json()).product.quantity as number;
  expect(await stock()).toBe(3);
  const admin = await shop.admin();
  await signInBrowser(page, admin);

  await page.goto(`/dashboard/admin/orders?q=${orderId}`);
  const main = page.getByRole('main');
  const status = main.getByRole('combobox', { name: `Status of order #${orderId} by ${buyer.user.name}` });
  await status.selectOption({ label: 'Cancelled' });
  const dialog = page.getByRole('alertdialog', { name: `Mark order #${orderId} Cancelled?` });
  await expect(dialog).toContainText(`${buyer.user.name} gets one e-mail saying the order is Cancelled.`);
  await expect(dialog).toContainText('Its items go back in stock.');
  await dialog.getByRole('button', { name: 'Mark Cancelled' }).click();
  const undoBar = page.getByRole('status').filter({ hasText: '1 order marked Cancelled' });
  await expect(undoBar).toBeVisible();
  await expect(status).toHaveValue('cancelled');
  expect(await stock()).toBe(5);
  await page.screenshot({ path: '.tmp/screenshots/admin-orders-desktop-undo-bar.png' });

  // Undo by keyboard: the bar's button has the focus.
  await expect(undoBar.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Undone: 1 order put back' })).toBeVisible();
  await expect(status).toHaveValue('not_processed');
  expect(await stock()).toBe(3);
  // Nothing was sent: no "Cancelled" mail in the outbox.
  const mails = await request.get('/api/v1/auth/mails', { headers: { authorization: admin.token } });
  const subjects = ((await mails.json()).mails as { subject: string }[]).map((mail) => mail.subject);
  expect(subjects).not.toContain(`Order #${orderId}: Cancelled`);
  // The order's history says so.
  await main.getByRole('link', { name: `Order #${orderId}`, exact: true }).click();
  const history = main.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').nth(2)).toContainText('Cancelled → Not Processed');
});
