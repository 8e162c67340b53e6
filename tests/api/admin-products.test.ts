import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MadeUser, makeAdmin, makeCategory, makeProduct } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/** The admin's products list (search, category and stock filters, sorts, keyset pages) and bulk changes. */
describe('admin products: list and bulk changes', () => {
  let t: TestApp;
  let admin: MadeUser;
  let lamps: { id: number; name: string };
  let books: { id: number; name: string };
  const made: Record<string, Awaited<ReturnType<typeof makeProduct>>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db);
    lamps = await makeCategory(t.database.db, 'Lamps');
    books = await makeCategory(t.database.db, 'Books');
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    made.walnut = await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Walnut Desk Lamp', price: 40, quantity: 12, createdAt: at(1) });
    made.brass = await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Brass Floor Lamp', price: 90, quantity: 3, createdAt: at(2) });
    made.paper = await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Paper Lantern', price: 15, quantity: 0, createdAt: at(3) });
    made.atlas = await makeProduct(t.database.db, { categoryId: books.id, name: 'Atlas of Lamps', price: 25, quantity: 7, createdAt: at(4) });
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string>) => {
    const res = await call(t.app, 'GET', '/api/v1/admin/products', { token: admin.token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { products: { _id: string; name: string; quantity: number; lowStockThreshold: number; category: { name: string } }[]; total: number; next: string | null; prev: string | null };
  };
  const names = async (query: Record<string, string>) => (await list(query)).products.map((product) => product.name);
  const bulk = (body: unknown) => call(t.app, 'POST', '/api/v1/admin/products/bulk', { token: admin.token, body });

  it('lists newest first with the threshold, searches, filters by category and stock, sorts', async () => {
    const first = await list({});
    expect(first.products.map((product) => product.name)).toEqual(['Atlas of Lamps', 'Paper Lantern', 'Brass Floor Lamp', 'Walnut Desk Lamp']);
    expect(first).toMatchObject({ total: 4, next: null, prev: null });
    expect(first.products[0]).toMatchObject({ _id: String(made.atlas?.id), quantity: 7, lowStockThreshold: 5, category: { name: 'Books' } });
    expect(await names({ q: 'lamp' })).toEqual(['Atlas of Lamps', 'Brass Floor Lamp', 'Walnut Desk Lamp']);
    expect(await names({ category: String(lamps.id), sort: 'name' })).toEqual(['Brass Floor Lamp', 'Paper Lantern', 'Walnut Desk Lamp']);
    expect(await names({ stock: 'out' })).toEqual(['Paper Lantern']);
    expect(await names({ stock: 'low' })).toEqual(['Brass Floor Lamp']);
    expect(await names({ stock: 'in', sort: 'stock-asc' })).toEqual(['Brass Floor Lamp', 'Atlas of Lamps', 'Walnut Desk Lamp']);
    expect(await names({ sort: 'price-desc' })).toEqual(['Brass Floor Lamp', 'Walnut Desk Lamp', 'Atlas of Lamps', 'Paper Lantern']);
    expect(await names({ sort: 'price-asc', after: String(made.atlas?.id) })).toEqual(['Walnut Desk Lamp', 'Brass Floor Lamp']);
    expect(await names({ sort: 'price-asc', before: String(made.walnut?.id) })).toEqual(['Paper Lantern', 'Atlas of Lamps']);
  });

  it('answers 400 naming the field for bad parameters', async () => {
    for (const [query, field] of [
      [{ stock: 'some' }, 'stock'],
      [{ sort: 'cheapest' }, 'sort'],
      [{ category: 'x' }, 'category'],
      [{ after: '1', before: '2' }, 'before'],
    ] as const) {
      const res = await call(t.app, 'GET', '/api/v1/admin/products', { token: admin.token, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('moves products to a category and sets their stock at once, recorded in the audit log; all or nothing', async () => {
    const ids = [String(made.walnut?.id), String(made.paper?.id)];
    const res = await bulk({ ids, category: String(books.id), quantity: 9 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: '2 products changed', changed: 2 });
    expect(await names({ category: String(books.id), sort: 'name' })).toEqual(['Atlas of Lamps', 'Paper Lantern', 'Walnut Desk Lamp']);
    const shop = (await call(t.app, 'GET', `/api/v1/product/get-product/${made.paper?.slug}`)).json().product;
    expect(shop).toMatchObject({ quantity: 9, category: { name: 'Books' } });
    const audit = (await call(t.app, 'GET', '/api/v1/admin/audit', { token: admin.token, query: { kind: 'product' } })).json().entries;
    expect(audit.slice(0, 2).map((entry: { name: string; before: object; after: object }) => [entry.name, entry.before, entry.after])).toEqual([
      ['Paper Lantern', { categoryId: lamps.id, quantity: 0 }, { categoryId: books.id, quantity: 9 }],
      ['Walnut Desk Lamp', { categoryId: lamps.id, quantity: 12 }, { categoryId: books.id, quantity: 9 }],
    ]);
    // A missing product changes nothing.
    const missing = await bulk({ ids: [String(made.brass?.id), '987654'], quantity: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'No such product: 987654' });
    expect((await list({ q: 'brass' })).products[0]?.quantity).toBe(3);
  });

  it('bad bodies answer 400 naming the field, changing nothing', async () => {
    for (const [body, message] of [
      [{ ids: [String(made.brass?.id)] }, 'category: give a category, a quantity or a draft state'],
      [{ ids: [], quantity: 1 }, 'ids: must name at least one product'],
      [{ ids: [String(made.brass?.id)], quantity: -1 }, 'quantity: must be 0 or more'],
      [{ ids: [String(made.brass?.id)], category: '987654' }, 'category: no such category'],
    ] as const) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect((await list({ q: 'brass' })).products[0]?.quantity).toBe(3);
  });
});
