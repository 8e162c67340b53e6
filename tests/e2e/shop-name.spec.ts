import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, type ServerProcess, spawnServer, waitReady } from '../setup/server-process.ts';

// A shop of its own, started with another SHOP_NAME: the storefront names it, not "Emporium".
test.describe('SHOP_NAME on the storefront', () => {
  let server: ServerProcess;
  let base: string;
  let dataDir: string;

  test.beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'emporium-shop-name-'));
    server = spawnServer({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SHOP_NAME: 'Corner Books',
      DATABASE_URL: '',
    });
    await waitReady(base, server);
  });

  test.afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
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
