import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/**
 * With no answer cache (CACHE_MAX_MB=0), a word's rank counts (with each rank's first ids) and a miss's
 * typo correction are kept until the catalogue changes: asked again, neither is queried; the unpaged
 * answer built from the kept ids is in the page order (best first, newest first); after a change the
 * answers are fresh.
 */
describe('search: counts, ids and corrections kept until the catalogue changes', () => {
  let t: TestApp;
  let categoryId: number;
  let queries: string[] = [];
  const day = (n: number) => new Date(Date.UTC(2026, 2, n));
  const search = async (path: string) => {
    const res = await call(t.app, 'GET', `/api/v1/product/search/${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return {
      names: (res.json() as { name: string }[]).map((product) => product.name),
      total: res.headers['x-total-count'],
      corrected: res.headers['x-search-corrected'],
    };
  };
  const countQueries = () => queries.filter((text) => /count\(\*\)::int/.test(text));
  const correctionQueries = () => queries.filter((text) => /<%/.test(text));

  beforeAll(async () => {
    // The queries that answer a search without the search index (SEARCH_INDEX=off), or while it builds.
    t = await createTestApp({ CACHE_MAX_MB: '0', SEARCH_INDEX: 'off' }, { onQuery: (text) => queries.push(text) });
    categoryId = (await makeCategory(t.database.db, 'Lighting')).id;
    // 30 products; "lantern" in 10 of them. The newer a product, the smaller its id (so an answer in id
    // order is not the newest-first order); "Lantern" in the name ranks above "lantern" in the description.
    for (let n = 30; n >= 1; n--) {
      const lantern = n % 3 === 0;
      await makeProduct(t.database.db, {
        categoryId,
        name: lantern && n % 2 === 0 ? `Lantern ${n}` : `Lamp ${n}`,
        description: lantern ? 'Goes with a lantern hook.' : 'A plain lamp.',
        createdAt: day(n),
      });
    }
    await t.noticesSettled();
  });
  afterAll(() => t.close());

  const inName = ['Lantern 30', 'Lantern 24', 'Lantern 18', 'Lantern 12', 'Lantern 6'];
  const inDescription = ['Lamp 27', 'Lamp 21', 'Lamp 15', 'Lamp 9', 'Lamp 3'];

  it('answers a word unpaged from its kept ids, best first and newest first, and counts it once', async () => {
    queries = [];
    const first = await search('lantern?page=1');
    expect(first.names).toEqual([...inName, ...inDescription]);
    expect(first.total).toBe('10');
    expect(countQueries()).toHaveLength(1);
    expect((await search('lantern')).names).toEqual([...inName, ...inDescription]);
    // The unpaged answer counts with the ids (once), the page without them.
    expect(countQueries()).toHaveLength(2);
    queries = [];
    expect((await search('lantern?page=1')).names).toEqual([...inName, ...inDescription]);
    expect((await search('lante?page=1')).names).toEqual([...inName, ...inDescription]);
    // The second ask of "lantern" counts nothing; "lante" once.
    expect(countQueries()).toHaveLength(1);
    // Asked again, the unpaged answer comes from the kept ids (and kept fragments): no search query at all.
    queries = [];
    expect((await search('lantern')).names).toEqual([...inName, ...inDescription]);
    expect(queries.filter((text) => /@@|ilike/.test(text))).toEqual([]);
  });

  it('looks for a correction of a missed word once, and finds nothing for a nonsense word once', async () => {
    queries = [];
    const typo = await search('lanterm?page=1');
    expect(typo.corrected).toBe('lantern');
    expect(typo.names).toEqual([...inName, ...inDescription]);
    expect((await search('lanterm')).names).toEqual([...inName, ...inDescription]);
    expect((await search('qwxzvb')).names).toEqual([]);
    expect((await search('qwxzvb?page=1')).names).toEqual([]);
    expect(correctionQueries().length).toBeGreaterThan(0);
    queries = [];
    const again = await search('lanterm?page=1');
    expect(again.corrected).toBe('lantern');
    expect(again.names).toEqual([...inName, ...inDescription]);
    expect((await search('lanterm')).names).toEqual([...inName, ...inDescription]);
    expect((await search('qwxzvb?page=1')).names).toEqual([]);
    expect((await search('qwxzvb')).names).toEqual([]);
    expect(correctionQueries()).toEqual([]);
    expect(countQueries()).toEqual([]);
  });

  it('answers afresh after a catalogue change', async () => {
    await search('qwxzvb');
    await search('lanterm');
    await makeProduct(t.database.db, { categoryId, name: 'Qwxzvb Lantern', description: 'New.', createdAt: day(31) });
    await t.noticesSettled();
    queries = [];
    expect((await search('qwxzvb')).names).toEqual(['Qwxzvb Lantern']);
    const lanterns = await search('lanterm?page=1');
    expect(lanterns.corrected).toBe('lantern');
    expect(lanterns.names).toEqual(['Qwxzvb Lantern', ...inName, ...inDescription].slice(0, 12));
    expect(lanterns.total).toBe('11');
    expect((await search('lantern')).names).toEqual(['Qwxzvb Lantern', ...inName, ...inDescription]);
    expect(countQueries().length).toBeGreaterThan(0);
  });
});
