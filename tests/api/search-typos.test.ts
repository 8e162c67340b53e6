import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/** Search finds category names and forgives one typo in a long word (ranked below exact matches). */
describe('search: category names and typos', () => {
  let t: TestApp;
  const search = (keyword: string, page?: number) =>
    call(t.app, 'GET', `/api/v1/product/search/${encodeURIComponent(keyword)}${page ? `?page=${page}` : ''}`);
  const names = (res: { json: () => { name: string }[] }) => res.json().map((product) => product.name);

  beforeAll(async () => {
    t = await createTestApp();
    const audio = await makeCategory(t.database.db, 'Audio Gear');
    const novels = await makeCategory(t.database.db, 'Novels');
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await makeProduct(t.database.db, { categoryId: audio.id, name: 'Studio Headphones', description: 'Closed back, for long sessions.', createdAt: day(1) });
    await makeProduct(t.database.db, { categoryId: audio.id, name: 'Travel Earbuds', description: 'Small and light, with a charging case.', createdAt: day(2) });
    await makeProduct(t.database.db, { categoryId: novels.id, name: 'The Quiet Harbour', description: 'A story of a fishing town.', createdAt: day(3) });
    await makeProduct(t.database.db, { categoryId: audio.id, name: 'Novel Speaker Stand', description: 'Holds any speaker.', createdAt: day(4) });
  });
  afterAll(() => t.close());

  it('finds the products of a category by its name, below the products whose own text matches', async () => {
    const res = await search('novel');
    expect(res.statusCode).toBe(200);
    // "Novel Speaker Stand" has the word in its name; "The Quiet Harbour" only through its category.
    expect(names(res)).toEqual(['Novel Speaker Stand', 'The Quiet Harbour']);
    expect(res.headers['x-total-count']).toBe('2');
    expect(names(await search('gear'))).toEqual(['Novel Speaker Stand', 'Travel Earbuds', 'Studio Headphones']);
  });

  it('forgives one typo in a word of five letters or more, and says what it searched for', async () => {
    for (const typo of ['hedphones', 'headphonse', 'haedphones', 'headphonez']) {
      const res = await search(typo);
      expect(names(res), typo).toEqual(['Studio Headphones']);
      expect(res.headers['x-search-corrected'], typo).toBe('headphones');
      expect(res.headers['x-total-count']).toBe('1');
    }
    // Paged like any search, and with the other words kept as typed.
    const paged = await search('studio hedphones', 1);
    expect(names(paged)).toEqual(['Studio Headphones']);
    expect(paged.headers['x-search-corrected']).toBe(encodeURIComponent('studio headphones'));
  });

  it('corrects only when nothing matches as typed, and only long words one typo away', async () => {
    const exact = await search('headphones');
    expect(names(exact)).toEqual(['Studio Headphones']);
    expect(exact.headers['x-search-corrected']).toBeUndefined();
    // A typo in the middle of a six-letter word.
    const sturio = await search('sturio');
    expect(names(sturio)).toEqual(['Studio Headphones']);
    expect(sturio.headers['x-search-corrected']).toBe('studio');
    // Two typos, a word like nothing, a word under five letters ("stnd" is one typo from "stand"): nothing, and no correction said.
    for (const keyword of ['hdphonez', 'qqqqqqq', 'stnd']) {
      const res = await search(keyword);
      expect(res.json(), keyword).toEqual([]);
      expect(res.headers['x-search-corrected'], keyword).toBeUndefined();
      expect(res.headers['x-total-count']).toBe('0');
    }
  });

  it('finds a product at once after its stock changed (an order), its new row version waiting in the GIN pending lists', async () => {
    // The search indexes (and the mails' search) keep a pending list of at most 256 kB (migration 0024): an
    // order's stock change no longer inserts every trigram of the row into the trees.
    const options = (await t.database.db.execute(sql`select relname, reloptions from pg_class
      where relname in ('products_search_idx', 'products_text_trgm_idx', 'mail_outbox_search_trgm_idx') order by relname`)) as unknown as {
      rows: Array<{ relname: string; reloptions: string[] }>;
    };
    expect(options.rows.map((row) => [row.relname, [...row.reloptions].sort()])).toEqual(
      ['mail_outbox_search_trgm_idx', 'products_search_idx', 'products_text_trgm_idx'].map((name) => [name, ['fastupdate=true', 'gin_pending_list_limit=256']]),
    );
    await t.database.db.execute(sql`update products set quantity = quantity - 1, updated_at = now() where name = 'Travel Earbuds'`);
    expect(names(await search('earbud'))).toEqual(['Travel Earbuds']);
    expect(names(await search('charging'))).toEqual(['Travel Earbuds']);
  });
});

/**
 * The typo correction reads the catalogue's words from the vocabulary the products' triggers keep (migration
 * 0025): every listed product counts, renamed, drafted and deleted products stop counting at once.
 */
describe('search: the typo correction follows the whole catalogue', () => {
  let t: TestApp;
  const search = (keyword: string) => call(t.app, 'GET', `/api/v1/product/search/${encodeURIComponent(keyword)}`);
  const names = (res: { json: () => { name: string }[] }) => res.json().map((product) => product.name).sort();
  const count = async (word: string) => {
    const result = (await t.database.db.execute(sql`select products from search_words where word = ${word}`)) as unknown as { rows: Array<{ products: number }> };
    return result.rows[0]?.products ?? 0;
  };
  /** A change made behind the app (as another process would), then its notice heard. */
  const change = async (statement: ReturnType<typeof sql>) => {
    await t.database.db.execute(statement);
    await t.noticesSettled();
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('corrects to the word most listed products have; a rename, a draft and a deletion change that at once', async () => {
    const furniture = await makeCategory(t.database.db, 'Furniture');
    for (const name of ['Oak Table', 'Side Table', 'Table Lamp']) await makeProduct(t.database.db, { categoryId: furniture.id, name, description: 'Made to last.' });
    await makeProduct(t.database.db, { categoryId: furniture.id, name: 'USB Cable', description: 'Two metres, braided.' });
    await t.noticesSettled();
    expect([await count('table'), await count('cable'), await count('braided'), await count('two')]).toEqual([3, 1, 1, 0]);

    // "gable" is one typo from both: the more common wins.
    let res = await search('gable');
    expect(res.headers['x-search-corrected']).toBe('table');
    expect(names(res)).toEqual(['Oak Table', 'Side Table', 'Table Lamp']);

    // Two renamed: "cable" is now in three listed products, "table" in one.
    await change(sql`update products set name = replace(name, 'Table', 'Cable') where name in ('Side Table', 'Table Lamp')`);
    expect([await count('table'), await count('cable')]).toEqual([1, 3]);
    res = await search('gable');
    expect(res.headers['x-search-corrected']).toBe('cable');
    expect(names(res)).toEqual(['Cable Lamp', 'Side Cable', 'USB Cable']);

    // Drafts' words do not count (a shopper cannot find them); a stock change alone changes nothing.
    await change(sql`update products set draft = true where name like '%Cable%'`);
    await change(sql`update products set quantity = quantity + 1`);
    expect([await count('table'), await count('cable')]).toEqual([1, 0]);
    res = await search('gable');
    expect(res.headers['x-search-corrected']).toBe('table');
    expect(names(res)).toEqual(['Oak Table']);

    // The last listed product with the word deleted: nothing to correct to.
    await change(sql`delete from products where name = 'Oak Table'`);
    expect(await count('table')).toBe(0);
    res = await search('gable');
    expect(res.headers['x-search-corrected']).toBeUndefined();
    expect(res.json()).toEqual([]);
  });
});
