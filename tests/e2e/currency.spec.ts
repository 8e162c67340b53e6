import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { type OwnShop, seriousA11yViolations, ShopApi, signInBrowser, startOwnShop } from './fixtures.ts';

// A yen shop of its own, written in Japanese: prices are whole yen, written by Intl, from the first load.
test.describe('a yen shop (SHOP_CURRENCY=JPY, SHOP_LOCALE=ja-JP)', () => {
  let shop: OwnShop;
  let base: string;
  let api: APIRequestContext;
  let slug: string;

  test.beforeAll(async () => {
    shop = await startOwnShop({ SHOP_CURRENCY: 'JPY', SHOP_LOCALE: 'ja-JP' });
    base = shop.base;
    api = await request.newContext({ baseURL: base });
    const shopApi = new ShopApi(api);
    const product = await shopApi.product(await shopApi.category('Tableware'), { name: 'Tea Bowl', price: 1500 });
    slug = product.slug;
  });

  test.afterAll(async () => {
    await api?.dispose();
    await shop?.stop();
  });

  for (const size of [
    { name: 'phone', width: 375, height: 800 },
    { name: 'desktop', width: 1440, height: 900 },
  ]) {
    test(`the card and the product page show ￥1,500 (${size.name})`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${base}/`);
      const card = page.locator('.card', { hasText: 'Tea Bowl' }).first();
      await expect(card).toContainText('￥1,500');
      await expect(page.getByRole('main')).not.toContainText('$');
      await page.screenshot({ path: `.tmp/screenshots/${size.name}-yen-home.png`, fullPage: true });

      await page.goto(`${base}/product/${slug}`);
      await expect(page.getByRole('main')).toContainText('￥1,500');
      await expect(page.getByRole('main')).not.toContainText('$');
      await page.screenshot({ path: `.tmp/screenshots/${size.name}-yen-product.png`, fullPage: true });
    });
  }

  // Last: it changes the shop for good.
  test('the owner switches to euros written in German on Settings; the card follows (phone and desktop)', async ({ page }) => {
    await signInBrowser(page, await new ShopApi(api).admin());
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${base}/dashboard/admin/settings`);
    const main = page.getByRole('main');
    await expect(main.getByRole('textbox', { name: 'Currency' })).toHaveValue('JPY');
    await expect(main).toContainText('A price reads: ￥123,456');
    expect(await seriousA11yViolations(page), 'axe on Settings').toEqual([]);
    await page.screenshot({ path: '.tmp/screenshots/phone-admin-settings.png', fullPage: true });
    await main.getByRole('textbox', { name: 'Currency' }).fill('EUR');
    await main.getByRole('textbox', { name: 'Locale' }).fill('de-DE');
    await expect(main).toContainText('A price reads: 1.234,56\u00a0€');
    // The success toast lives 2 s (the spec's duration): watched for at every frame inside the page, so a slow poll
    // on a loaded machine cannot miss it.
    const saved = page.waitForFunction((text) => document.body.innerText.includes(text), 'Prices are now shown in EUR, written for de-DE', {
      polling: 'raf',
    });
    await main.getByRole('button', { name: 'SAVE' }).click();
    await saved;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: '.tmp/screenshots/desktop-admin-settings.png' });
    // Prices keep their minor units: 1500 yen are 15,00 €; a new page load reads the setting from the page.
    await page.goto(`${base}/`);
    await expect(page.locator('.card', { hasText: 'Tea Bowl' }).first()).toContainText('15,00\u00a0€');
  });
});
