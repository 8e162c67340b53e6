import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { ADMIN, expect, signInBrowser, test } from './fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('Download a backup: a gzip file named by the server, emporium-backup-<date>.jsonl.gz', async ({ page, shop }) => {
  await signInBrowser(page, await shop.admin());
  await page.goto('/dashboard/admin/data');
  const main = page.getByRole('main');
  const button = main.getByRole('button', { name: 'Download a backup' });
  await expect(button).toBeVisible();

  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/admin/backup');
  const started = page.waitForEvent('download');
  await button.click();
  const response = await answered;
  expect(response.status(), 'GET /api/v1/admin/backup').toBe(200);
  const download = await started;
  expect(download.suggestedFilename()).toMatch(/^emporium-backup-[\w.:-]+\.jsonl\.gz$/);
  const bytes = readFileSync(await download.path());
  // The gzip magic number, and a body that unpacks to JSON lines.
  expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  const firstLine = gunzipSync(bytes).toString('utf8').split('\n')[0] ?? '';
  expect(() => JSON.parse(firstLine)).not.toThrow();
  await expect(page.getByRole('status').filter({ hasText: /^Downloaded emporium-backup-/ })).toBeVisible();

  // The audit log names who downloaded it.
  await page.goto('/dashboard/admin/audit?kind=backup');
  const row = main.getByRole('row').filter({ hasText: download.suggestedFilename() });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText(`Downloaded a backup${download.suggestedFilename()}`);
  await expect(row).toContainText(ADMIN.name);
  await expect(row.getByRole('term')).toHaveText(['File', 'Rows']);
  await expect(row.getByRole('definition').nth(1)).toContainText(/products \d+/);
});
