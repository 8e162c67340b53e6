import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/** The home page's Sort: product-filters takes `sort` (newest when not given, as the specification's client sends). */
describe('product-filters sorted', () => {
  let t: TestApp;
  let books: { id: number };
  let lamps: { id: number };
  const filters = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/product/product-filters', { body });
  const names = (res: { json: () => { products: { name: string }[] } }) => res.json().products.map((product) => product.name);

  beforeAll(async () => {
    t = await createTestApp();
    books = await makeCategory(t.database.db, 'Sorted Books');
    lamps = await makeCategory(t.database.db, 'Sorted Lamps');
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    // Created in this order (oldest first); prices chosen so no order matches another.
    await makeProduct(t.database.db, { categoryId: books.id, name: 'Atlas', price: 30, createdAt: day(1) });
    await makeProduct(t.database.db, { categoryId: books.id, name: 'Bestiary', price: 12.5, createdAt: day(2) });
    await makeProduct(t.database.db, { categoryId: books.id, name: 'Cookbook', price: 45, createdAt: day(3) });
    await makeProduct(t.database.db, { categoryId: books.id, name: 'Diary', price: 12.5, createdAt: day(4) });
    await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Ember Lamp', price: 8, createdAt: day(5) });
  });
  afterAll(() => t.close());

  it('newest first without a sort, and with sort=newest', async () => {
    const checked = [String(books.id)];
    expect(names(await filters({ checked, radio: [] }))).toEqual(['Diary', 'Cookbook', 'Bestiary', 'Atlas']);
    expect(names(await filters({ checked, radio: [], sort: 'newest', page: 1 }))).toEqual(['Diary', 'Cookbook', 'Bestiary', 'Atlas']);
  });

  it('by price both ways, equal prices newest first, with the filters and paging applied', async () => {
    const checked = [String(books.id)];
    expect(names(await filters({ checked, radio: [], sort: 'price-asc', page: 1 }))).toEqual(['Diary', 'Bestiary', 'Atlas', 'Cookbook']);
    expect(names(await filters({ checked, radio: [], sort: 'price-desc', page: 1 }))).toEqual(['Cookbook', 'Atlas', 'Diary', 'Bestiary']);
    const cheap = await filters({ checked: [String(books.id), String(lamps.id)], radio: [0, 19], sort: 'price-asc', page: 1 });
    expect(names(cheap)).toEqual(['Ember Lamp', 'Diary', 'Bestiary']);
    expect(cheap.json().total).toBe(3);
    // Everything, by price: the cheapest product of the whole shop first.
    expect(names(await filters({ checked: [], radio: [], sort: 'price-asc', page: 1 }))[0]).toBe('Ember Lamp');
  });

  it('refuses an unknown sort with 400 naming it, changing nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    for (const sort of ['price', 'PRICE-ASC', 1, '', 'newest; drop table products']) {
      const res = await filters({ checked: [], radio: [], sort });
      expect(res.statusCode, String(sort)).toBe(400);
      expect(res.json().message).toContain('sort');
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });
});
