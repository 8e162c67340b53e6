import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeCategory, makeProduct } from '../factories.ts';
import { products } from '../../src/server/db/schema.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';
import { createProductService, noDerived, indexBuildDelay, type Derived } from '../../src/server/modules/product/service.ts';
import { searchIndexRows } from '../../src/server/modules/product/repo.ts';
import { SearchIndex } from '../../src/server/modules/product/search-index.ts';
import type { KeptIndex } from '../../src/server/plugins/answer-cache/store.ts';
import { oneTypoApart, wordCounts } from '../../src/domain/typo.ts';

/** Derived values computed each time, with `index` as the built search index. */
const indexed = (index: SearchIndex): Derived =>
  Object.assign(<T>(_key: string, compute: () => Promise<T>) => compute(), {
    many: noDerived.many,
    index: <T>(_key: string, _build: (stale: () => boolean) => Promise<T>): KeptIndex<T> => ({ value: index as unknown as T, building: Promise.resolve(index as unknown as T) }),
  });

/**
 * The search index kept in memory (decision record 0024) answers every search exactly as the queries do:
 * the same matches, totals, ranks and order, for words of every kind (whole, stemmed, prefixes, pieces
 * inside words, one and two letters, stop words, numbers, accents, compounds, category names), unpaged
 * and by page; and it follows the catalogue's changes.
 */
describe('search index: the same answers as the queries', () => {
  let t: TestApp;
  let index: SearchIndex;
  const catalogue = [
    { name: 'Wireless Headphones', description: 'Noise cancelling headphones for the phone.' },
    { name: 'Phone Stand', description: 'Holds a tablet upright.' },
    { name: 'Smartphone X2', description: 'A pocket computer, v2 of the line.' },
    { name: 'Wi-Fi Router', description: 'Dual-band wi-fi; support@acme-shop.com answers.' },
    { name: 'Café Crème Mug', description: 'Für Kaffee, thé et café-crème.' },
    { name: 'The Running Shoes', description: "Runs and ran: the runner's choice." },
    { name: 'Books of the Year', description: 'Bookshelf not included.' },
    { name: 'Lamp 2026', description: 'Model 12345-B, 3.5 kg, 100% cotton.' },
    { name: 'A Lamp', description: 'an a the of' },
    { name: 'HDTV Stand', description: 'For a TV of any size.' },
    { name: 'Ünïcödé Tëst', description: 'Ωmega and ПРИВЕТ.' },
    { name: 'Garden Hose', description: 'Twenty metres of green.', category: 'Garden & Outdoor' },
    { name: 'Phone Case', description: 'Same instant as the stand.', sameAs: 1 },
    { name: 'Secret Phone', description: 'A draft.', draft: true },
  ];
  const queries = [
    'phone', 'phones', 'ph', 'p', 'head', 'headphone', 'wire', 'wi', 'fi', 'wifi', 'wi fi', 'acme', 'support', 'com',
    'café', 'cafe', 'crème', 'kaffee', 'für', 'the', 'a', 'a lamp', 'the lamp', 'of', 'an of', 'run', 'running', 'runner',
    'ran', 'book', 'books', 'shelf', 'lamp 2026', '2026', '202', '12345', '345', '3', '5', 'kg', 'cotton', 'outdoor',
    'gard', 'garden hose', 'ünï', 'tëst', 'ωmega', 'привет', 'hdtv', 'tv', 'stand', 'x2', 'v2', 'secret', 'zzz',
    'pocket computer', 'line', 'year', 'choice', 'noise cancelling', 'cancel', 'Stand Phone', 'st ph', 'mug café',
    'headphonez', 'lampp', 'o', 'and', 'oak', 'ing', 'lamp lamp', 'phone stand phone', 'ph ph', 'stand st',
    // Typos (a search that finds nothing as typed is corrected): a letter missing, one too many, one wrong,
    // two swapped; in a category's name; two words; one that is no word's.
    'hedphones', 'wireles', 'routter', 'smartphome', 'outdor', 'gardn hose', 'cotten', 'runnner stand', 'qwxzvb',
  ];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const everything = await makeCategory(db, 'Everything');
    const garden = await makeCategory(db, 'Garden & Outdoor');
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (const [at, item] of catalogue.entries()) {
      await makeProduct(db, {
        categoryId: item.category ? garden.id : everything.id,
        name: item.name,
        description: item.description,
        draft: item.draft ?? false,
        createdAt: new Date(start + (item.sameAs ?? at) * 60_000),
      });
    }
    // Read three at a time, so that the reads go on from where the one before stopped.
    index = await SearchIndex.build((after) => searchIndexRows(db, after, 3));
  });
  afterAll(() => t.close());

  it('holds every listed product and no draft', () => {
    expect(index.size).toBe(catalogue.filter((item) => !item.draft).length);
  });

  it('stops reading once the catalogue changed under it', async () => {
    let reads = 0;
    let changed = false;
    const build = SearchIndex.build(
      async (after) => {
        reads += 1;
        changed = true;
        return searchIndexRows(t.database.db, after, 3);
      },
      () => changed,
    );
    await expect(build).rejects.toThrow('the catalogue changed while the search index was read');
    expect(reads).toBe(1);
  });

  it('spaces out slow builds: ten times the last one from its start, none after a quick one', () => {
    expect(indexBuildDelay({ startedAt: 1_000, ms: 49 }, 1_010)).toBe(0);
    expect(indexBuildDelay({ startedAt: 1_000, ms: 50 }, 1_010)).toBe(490);
    expect(indexBuildDelay({ startedAt: 1_000, ms: 1_300 }, 2_300)).toBe(11_700);
    expect(indexBuildDelay({ startedAt: 1_000, ms: 1_300 }, 20_000)).toBe(0);
  });

  it('answers each word unpaged and by page as the queries do', async () => {
    const byQueries = createProductService(t.database.db, noDerived, { searchIndex: false });
    const byIndex = createProductService(t.database.db, indexed(index));
    let found = 0;
    for (const query of queries) {
      for (const page of [undefined, 1, 2]) {
        const expected = await byQueries.search(query, page);
        const actual = await byIndex.search(query, page);
        expect({ query, page, total: actual.total, ids: actual.ids, correctedTo: actual.correctedTo }).toEqual({
          query,
          page,
          total: expected.total,
          ids: expected.ids,
          correctedTo: expected.correctedTo,
        });
        if (page === undefined) found += expected.total;
      }
    }
    // The words do find things (the comparison is not of empty answers).
    expect(found).toBeGreaterThan(80);
  });

  it("finds every word of the catalogue one typo from a word, with how many products hold it", () => {
    // Every word of the listed products' names and descriptions (as the search splits them), counted once per product.
    const listed = catalogue.filter((item) => !item.draft);
    const perProduct = listed.flatMap((item) => [...new Set(`${item.name} ${item.description}`.toLowerCase().match(/[\p{L}\p{N}]+/gu))]);
    const words = wordCounts(perProduct);
    const byHand = (word: string) =>
      [...words].filter(([candidate]) => Array.from(candidate).length >= 4 && oneTypoApart(word, candidate)).sort();
    const tried = ['lampp', 'hedphones', 'phon', 'phonez', 'stnad', 'suport', 'kafee', 'creme', 'crème', 'tëstt', 'привт', '12354', 'runs', 'zzzzz'];
    let found = 0;
    for (const word of tried) {
      const near = index.wordsOneTypoFrom(word);
      expect({ word, near: [...(near ?? [])].sort() }).toEqual({ word, near: byHand(word) });
      found += near?.length ?? 0;
    }
    // Not all empty: lamp (2 products), headphones, phone and phones, stand…
    expect(index.wordsOneTypoFrom('lampp')).toEqual([['lamp', 2]]);
    expect(found).toBeGreaterThan(8);
  });

  it('leaves the words one typo away to the database when the catalogue writes with more than 128 characters', async () => {
    const row = (id: number, name: string) => ({ id, categoryId: 1, name, description: '', nameLexemes: '', descriptionLexemes: '' });
    const build = (names: string[]) => SearchIndex.build(async (after) => (after ? [] : names.map((name, at) => row(at + 1, name))));
    const letters = (from: number, count: number) => Array.from({ length: count }, (_, at) => String.fromCodePoint(from + at)).join('');
    // 128 characters of CJK: one word of them, and "lamp".
    const fits = await build([letters(0x4e00, 124), 'lamp']);
    expect(fits.wordsOneTypoFrom('lampp')).toEqual([['lamp', 1]]);
    const tooMany = await build([letters(0x4e00, 125), 'lamp']);
    expect(tooMany.wordsOneTypoFrom('lampp')).toBeUndefined();
  });

  it('corrects a typo the vocabulary query misses: two letters swapped in a short word, a word inside an address', async () => {
    const byIndex = createProductService(t.database.db, indexed(index));
    const byQueries = createProductService(t.database.db, noDerived, { searchIndex: false });
    for (const [typo, word] of [['pokcet', 'pocket'], ['suport', 'support']] as const) {
      expect((await byIndex.search(typo, 1)).correctedTo).toBe(word);
      expect((await byQueries.search(typo, 1)).correctedTo).toBeUndefined();
    }
  });

  it('follows the catalogue: a product added, renamed, hidden or deleted is searched as it is now', async () => {
    const app = await createTestApp();
    try {
      const category = await makeCategory(app.database.db, 'Lighting');
      await makeProduct(app.database.db, { categoryId: category.id, name: 'Brass Lantern', description: 'Old.' });
      const names = async (keyword: string) =>
        ((await call(app.app, 'GET', `/api/v1/product/search/${keyword}`)).json() as { name: string }[]).map((product) => product.name);
      expect(await names('lantern')).toEqual(['Brass Lantern']);
      await makeProduct(app.database.db, { categoryId: category.id, name: 'Paper Lantern', description: 'New.' });
      await app.noticesSettled();
      expect(await names('lantern')).toEqual(['Paper Lantern', 'Brass Lantern']);
      await app.database.db.execute(sql`update products set name = 'Paper Lamp' where name = 'Paper Lantern'`);
      await app.noticesSettled();
      expect(await names('lantern')).toEqual(['Brass Lantern']);
      expect(await names('lamp')).toEqual(['Paper Lamp']);
      await app.database.db.execute(sql`update products set draft = true where name = 'Paper Lamp'`);
      await app.noticesSettled();
      expect(await names('lamp')).toEqual([]);
      await app.database.db.execute(sql`delete from products where name = 'Brass Lantern'`);
      await app.noticesSettled();
      expect(await names('lantern')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

/**
 * The same comparison at a size where the index's bitsets span several words and both kinds of posting
 * list occur (short ones set bit by bit, long ones kept as bitsets), and where a rare clause narrows the
 * search to a few words of the bitset: 300 products, words common and rare, deep pages.
 */
describe('search index: the same answers as the queries, 300 products', () => {
  let t: TestApp;
  let index: SearchIndex;
  const adjectives = ['red', 'blue', 'green', 'amber', 'rustic', 'swift'];
  const nouns = ['lamp', 'chair', 'table', 'mug', 'phone', 'lantern', 'rug', 'kettle', 'lampshade'];
  const queries = [
    'lamp', 'lamps', 'la', 'l', 'red', 'red lamp', 'lamp red', 'amb', 'handmade', 'hand', 'and', 'lamp 17', '17', '1',
    'ust', 'kitchen', 'itch', 'lighting', 'rare', 'rarest', 'swift mug', 'zzz', 'lampp', 'ta', 'tab', 'phone 123', 'the',
    'a', 'of', 'green chair rare', 'ke', 'ket', 'mug 2', 'blue lantern', 'ern', 'other', 'the other', 'another',
  ];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const kitchen = await makeCategory(db, 'Kitchen');
    const lighting = await makeCategory(db, 'Home Lighting');
    const start = Date.parse('2026-01-01T00:00:00Z');
    await db.insert(products).values(
      Array.from({ length: 300 }, (_, n) => {
        // Some names hold stop words inside a word ("Another"): a search of stop words alone ranks those first.
        const name = `${adjectives[n % adjectives.length]} ${nouns[(n * 7) % nouns.length]} ${n}${n % 40 === 7 ? ' Another' : ''}`;
        return {
          name,
          slug: `item-${n}`,
          description: `Handmade ${n % 11 === 0 ? 'rare ' : ''}${n === 123 ? 'rarest ' : ''}piece of the ${nouns[n % nouns.length]} kind, number ${n * 3}.`,
          priceCents: 1_000 + n,
          quantity: 5,
          categoryId: n % 3 === 0 ? lighting.id : kitchen.id,
          draft: n % 50 === 49,
          // Some share their creation time, so ties are ordered by id.
          createdAt: new Date(start + Math.floor(n / 2) * 60_000),
        };
      }),
    );
    index = await SearchIndex.build((after) => searchIndexRows(db, after, 64));
  });
  afterAll(() => t.close());

  it('answers each word unpaged and by page, deep ones too, as the queries do', async () => {
    expect(index.size).toBe(294);
    const byQueries = createProductService(t.database.db, noDerived, { searchIndex: false });
    const byIndex = createProductService(t.database.db, indexed(index));
    let found = 0;
    for (const query of queries) {
      for (const page of [undefined, 1, 2, 7, 30]) {
        const expected = await byQueries.search(query, page);
        const actual = await byIndex.search(query, page);
        expect({ query, page, total: actual.total, ids: actual.ids }).toEqual({ query, page, total: expected.total, ids: expected.ids });
        if (page === undefined) found += expected.total;
      }
    }
    expect(found).toBeGreaterThan(2_000);
  });
});
