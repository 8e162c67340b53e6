import { expect, seriousA11yViolations, signInBrowser, test } from './fixtures.ts';

const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Red', 'Blue', 'Green', 'Black'];

test.describe('variants', () => {
  test('the owner builds a 3 x 4 variant product on a phone; a shopper picks Size and Colour on a desktop', async ({ page, shop }) => {
    const category = await shop.category();
    const product = await shop.product(category, { name: `Variant Tee ${Date.now()}`, price: 30, quantity: 1 });
    await signInBrowser(page, await shop.admin());
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/dashboard/admin/product/${product.slug}`);
    const editor = page.getByRole('region', { name: 'Variant grid' });
    await expect(editor).toBeVisible();

    for (const [name, values] of [
      ['Size', SIZES],
      ['Colour', COLOURS],
    ] as const) {
      await page.getByRole('button', { name: 'Add option' }).click();
      const option = page.getByRole('group', { name: `Option ${name === 'Size' ? 1 : 2}` });
      await option.getByLabel('Name').fill(name);
      for (const value of values) {
        await option.getByLabel('New value').fill(value);
        await option.getByLabel('New value').press('Enter');
      }
    }
    await page.getByRole('button', { name: 'Generate combinations (12)' }).click();
    await expect(editor.getByRole('rowheader')).toHaveCount(12);
    await editor.getByLabel('Price for all rows').fill('20');
    await editor.getByRole('button', { name: 'Set all' }).nth(1).click();
    await editor.getByLabel('Stock for all rows').fill('3');
    await editor.getByRole('button', { name: 'Set all' }).nth(3).click();
    await editor.getByLabel('Price of S / Red').fill('15');
    await editor.getByLabel('Stock of M / Green').fill('0');
    // No horizontal scroll of the page itself at 375 px: the grid scrolls inside its region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'SAVE VARIANTS' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Variants Saved' })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/category/${category.slug}`);
    await expect(page.getByText('from $15.00')).toBeVisible();
    await page.goto(`/product/${product.slug}`);
    const sizes = page.getByRole('group', { name: /^Size/ });
    const colours = page.getByRole('group', { name: /^Colour/ });
    await expect(sizes.getByRole('button', { name: 'S', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await sizes.getByRole('button', { name: 'M', exact: true }).click();
    await expect(colours.getByRole('button', { name: /Green/ })).toBeDisabled();
    await colours.getByRole('button', { name: 'Blue', exact: true }).click();
    await expect(page).toHaveURL(/\?variant=\d+/);
    await expect(page.locator('.product-details__info .price--lg')).toHaveText('$20.00');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.reload();
    await expect(colours.getByRole('button', { name: 'Blue', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(sizes.getByRole('button', { name: 'M', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });
});
