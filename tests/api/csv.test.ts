import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, PRODUCT_CSV_COLUMNS } from '../../src/contract/data.ts';
import { auditLog, orders, productPhotos } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, multipart, pngImage } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

type Row = Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>;

describe('the catalogue as CSV: export, import (dry run, then apply), and orders for accounting', () => {
  let t: TestApp;
  let admin: MadeUser;
  let lighting: { id: number; name: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db, { name: 'Cass Csv' });
    lighting = await makeCategory(t.database.db, 'Lighting');
    const kitchen = await makeCategory(t.database.db, 'Kitchen & Dining');
    await makeProduct(t.database.db, { categoryId: lighting.id, name: 'Desk Lamp', price: 24.99, quantity: 5, photo: await pngImage('#224466') });
    await makeProduct(t.database.db, {
      categoryId: lighting.id,
      name: 'Floor Lamp, "Tall"',
      description: 'Two lines:\nwarm light, then "quotes", commas, and ünïcödé.',
      price: 120,
      quantity: 2,
    });
    for (let n = 0; n < 20; n++) await makeProduct(t.database.db, { categoryId: kitchen.id, name: `Plate ${n}`, price: 3.5 + n, quantity: n });
  });
  afterAll(() => t.close());

  const exportCsv = async () => {
    const res = await call(t.app, 'GET', '/api/v1/admin/products.csv', { token: admin.token });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const rowsOf = (text: string) => parse(text, { bom: true, columns: true }) as Row[];
  const toCsv = (rows: Row[]) => `\uFEFF${stringify(rows, { header: true, columns: [...PRODUCT_CSV_COLUMNS], record_delimiter: 'windows' })}`;
  const upload = async (csv: string | Buffer, fields: Record<string, string> = {}) => {
    const form = await multipart(fields, { field: 'file', data: Buffer.from(csv), filename: 'catalogue.csv', type: 'text/csv' });
    return call(t.app, 'POST', '/api/v1/admin/products-import', { token: admin.token, headers: form.headers, body: form.payload });
  };

  it('exports every product: UTF-8 with a byte-order mark, a header row, quotes and line breaks kept', async () => {
    const res = await exportCsv();
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(CATALOGUE_CSV_COLUMNS.join(','));
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(22);
    const floor = rows.find((row) => row.name === 'Floor Lamp, "Tall"');
    expect(floor).toMatchObject({ price: '120.00', quantity: '2', shipping: 'no', category: 'Lighting', low_stock_threshold: '5' });
    expect(floor?.description).toBe('Two lines:\nwarm light, then "quotes", commas, and ünïcödé.');
    expect(rows.find((row) => row.name === 'Plate 3')).toMatchObject({ price: '6.50', category: 'Kitchen & Dining' });
  });

  it('imports an export nobody edited as 0 changes, dry run or applied', async () => {
    const csv = (await exportCsv()).body;
    const dry = await upload(csv);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ applied: false, summary: { rows: 22, create: 0, update: 0, unchanged: 22, error: 0 }, rows: [] });
    const before = await snapshotDatabase(t.database.db);
    const applied = await upload(csv, { apply: 'true' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true, summary: { update: 0, create: 0, unchanged: 22 } });
    const after = await snapshotDatabase(t.database.db);
    // Only the record of the import itself was added.
    expect({ ...after, audit_log: '' }).toEqual({ ...before, audit_log: '' });
  });

  it('updates exactly the three edited rows (the rest unchanged), keeps photos, and records each change', async () => {
    const rows = rowsOf((await exportCsv()).body);
    const lamp = rows.find((row) => row.name === 'Desk Lamp') as Row;
    const [photoBefore] = await t.database.db.select({ etag: productPhotos.etag }).from(productPhotos);
    lamp.price = '19.5';
    const floor = rows.find((row) => row.name.startsWith('Floor Lamp')) as Row;
    floor.description = 'Now three lines:\r\none,\r\ntwo.';
    const plate = rows.find((row) => row.name === 'Plate 7') as Row;
    plate.name = 'Plate 7, chipped';
    plate.quantity = '0';

    const dry = (await upload(toCsv(rows))).json();
    expect(dry.summary).toMatchObject({ rows: 22, create: 0, update: 3, unchanged: 19, error: 0 });
    expect(dry.rows.map((row: { slug: string; changes: string[] }) => [row.slug, row.changes])).toEqual(
      expect.arrayContaining([
        [lamp.slug, ['price']],
        [floor.slug, ['description']],
        [plate.slug, ['name', 'quantity']],
      ]),
    );
    const applied = await upload(toCsv(rows), { apply: 'true' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().summary.update).toBe(3);

    const lampNow = (await call(t.app, 'GET', `/api/v1/product/get-product/${lamp.slug}`)).json().product;
    expect(lampNow).toMatchObject({ price: 19.5, hasPhoto: true });
    const [photoAfter] = await t.database.db.select({ etag: productPhotos.etag }).from(productPhotos);
    expect(photoAfter?.etag).toBe(photoBefore?.etag);
    expect((await call(t.app, 'GET', `/api/v1/product/get-product/${floor.slug}`)).json().product.description).toBe('Now three lines:\none,\ntwo.');
    expect((await call(t.app, 'GET', `/api/v1/product/get-product/${plate.slug}`)).json().product).toMatchObject({ name: 'Plate 7, chipped', quantity: 0 });
    // Each update is in the audit log with its fields before and after, and the import itself too.
    const updates = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'product.update'));
    const lampEntry = updates.find((entry) => (entry.after as { price?: number }).price === 19.5);
    expect(lampEntry).toMatchObject({ actorName: 'Cass Csv', before: { price: 24.99 }, after: { price: 19.5 } });
    const [imported] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'products.import')).orderBy(sql`${auditLog.id} desc`);
    expect(imported?.after).toMatchObject({ update: 3, unchanged: 19, file: 'catalogue.csv' });
    // And it shows at once (the catalogue's cache was dropped).
    expect((await exportCsv()).body).toContain('Plate 7, chipped');
  });

  it('names a broken row (line, column, reason) in the dry run, and applying it changes nothing', async () => {
    const rows = rowsOf((await exportCsv()).body);
    (rows[4] as Row).price = 'twelve';
    (rows[9] as Row).name = '';
    (rows[2] as Row).price = '99';
    const dry = (await upload(toCsv(rows))).json();
    expect(dry.summary).toMatchObject({ error: 2, update: 1 });
    // Lines as a spreadsheet numbers them: the header is line 1, and the second product's description
    // holds two line breaks, so the fifth product starts on line 8 and the tenth on line 13.
    expect(dry.rows.slice(0, 2)).toEqual([
      { line: 8, slug: rows[4]?.slug, name: rows[4]?.name, action: 'error', changes: [], errors: [{ column: 'price', message: 'must be a number' }] },
      { line: 13, slug: rows[9]?.slug, name: '', action: 'error', changes: [], errors: [{ column: 'name', message: 'is required' }] },
    ]);
    const before = await snapshotDatabase(t.database.db);
    const applied = await upload(toCsv(rows), { apply: 'true' });
    expect(applied.statusCode).toBe(400);
    expect(applied.json()).toMatchObject({ success: false, message: '2 rows have errors: nothing was changed', applied: false });
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('creates new rows (without a slug), and unknown categories only when asked to', async () => {
    const csv = toCsv([
      { slug: '', name: 'Pendant Light', description: 'Hangs.', price: '45', quantity: '4', shipping: 'yes', category: 'lighting', low_stock_threshold: '', updated_at: '', draft: '' },
      { slug: 'garden-gnome', name: 'Garden Gnome', description: 'Smiles.', price: '12.25', quantity: '9', shipping: '', category: 'Garden', low_stock_threshold: '2', updated_at: '', draft: '' },
    ]);
    const refused = (await upload(csv)).json();
    expect(refused.summary).toMatchObject({ create: 1, error: 1 });
    expect(refused.rows[0].errors[0].column).toBe('category');
    const dry = (await upload(csv, { createCategories: 'true' })).json();
    expect(dry.summary).toMatchObject({ create: 2, error: 0, newCategories: ['Garden'] });
    expect((await upload(csv, { createCategories: 'true', apply: 'true' })).statusCode).toBe(200);
    const gnome = (await call(t.app, 'GET', '/api/v1/product/get-product/garden-gnome')).json().product;
    expect(gnome).toMatchObject({ name: 'Garden Gnome', price: 12.25, shipping: false, category: { name: 'Garden' } });
    const pendant = (await call(t.app, 'GET', '/api/v1/product/get-product/pendant-light')).json().product;
    expect(pendant).toMatchObject({ category: { name: 'Lighting' }, shipping: true });
    // Importing the same file again: the slug-less row is new again, the gnome is unchanged.
    expect((await upload(csv, { createCategories: 'true' })).json().summary).toMatchObject({ create: 1, unchanged: 1 });
  });

  it('refuses a file it cannot read, or without the columns it needs (400), changing nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    const broken = await upload('name,description,price,quantity,category\n"Unclosed,quote,1,1,Lighting\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^file: not a readable CSV/);
    const latin1 = await upload(Buffer.from('name,description,price,quantity,category\nL\u00e4mp,x,3,1,Lighting\n', 'latin1'));
    expect(latin1.json().message).toBe('file: is not UTF-8 text; save it as "CSV UTF-8" and import it again');
    const missing = await upload('name,price\nLamp,3\n');
    expect(missing.json().message).toBe('file: the header row lacks the columns description, quantity, category');
    const unknown = await upload('name,description,price,quantity,category,colour\nLamp,x,3,1,Lighting,red\n');
    expect(unknown.json().message).toMatch(/^file: unknown column colour/);
    const none = await call(t.app, 'POST', '/api/v1/admin/products-import', { token: admin.token, ...(await (async () => { const f = await multipart({ apply: 'true' }); return { headers: f.headers, body: f.payload }; })()) });
    expect(none.statusCode).toBe(400);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
    const shopper = await makeUser(t.database.db);
    expect((await call(t.app, 'GET', '/api/v1/admin/products.csv', { token: shopper.token })).statusCode).toBe(403);
  });

  it('exports orders for accounting, one row per line, within a date range', async () => {
    const buyer = await makeUser(t.database.db, { name: 'Acc Buyer' });
    const [lamp, plate] = await Promise.all([
      makeProduct(t.database.db, { categoryId: lighting.id, name: 'Acc Lamp', price: 10, quantity: 5 }),
      makeProduct(t.database.db, { categoryId: lighting.id, name: 'Acc Plate', price: 2.5, quantity: 5 }),
    ]);
    const placed = await call(t.app, 'POST', '/api/v1/auth/orders', {
      token: buyer.token,
      body: { cart: [{ _id: String(lamp.id) }, { _id: String(plate.id) }, { _id: String(plate.id) }] },
    });
    const orderId = placed.json().order._id;
    const old = await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart: [{ _id: String(lamp.id) }] } });
    await t.database.db.update(orders).set({ createdAt: new Date('2025-01-15T12:00:00Z') }).where(eq(orders.id, Number(old.json().order._id)));

    const all = rowsOf((await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token })).body);
    const mine = all.filter((row) => (row as unknown as Record<string, string>).order === orderId) as unknown as Record<string, string>[];
    expect(mine.map((row) => [row.product, row.quantity, row.unit_price, row.line_total, row.order_total])).toEqual([
      ['Acc Lamp', '1', '10.00', '10.00', '15.00'],
      ['Acc Plate', '2', '2.50', '5.00', '15.00'],
    ]);
    expect(mine[0]).toMatchObject({ buyer: 'Acc Buyer', delivery_address: '1 Market Street', status: 'Not Processed (Not Process)' });
    const todayDate = new Date().toISOString().slice(0, 10);
    const recent = rowsOf((await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token, query: { from: '2025-06-01', to: todayDate } })).body) as unknown as Record<string, string>[];
    expect(recent.some((row) => row.order === old.json().order._id)).toBe(false);
    const january = rowsOf((await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token, query: { from: '2025-01-15', to: '2025-01-15' } })).body) as unknown as Record<string, string>[];
    expect(january.map((row) => row.order)).toEqual([old.json().order._id]);
    expect((await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token, query: { from: '2025-02-01', to: '2025-01-01' } })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token, query: { from: 'yesterday' } })).statusCode).toBe(400);
  });
});
