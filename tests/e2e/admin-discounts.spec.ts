import { randomBytes } from 'node:crypto';
import { expect, type Session, signInBrowser, test } from './fixtures.ts';

/**
 * The owner's discount codes screen (issue 19): a code made in the form, a small batch generated, and the
 * uses and revenue of an order placed with the code through the API; the buyer's own orders screen shows
 * the code and what it took off. Everything else is set up through the API.
 */
const suffix = () => randomBytes(3).toString('hex').toUpperCase();

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`at ${size.width} px: make a code and a batch, see an order's use and revenue; the buyer sees the discount`, async ({ page, shop, request, browser }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const id = suffix();
    const code = `SAVE${id}`;
    const category = await shop.category(`Lamps ${id}`);
    const product = await shop.product(category, { name: `Code Lamp ${id}`, price: 40, quantity: 20 });
    const buyer: Session = await shop.register();
    await signInBrowser(page, await shop.admin());

    await page.goto('/dashboard/admin/discounts');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'New code' }).click();
    const form = page.getByRole('dialog', { name: 'New discount code' });
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
    await form.getByLabel('Discount', { exact: true }).selectOption('fixed');
    await form.getByLabel(/^Amount off/).fill('5');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`${code} is created`)).toBeVisible();
    const row = main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
    await expect(row).toContainText('off');
    await expect(row.getByRole('cell').nth(2)).toHaveText('0');

    await main.getByRole('button', { name: 'Generate a batch' }).click();
    const batch = page.getByRole('dialog', { name: 'Generate a batch of codes' });
    await batch.getByLabel('How many codes').fill('3');
    await batch.getByLabel('Prefix (optional)').fill(`B${id}-`);
    await batch.getByRole('button', { name: 'Generate' }).click();
    const made = main.getByRole('textbox', { name: '3 new codes' });
    await expect(made).toBeVisible();
    const codes = (await made.inputValue()).split('\n');
    expect(codes).toHaveLength(3);
    for (const one of codes) expect(one).toMatch(new RegExp(`^B${id}-[A-Z2-9]{8}$`));
    await page.screenshot({ path: `.tmp/screenshots/admin-discounts-${size.name}-batch.png` });

    // An order with the code, placed through the API: 40.00 − 5.00.
    const placed = await request.post('/api/v1/auth/orders', {
      data: { cart: [{ _id: product._id }], code: code.toLowerCase() },
      headers: { authorization: buyer.token },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    expect((await placed.json()).order.total).toBe(35);

    const search = main.getByRole('searchbox', { name: 'Find a code' });
    await search.fill(code);
    await search.press('Enter');
    await expect(page).toHaveURL(`/dashboard/admin/discounts?q=${code}`);
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await expect(row.getByRole('cell').nth(3)).toHaveText('$35.00');
    // A used code is disabled, not deleted.
    await expect(row.getByRole('button', { name: `Delete ${code}` })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The buyer's own orders screen: the code and what it took off, above the total.
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    try {
      const mine = await context.newPage();
      await signInBrowser(mine, buyer);
      await mine.goto('/dashboard/user/orders');
      const card = mine.getByRole('article', { name: 'Order 1' });
      await expect(card.locator('.order-card__discount')).toHaveText(`Discount ${code}−$5.00`);
      await expect(card.locator('.order-card__total')).toHaveText('Total$35.00');
    } finally {
      await context.close();
    }
  });
}
