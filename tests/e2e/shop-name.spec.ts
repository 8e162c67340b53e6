import { expect, test } from '@playwright/test';
import { type OwnShop, startOwnShop } from './fixtures.ts';

// A shop of its own, started with another SHOP_NAME: the storefront names it, not "Emporium".
test.describe('SHOP_NAME on the storefront', () => {
  let shop: OwnShop;
  let base: string;

  test.beforeAll(async () => {
    shop = await startOwnShop({ SHOP_NAME: 'Corner Books' });
    base = shop.base;
  });

  test.afterAll(async () => {
    await shop?.stop();
  });

  test('the header, footer, titles and pages say the configured name', async ({ page }) => {
    await page.goto(`${base}/`);
    const brand = page.getByRole('banner').getByRole('link', { name: 'Corner Books' });
    await expect(brand).toBeVisible();
    await expect(brand.locator('.brand__mark')).toHaveText('C');
    await expect(page.getByRole('contentinfo')).toContainText('All rights reserved © Corner Books');
    await expect(page).toHaveTitle('All Products - Best offers - Corner Books');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Corner Books');
    await expect(page).toHaveTitle(/ - Corner Books$/);
    await page.goto(`${base}/login`);
    await expect(page.getByText('New to Corner Books?')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('Emporium');
  });
});
