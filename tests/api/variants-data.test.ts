import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS } from '../../src/contract/data.ts';
import { combinations } from '../../src/domain/variants.ts';
import { restoreBackup } from '../../src/server/modules/backup/archive.ts';
import { backupToFile } from '../../src/server/modules/backup/service.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, multipart, pngImage } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

type Row = Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>;
const P = '/api/v1/product';

describe('variants in the shop data: CSV, backup, audit log, the owner\'s page', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;
  let teeSlug = '';
  let teeId = 0;

  const exportCsv = async () => {
    const res = await call(t.app, 'GET', '/api/v1/admin/products.csv', { token: admin.token });
    expect(res.statusCode).toBe(200);
    return parse(res.body, { bom: true, columns: true }) as Row[];
  };
  const toCsv = (rows: Partial<Row>[]) => `\uFEFF${stringify(rows, { header: true, columns: [...CATALOGUE_CSV_COLUMNS], record_delimiter: 'windows' })}`;
  const upload = async (csv: string, fields: Record<string, string> = {}) => {
    const form = await multipart(fields, { field: 'file', data: Buffer.from(csv), filename: 'products.csv', type: 'text/csv' });
    return call(t.app, 'POST', '/api/v1/admin/products-import', { token: admin.token, headers: form.headers, body: form.payload });
  };
  const variantsOf = async (slug: string) => (await call(t.app, 'GET', `${P}/product-variants/${slug}`)).json();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db, 'Clothes')).id;
    const tee = await makeProduct(t.database.db, { categoryId, name: 'Data Tee', photo: await pngImage('#ff0000') });
    teeSlug = tee.slug;
    teeId = tee.id;
    const options = [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Red', 'Blue', 'Green', 'Black'] },
    ];
    const res = await call(t.app, 'PUT', `${P}/product-variants/${tee.id}`, {
      token: admin.token,
      body: {
        options,
        variants: combinations(options).map((values, i) => ({
          sku: `DT-${i}`,
          price: 10 + i,
          compareAtPrice: i === 0 ? 15 : null,
          quantity: i < 2 ? i : 8,
          lowStockThreshold: 3,
          weight: 100 + i,
          options: values,
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await makeProduct(t.database.db, { categoryId, name: 'Data Plain', price: 4.5, quantity: 7 });
  });
  afterAll(() => t.close());

  it('exports one row per variant, the product on each; importing it unchanged changes nothing', async () => {
    const rows = await exportCsv();
    const tee = rows.filter((row) => row.slug === teeSlug);
    expect(tee).toHaveLength(12);
    expect(tee[0]).toMatchObject({
      name: 'Data Tee',
      category: 'Clothes',
      price: '10.00',
      quantity: '0',
      low_stock_threshold: '3',
      sku: 'DT-0',
      compare_at_price: '15.00',
      weight_grams: '100',
      option1_name: 'Size',
      option1_value: 'S',
      option2_name: 'Colour',
      option2_value: 'Red',
      option3_name: '',
    });
    expect(tee[11]).toMatchObject({ sku: 'DT-11', option1_value: 'L', option2_value: 'Black', compare_at_price: '' });
    const plain = rows.find((row) => row.name === 'Data Plain');
    expect(plain).toMatchObject({ price: '4.50', quantity: '7', sku: '', option1_name: '', option1_value: '' });

    const before = await snapshotDatabase(t.database.db);
    const dry = (await upload(toCsv(rows))).json();
    expect(dry.summary).toMatchObject({ rows: 13, create: 0, update: 0, unchanged: 2, error: 0 });
    const applied = await upload(toCsv(rows), { apply: 'true' });
    expect(applied.statusCode, applied.body).toBe(200);
    // Only the import itself is recorded.
    const after = await snapshotDatabase(t.database.db);
    expect({ ...after, audit_log: '' }).toEqual({ ...before, audit_log: '' });
  });

  it('an edited variant row updates that variant (its id and photos kept); a new product arrives with its variants', async () => {
    const rows = await exportCsv();
    const variantsBefore = (await variantsOf(teeSlug)).variants;
    const edited = rows.map((row) => (row.sku === 'DT-5' ? { ...row, price: '99.00', quantity: '42' } : row));
    const added = [
      { name: 'Csv Hoodie', description: 'Warm.', price: '30', quantity: '2', category: 'Clothes', sku: 'HOOD-S', option1_name: 'Size', option1_value: 'S' },
      { name: 'Csv Hoodie', description: 'Warm.', price: '32', quantity: '3', category: 'Clothes', sku: 'HOOD-M', option1_name: 'Size', option1_value: 'M' },
    ];
    const dry = (await upload(toCsv([...edited, ...added]))).json();
    expect(dry.summary).toMatchObject({ rows: 15, create: 1, update: 1, unchanged: 1, error: 0 });
    expect(dry.rows.find((row: { slug: string }) => row.slug === teeSlug).changes).toEqual(['quantity', 'variants']);
    expect((await upload(toCsv([...edited, ...added]), { apply: 'true' })).statusCode).toBe(200);
    const variantsAfter = (await variantsOf(teeSlug)).variants;
    expect(variantsAfter.map((variant: { _id: string }) => variant._id)).toEqual(variantsBefore.map((variant: { _id: string }) => variant._id));
    expect(variantsAfter[5]).toMatchObject({ sku: 'DT-5', price: 99, quantity: 42 });
    const search = (await call(t.app, 'GET', `${P}/search/hoodie`)).json();
    const hoodieVariants = await variantsOf(search[0].slug);
    expect(hoodieVariants.options).toEqual([{ name: 'Size', values: ['S', 'M'] }]);
    expect(hoodieVariants.variants.map((variant: { sku: string; price: number }) => [variant.sku, variant.price])).toEqual([
      ['HOOD-S', 30],
      ['HOOD-M', 32],
    ]);
    expect([search[0].price, search[0].quantity, search[0].maxPrice]).toEqual([30, 5, 32]);
    const audit = (await call(t.app, 'GET', '/api/v1/admin/audit', { token: admin.token, query: { kind: 'product' } })).json();
    expect(audit.entries.some((entry: { action: string }) => entry.action === 'product.variants')).toBe(true);
  });

  it('refuses variant rows that break the grid rules, naming the line, changing nothing', async () => {
    const rows = await exportCsv();
    const tee = rows.filter((row) => row.slug === teeSlug);
    const broken = tee.map((row, i) => (i === 3 ? { ...row, option1_value: 'S', option2_value: 'Red' } : row));
    const before = await snapshotDatabase(t.database.db);
    const res = await upload(toCsv(broken), { apply: 'true' });
    expect(res.statusCode).toBe(400);
    expect(res.json().rows[0].errors).toEqual([{ column: 'option1_value', message: 'line 5: the same combination as variant 1' }]);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it("the owner's page counts low stock and sold out per variant", async () => {
    const today = (await call(t.app, 'GET', '/api/v1/auth/dashboard', { token: admin.token })).json();
    const sold = today.soldOut.products.filter((item: { slug: string }) => item.slug === teeSlug);
    const low = today.lowStock.products.filter((item: { slug: string }) => item.slug === teeSlug);
    expect(sold).toEqual([{ _id: String(teeId), name: 'Data Tee', slug: teeSlug, quantity: 0, threshold: 3, variant: 'S / Red', sku: 'DT-0' }]);
    expect(low.map((item: { variant: string }) => item.variant)).toEqual(['S / Blue']);
  });

  it('a backup holds the options, variants, gallery and facets, and restores them', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'variants-backup-'));
    try {
      const file = join(folder, 'shop.jsonl.gz');
      const written = await backupToFile(t.database.db, 'test', file);
      expect(written.tables).toMatchObject({ product_options: 3, product_variants: 15, product_photos: 1, product_facet_values: 9 });
      const target = await createTestApp();
      try {
        await restoreBackup(target.database.db, file);
        const original = await snapshotDatabase(t.database.db);
        const restored = await snapshotDatabase(target.database.db);
        for (const table of ['product_options', 'product_option_values', 'product_variants', 'product_variant_photos', 'product_photos', 'product_facet_values', 'catalogue_facet_counts']) {
          expect(restored[table], table).toBe(original[table]);
        }
      } finally {
        await target.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
