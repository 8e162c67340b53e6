import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { freePort, type ServerProcess, spawnServer, waitReady } from '../setup/server-process.ts';
import { ADMIN, ShopApi } from './fixtures.ts';

// A yen shop of its own, written in Japanese: prices are whole yen, written by Intl, from the first load.
test.describe('a yen shop (SHOP_CURRENCY=JPY, SHOP_LOCALE=ja-JP)', () => {
  let server: ServerProcess;
  let base: string;
  let dataDir: string;
  let api: APIRequestContext;
  let slug: string;

  test.beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'emporium-currency-'));
    server = spawnServer({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SHOP_CURRENCY: 'JPY',
      SHOP_LOCALE: 'ja-JP',
    });
    await waitReady(base, server);
    api = await request.newContext({ baseURL: base });
    const shop = new ShopApi(api);
    const product = await shop.product(await shop.category('Tableware'), { name: 'Tea Bowl', price: 1500 });
    slug = product.slug;
  });

  test.afterAll(async () => {
    await api?.dispose();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
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
});
