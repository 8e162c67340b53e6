import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/**
 * Search as the specification's client uses it (GET search/{keyword}, no page): any substring of three
 * or more characters matches inside words, ignoring case, with whole-word and name matches first.
 */
describe('search: substrings inside words, best matches first', () => {
  let t: TestApp;
  const catalogue = [
    // Oldest first: minutes after a fixed instant, so "newest first" is known.
    { name: 'Phone Stand', description: 'Holds a tablet upright.' },
    { name: 'Smartphone X', description: 'A pocket computer.' },
    { name: 'Wireless Headphones', description: 'Noise cancelling.' },
    { name: 'Desk Lamp', description: 'Charges your phone overnight.' },
    { name: 'Cable Kit', description: 'Fits every smartphone and tablet.' },
    { name: 'Book Light', description: 'Clips onto any page.' },
    { name: 'Notebook', description: 'Ruled paper.' },
    { name: 'Cookbook', description: 'Recipes.' },
    { name: 'Bookshelf', description: 'Oak, five shelves.' },
    { name: 'Garden Hose', description: 'Twenty metres of green.' },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    const category = await makeCategory(t.database.db, 'Everything');
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (const [index, item] of catalogue.entries()) {
      await makeProduct(t.database.db, { categoryId: category.id, ...item, createdAt: new Date(start + index * 60_000) });
    }
  });
  afterAll(() => t.close());

  async function search(keyword: string) {
    const res = await call(t.app, 'GET', `/api/v1/product/search/${encodeURIComponent(keyword)}`);
    expect(res.statusCode, keyword).toBe(200);
    const names = (res.json() as { name: string }[]).map((product) => product.name);
    expect(res.headers['x-total-count'], keyword).toBe(String(names.length));
    return names;
  }

  it('"phone" finds every product holding it, whole word in a name first, then inside a name, then the description', async () => {
    expect(await search('phone')).toEqual([
      'Phone Stand', // a whole word of the name
      'Wireless Headphones', // inside a word of the name (newest first)
      'Smartphone X',
      'Desk Lamp', // a whole word of the description
      'Cable Kit', // inside a word of the description
    ]);
  });

  it('"book" finds Notebook, Cookbook and Bookshelf as well as Book Light', async () => {
    expect(await search('book')).toEqual(['Book Light', 'Bookshelf', 'Cookbook', 'Notebook']);
  });

  it('ignores case, and needs every word', async () => {
    expect(await search('PHONE')).toEqual(await search('phone'));
    expect(await search('wireless phone')).toEqual(['Wireless Headphones']);
    expect(await search('tablet phone')).toEqual(['Phone Stand', 'Cable Kit']);
  });

  it('keeps stemming for whole words ("phones" finds "Phone Stand") and prefixes for short words', async () => {
    expect(await search('phones')).toEqual(['Phone Stand', 'Wireless Headphones', 'Desk Lamp']);
    // Two characters: word prefixes only, not inside words.
    expect(await search('ph')).toEqual(['Phone Stand', 'Desk Lamp']);
  });

  it('finds nothing for a substring that is nowhere', async () => {
    expect(await search('xylophone')).toEqual([]);
  });
});

describe('search: a common word pages from the newest-first index, a rare one from the search indexes', () => {
  let t: TestApp;
  const queries: string[] = [];
  const lamps: string[] = [];

  beforeAll(async () => {
    // The queries that answer a search without the search index (SEARCH_INDEX=off), or while it builds.
    t = await createTestApp({ SEARCH_INDEX: 'off' }, { onQuery: (text) => queries.push(text) });
    const category = await makeCategory(t.database.db, 'Lighting');
    const start = Date.parse('2026-02-01T00:00:00Z');
    // 200 products; "lamp" is a whole word in the names of 160 of them (every 5th is a lantern).
    for (let n = 0; n < 200; n++) {
      const name = n % 5 === 4 ? `Lantern ${n}` : `Lamp ${n}`;
      if (name.startsWith('Lamp')) lamps.unshift(name); // newest first
      await makeProduct(t.database.db, { categoryId: category.id, name, createdAt: new Date(start + n * 60_000) });
    }
  });
  afterAll(() => t.close());

  const names = async (path: string) =>
    ((await call(t.app, 'GET', `/api/v1/product/search/${path}`)).json() as { name: string }[]).map((product) => product.name);

  it('gives the same pages either way: newest first, every match once', async () => {
    queries.length = 0;
    expect(await names('lamp?page=1')).toEqual(lamps.slice(0, 12));
    // The first page of a word in more than half of the catalogue walks the index.
    expect(queries.some((text) => /offset 0\)/.test(text))).toBe(true);
    expect(await names('lamp?page=2')).toEqual(lamps.slice(12, 24));
    expect(lamps).toHaveLength(160);
    expect(await names('lamp?page=10')).toEqual(lamps.slice(108, 120));
    expect(await names('lamp?page=14')).toEqual(lamps.slice(156, 160));
    expect(await names('lamp?page=15')).toEqual([]);
    expect(await names('lamp')).toEqual(lamps);
    queries.length = 0;
    expect(await names('lantern?page=1')).toEqual(['Lantern 199', 'Lantern 194', 'Lantern 189', 'Lantern 184', 'Lantern 179', 'Lantern 174', 'Lantern 169', 'Lantern 164', 'Lantern 159', 'Lantern 154', 'Lantern 149', 'Lantern 144']);
    expect(await names('lamp 42')).toEqual(['Lamp 42']);
  });
});
