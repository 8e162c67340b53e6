import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CATALOGUE_CSV_COLUMNS, ORDER_CSV_COLUMNS, PRODUCT_CSV_COLUMNS } from '../../src/contract/data.ts';
import { ADMIN, expect, seriousA11yViolations, type ShopApi, signInBrowser, test } from './fixtures.ts';

/** A suffix no other test (nor a second run on the same database) shares. */
const suffix = () => `${Date.now()}-${randomBytes(3).toString('hex')}`;
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
type CsvRecord = Record<string, string>;

/** Click a download button; return the download once the browser has the file. */
async function download(page: Page, button: Locator): Promise<{ file: Download; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await button.click();
  const file = await started;
  const path = await file.path();
  return { file, bytes: readFileSync(path) };
}

/** A CSV as the export writes it: the header row, then records keyed by column. */
function readCsv(bytes: Buffer): { header: string[]; records: CsvRecord[] } {
  const rows = parse(bytes, { bom: true }) as string[][];
  const [header = [], ...body] = rows;
  return { header, records: body.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']))) };
}

/** A catalogue CSV of these records (the export's columns), as a spreadsheet program would save it. */
const catalogueFile = (records: CsvRecord[]) =>
  Buffer.from(stringify(records, { header: true, columns: [...PRODUCT_CSV_COLUMNS], bom: true }));

/** The Data screen, signed in as the administrator. */
async function openData(page: Page, shop: ShopApi): Promise<Locator> {
  await signInBrowser(page, await shop.admin());
  await page.goto('/dashboard/admin/data');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Data' })).toBeVisible();
  return main;
}

/** Export the catalogue through the screen; the record of one product. */
async function exportedRecord(page: Page, main: Locator, slug: string): Promise<{ header: string[]; record: CsvRecord }> {
  const { file, bytes } = await download(page, main.getByRole('button', { name: 'Export products (CSV)' }));
  expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const { header, records } = readCsv(bytes);
  const record = records.find((candidate) => candidate.slug === slug);
  expect(record, `the export has the product ${slug}`).toBeDefined();
  return { header, record: record as CsvRecord };
}

/**
 * A row of the audit log's table of one kind, by text it holds, looked for on the first few pages. Each page
 * is searched once it shows that page's own entries: the previous filter's or page's rows stay on screen,
 * marked busy, while the new ones load (searching those, a row on page 1 was missed and the search went on
 * to pages 2 and 3).
 */
async function auditRow(page: Page, kind: string, ...texts: (string | RegExp)[]): Promise<Locator> {
  const main = page.getByRole('main');
  let row = main.getByRole('row');
  for (const text of texts) row = row.filter({ hasText: text });
  const loaded = async () => {
    await expect(main.getByRole('table')).toBeVisible();
    await expect(main.locator('tbody[aria-busy="true"]')).toHaveCount(0);
    await expect(main.locator(`tbody tr:not([data-kind="${kind}"])`)).toHaveCount(0);
  };
  await loaded();
  for (let pageNumber = 1; pageNumber < 4 && (await row.count()) === 0; pageNumber += 1) {
    const next = main.getByRole('button', { name: 'Next' });
    if ((await next.getAttribute('aria-disabled')) === 'true') break;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`page=${pageNumber + 1}`));
    await loaded();
  }
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('data: catalogue CSV', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('export the catalogue: a header row and the product as it is in the shop', async ({ page, shop }) => {
    const id = suffix();
    const category = await shop.category(`Export ${id}`);
    const product = await shop.product(category, { name: `Export Kettle, "steel" ${id}`, price: 24.99, quantity: 7 });
    const main = await openData(page, shop);

    const { file, bytes } = await download(page, main.getByRole('button', { name: 'Export products (CSV)' }));
    expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    // UTF-8 with a byte-order mark (spreadsheet programs need it), then the header row.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(CATALOGUE_CSV_COLUMNS.join(','));
    const { header, records } = readCsv(bytes);
    expect(header).toEqual([...CATALOGUE_CSV_COLUMNS]);
    expect(records.find((record) => record.slug === product.slug)).toMatchObject({
      name: product.name,
      price: '24.99',
      quantity: '7',
      shipping: 'no',
      category: category.name,
    });
    await expect(toast(page, /^Downloaded products-/)).toBeVisible();
  });

  test('import an edited file: the check shows 1 update of the price, Apply changes the shop, the audit log records it', async ({ page, shop }) => {
    const id = suffix();
    const category = await shop.category(`Import ${id}`);
    const product = await shop.product(category, { name: `Import Teapot ${id}`, price: 24.99, quantity: 12 });
    const main = await openData(page, shop);
    const { record } = await exportedRecord(page, main, product.slug);

    const fileName = `edited-${id}.csv`;
    await main.getByLabel('CSV file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: catalogueFile([{ ...record, price: '31.50' }]) });
    const apply = main.getByRole('button', { name: 'Apply', exact: true });
    await expect(apply).toBeDisabled();
    await expect(apply).toHaveAccessibleDescription(/^Check the file first/);

    await main.getByRole('button', { name: 'Check file' }).click();
    const report = main.getByRole('region', { name: 'Check result' });
    await expect(report.getByText('Dry run: nothing was changed')).toBeVisible();
    const summary = report.getByRole('list', { name: 'Summary' });
    await expect(summary.getByRole('listitem')).toHaveText(['1 row', '0 to create', '1 to update', '0 unchanged', '0 errors']);
    const rows = report.getByRole('row');
    await expect(rows).toHaveCount(2); // the header and the one update
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['2', product.slug, 'Update', 'Changes price']);
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText(product.name);
    await expect(report.getByText('Unchanged rows are not listed.')).toBeVisible();
    // Nothing changed yet.
    expect((await (await page.request.get(`/api/v1/product/get-product/${product.slug}`)).json()).product.price).toBe(24.99);

    // Changing the option asks for a new check.
    await main.getByLabel('Create missing categories').check();
    await expect(apply).toBeDisabled();
    await main.getByLabel('Create missing categories').uncheck();
    await expect(apply).toBeEnabled();
    await apply.click();
    const result = main.getByRole('region', { name: 'Import result' });
    await expect(result.getByText('Imported: 0 created, 1 updated, 0 unchanged')).toBeVisible();
    await expect(result.getByRole('list', { name: 'Summary' }).getByRole('listitem')).toHaveText(['1 row', '0 created', '1 updated', '0 unchanged', '0 errors']);
    await expect(toast(page, 'Imported: 0 created, 1 updated, 0 unchanged')).toBeVisible();
    await expect(apply).toBeDisabled();
    expect(await seriousA11yViolations(page), 'axe on the Data screen with a report').toEqual([]);

    // The storefront shows the new price.
    await page.goto(`/product/${product.slug}`);
    const details = page.getByRole('article', { name: product.name, exact: true });
    await expect(details.getByText('$31.50', { exact: true })).toBeVisible();

    // The audit log: the import, and the product's update with its price before and after.
    await page.goto('/dashboard/admin/audit');
    await expect(main.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await main.getByLabel('Kind').selectOption({ label: 'Imports' });
    await expect(page).toHaveURL(/\/dashboard\/admin\/audit\?kind=import$/);
    const importRow = await auditRow(page, 'import', fileName);
    await expect(importRow.getByRole('rowheader')).toHaveText(`Imported the catalogue${fileName}`);
    await expect(importRow).toContainText(ADMIN.name);
    await expect(importRow).toContainText(/from \S+/);
    await expect(importRow.getByRole('term')).toHaveText(['File', 'Rows', 'Created', 'Updated', 'Unchanged', 'New categories']);
    await expect(importRow.getByRole('definition')).toHaveText([`set to ${fileName}`, 'set to 1', 'set to 0', 'set to 1', 'set to 0', 'set to —']);
    await expect(main.locator('tbody tr:not([data-kind="import"])')).toHaveCount(0);

    await main.getByLabel('Kind').selectOption({ label: 'Products' });
    await expect(page).toHaveURL(/\?kind=product$/);
    const updateRow = await auditRow(page, 'product', `Product '${product.name}'`, 'Updated a product');
    await expect(updateRow.getByRole('rowheader')).toHaveText(`Updated a productProduct '${product.name}'`);
    await expect(updateRow.getByRole('term')).toHaveText(['Price']);
    await expect(updateRow.getByRole('definition')).toHaveText('from $24.99→ to $31.50');
    await expect(updateRow.locator('.audit-diff__before')).toHaveText('$24.99');
    await expect(updateRow.locator('.audit-diff__after')).toHaveText('$31.50');
    await expect(main.locator('tbody tr:not([data-kind="product"])')).toHaveCount(0);

    // The same filters for the CSV.
    const { file, bytes } = await download(page, main.getByRole('button', { name: 'Export CSV' }));
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const audit = readCsv(bytes);
    expect(audit.header).toEqual(['at', 'by', 'by_id', 'address', 'action', 'kind', 'id', 'before', 'after']);
    expect(new Set(audit.records.map((entry) => entry.kind))).toEqual(new Set(['product']));
    const exported = audit.records.find((entry) => entry.id === product._id && entry.action === 'product.update');
    expect(JSON.parse(exported?.before ?? 'null')).toEqual({ price: 24.99 });
    expect(JSON.parse(exported?.after ?? 'null')).toEqual({ price: 31.5 });
  });

  test('a broken row: the check names its line, column and reason first; Apply stays disabled and nothing changes', async ({ page, shop }) => {
    const id = suffix();
    const category = await shop.category(`Broken ${id}`);
    const good = await shop.product(category, { name: `Good Mug ${id}`, price: 9.5 });
    const bad = await shop.product(category, { name: `Bad Mug ${id}`, price: 12 });
    const main = await openData(page, shop);
    const first = (await exportedRecord(page, main, good.slug)).record;
    const second = (await exportedRecord(page, main, bad.slug)).record;

    const file = catalogueFile([
      { ...first, price: '10.50' },
      { ...second, price: 'twelve' },
    ]);
    await main.getByLabel('CSV file').setInputFiles({ name: `broken-${id}.csv`, mimeType: 'text/csv', buffer: file });
    await main.getByRole('button', { name: 'Check file' }).click();
    const report = main.getByRole('region', { name: 'Check found errors' });
    await expect(report.getByText('1 row has an error: fix it and try again')).toBeVisible();
    await expect(report.getByRole('list', { name: 'Summary' }).getByRole('listitem')).toHaveText(['2 rows', '0 to create', '1 to update', '0 unchanged', '1 error']);
    const rows = report.getByRole('row');
    await expect(rows).toHaveCount(3);
    // The row with the error comes first, though it is the file's second.
    await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText('3');
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText(bad.name);
    await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('Error');
    await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('price: must be a number');
    await expect(rows.nth(2).getByRole('cell')).toHaveText(['2', good.slug, 'Update', 'Changes price']);
    await expect(toast(page, '1 row has an error')).toBeVisible();

    const apply = main.getByRole('button', { name: 'Apply', exact: true });
    await expect(apply).toBeDisabled();
    await expect(apply).toHaveAccessibleDescription('Fix the rows with errors in the file, then check it again.');
    for (const [product, price] of [
      [good, 9.5],
      [bad, 12],
    ] as const) {
      const res = await page.request.get(`/api/v1/product/get-product/${product.slug}`);
      expect((await res.json()).product.price, product.name).toBe(price);
    }

    // A file that is not a catalogue at all: the server's reason under the field, no report.
    await main.getByLabel('CSV file').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('colour,size\nred,2\n') });
    await expect(report).toHaveCount(0);
    await main.getByRole('button', { name: 'Check file' }).click();
    await expect(main.getByLabel('CSV file')).toHaveAccessibleDescription(/file: unknown column colour, size/);
    await expect(apply).toBeDisabled();
  });

  test('orders for accounting: the lines of the days asked for', async ({ page, shop, request }) => {
    const id = suffix();
    const category = await shop.category(`Orders ${id}`);
    const product = await shop.product(category, { name: `Ledger Lamp ${id}`, price: 15.25 });
    const shopper = await shop.register();
    const order = await request.post('/api/v1/auth/orders', {
      data: { cart: [{ _id: product._id }, { _id: product._id }] },
      headers: { authorization: shopper.token },
    });
    expect(order.status(), await order.text()).toBe(201);
    const main = await openData(page, shop);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

    // A last day before the first: refused here, before asking the server.
    await main.getByLabel('From').fill(day(1));
    await main.getByLabel('To').fill(day(-1));
    const exportOrders = main.getByRole('button', { name: 'Export orders (CSV)' });
    await expect(main.getByText('The last day must not be before the first day.')).toBeVisible();
    await expect(exportOrders).toBeDisabled();

    await main.getByLabel('From').fill(day(-1));
    await main.getByLabel('To').fill(day(1));
    const { file, bytes } = await download(page, exportOrders);
    expect(file.suggestedFilename()).toBe(`orders-${day(-1)}-to-${day(1)}.csv`);
    const { header, records } = readCsv(bytes);
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
    const lines = records.filter((record) => record.product === product.name);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ buyer: shopper.user.name, quantity: '2', unit_price: '15.25', line_total: '30.50' });

    // Days long past: the header alone.
    await main.getByLabel('From').fill('2001-01-01');
    await main.getByLabel('To').fill('2001-01-31');
    const past = await download(page, exportOrders);
    expect(past.file.suggestedFilename()).toBe('orders-2001-01-01-to-2001-01-31.csv');
    expect(readCsv(past.bytes)).toEqual({ header: [...ORDER_CSV_COLUMNS], records: [] });
  });
});

test.describe('audit log', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('newest first, 25 a page, by person; a category rename reads before → after', async ({ page, shop, request }) => {
    const id = suffix();
    const category = await shop.category(`Audit ${id}`);
    const { token } = await shop.admin();
    const renamed = await request.put(`/api/v1/category/update-category/${category._id}`, {
      data: { name: `Audit Renamed ${id}` },
      headers: { authorization: token },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    const admin = await shop.admin();
    await signInBrowser(page, admin);
    await page.goto('/dashboard/admin/audit?kind=category');
    const main = page.getByRole('main');
    await expect(main.getByLabel('Kind')).toHaveValue('category');

    const rename = await auditRow(page, 'category', `Category 'Audit Renamed ${id}'`, 'Renamed a category');
    await expect(rename.getByRole('term')).toHaveText(['Name', 'Slug']);
    await expect(rename.getByRole('definition').first()).toHaveText(`from Audit ${id}→ to Audit Renamed ${id}`);
    // Newer before older: the rename is above the creation.
    const create = await auditRow(page, 'category', `Category 'Audit Renamed ${id}'`, 'Created a category');
    const rowsText = await main.locator('tbody tr').allTextContents();
    const renameIndex = rowsText.findIndex((text) => text.includes(`Category 'Audit Renamed ${id}'`) && text.includes('Renamed'));
    const createIndex = rowsText.findIndex((text) => text.includes(`Category 'Audit Renamed ${id}'`) && text.includes('Created'));
    expect(renameIndex).toBeGreaterThanOrEqual(0);
    expect(createIndex).toBeGreaterThan(renameIndex);
    await expect(create.getByRole('definition').first()).toHaveText(`set to Audit ${id}`);

    // By person: the administrator's own changes; the person list names them.
    await main.getByLabel('Person').selectOption({ label: ADMIN.name });
    await expect(page).toHaveURL(new RegExp(`\\?kind=category&actor=${admin.user._id}$`));
    await expect(main.locator('tbody tr').first()).toBeVisible();
    for (const who of await main.locator('.audit-table__name').allTextContents()) expect(who).toBe(ADMIN.name);

    // All kinds, everyone: 25 a page, the pager moves through them.
    await page.goto('/dashboard/admin/audit');
    await expect(main.getByLabel('Kind')).toHaveValue('');
    await expect(main.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
    const total = Number((await main.getByText(/^Showing 1–\d+ of \d+$/).textContent())?.match(/of (\d+)$/)?.[1]);
    expect(total).toBeGreaterThan(0);
    await expect(main.locator('tbody tr')).toHaveCount(Math.min(25, total));
    if (total > 25) {
      await main.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(main.getByText(/^Showing 26–\d+ of \d+$/)).toBeVisible();
      await expect(main.getByText(/^Page 2 of \d+$/)).toBeVisible();
    }
    expect(await seriousA11yViolations(page), 'axe on the audit log').toEqual([]);
  });
});

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const) {
  test(`Data and Audit log at ${size.width} px: no horizontal scroll, no serious a11y violation`, async ({ page, shop }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const id = suffix();
    const category = await shop.category(`Screens ${id}`);
    const product = await shop.product(category, { name: `Screens Vase with a rather long name ${id}`, price: 18 });
    const main = await openData(page, shop);
    const { record } = await exportedRecord(page, main, product.slug);
    const file = catalogueFile([
      { ...record, price: '19.00', quantity: '3' },
      { ...record, slug: '', name: `New Vase ${id}`, category: `Brand New Category ${id}` },
      { ...record, slug: '', name: '', price: '-1' },
    ]);
    await main.getByLabel('CSV file').setInputFiles({ name: 'screens.csv', mimeType: 'text/csv', buffer: file });
    await main.getByRole('button', { name: 'Check file' }).click();
    await expect(main.getByRole('region', { name: 'Check found errors' })).toBeVisible();
    const noScroll = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await noScroll(), 'the Data screen is wider than the window').toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), 'axe on the Data screen').toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `.tmp/screenshots/${size.name}-admin-data.png`, fullPage: true });

    await page.goto('/dashboard/admin/audit?kind=product');
    // A creation lists its first fields; the others unfold.
    const created = await auditRow(page, 'product', `Product '${product.name}'`, 'Created a product');
    await expect(created.getByRole('term')).toHaveText(['Name', 'Price', 'Quantity', 'Category']);
    await created.getByText('6 more fields').click();
    await expect(created.getByRole('term')).toHaveText(['Name', 'Price', 'Quantity', 'Category', 'Shipping', 'Draft', 'Low-stock threshold', 'Photo', 'Slug', 'Description']);
    await expect(created.getByRole('definition').nth(1)).toHaveText('set to $18.00');
    expect(await noScroll(), 'the audit log is wider than the window').toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), 'axe on the audit log').toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `.tmp/screenshots/${size.name}-admin-audit.png`, fullPage: true });
  });
}
