import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';
import { makeCategory, makeProduct } from '../factories.ts';
import { wordStems } from '../../src/server/modules/product/repo.ts';
import { PROBE_WORDS, STOP_WORDS, type Stemmer, stemmerOf, stemsHere } from '../../src/server/modules/product/stems.ts';

/**
 * A search word's stems found in the process (stems.ts) are the ones the database's English configuration
 * gives (`to_tsvector('english', word)`), on both engines: over every word of this README (thousands,
 * with their plurals, tenses and adverbs), the stop words, the Porter2 stemmer's special cases, and words
 * of letters and digits.
 */
describe('search word stems found in the process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').toLowerCase();
  const words = [
    ...new Set([
      ...(readme.match(/[a-z]+/g) ?? []),
      ...STOP_WORDS,
      ...PROBE_WORDS,
      // Porter2's exceptions and edge cases.
      ...['skis', 'skies', 'dying', 'lying', 'tying', 'idly', 'gently', 'ugly', 'early', 'only', 'singly', 'sky', 'news', 'howe', 'atlas', 'cosmos', 'bias', 'andes'],
      ...['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed', 'generate', 'generously', 'communism', 'arsenal', 'commune'],
      ...['happiness', 'relational', 'conditional', 'rational', 'valenci', 'hesitanci', 'digitizer', 'conformabli', 'radicalli', 'differentli', 'vileli', 'analogousli'],
      ...['vietnamization', 'predication', 'operator', 'feudalism', 'decisiveness', 'hopefulness', 'callousness', 'formaliti', 'sensitiviti', 'sensibiliti'],
      ...['y', 'yy', 'yes', 'yay', 'sayings', 'eyed', 'cried', 'ties', 'gas', 'this', 'kiwis', 'consign', 'consigned', 'consigning', 'knightly', 'a', 'aa', 'aaa'],
      ...['x2', '12345', '2026a', '1e5', '0x1f', '007', 'mp3', '10k', '3d', 'h2o', '12e3', 'e10', '99549'],
    ]),
  ];

  it('gives what the database gives for every word it finds, with the stemmer the probe words name', async () => {
    const database = await wordStems(t.database.db, words);
    const stemmer = await stemmerOf(t.database.db);
    const differingUnder = (way: Stemmer) =>
      words.filter((word) => {
        const here = stemsHere(word, way);
        return here !== undefined && (database.get(word) ?? []).join(' ') !== here.join(' ');
      });
    expect(words.filter((word) => stemsHere(word, stemmer ?? 'porter2') !== undefined).length).toBeGreaterThan(2_000);
    // The probe names a stemmer exactly when none of thousands of words differs under it: PostgreSQL 15
    // runs Porter2 (none differs); PGlite, PostgreSQL 18, runs Snowball 3, under which Porter2 differs
    // ("added" is "add" there) and the words it changed are asked.
    expect({ stemmer, differing: differingUnder(stemmer ?? 'porter2') }).toEqual({ stemmer, differing: stemmer ? [] : expect.arrayContaining([expect.any(String)]) });
    if (stemmer === 'snowball3') expect(differingUnder('porter2')).toEqual(expect.arrayContaining(['added']));
  });

  it('leaves to Snowball 3 the words it stems differently from Porter2, and finds the others', () => {
    for (const word of ['added', 'adding', 'erring', 'offing', 'geologist', 'evening', 'emergency', 'lateral', 'organic', 'paste', 'universal', 'international', 'skis', 'vying']) {
      expect({ word, stems: stemsHere(word, 'snowball3') }).toEqual({ word, stems: undefined });
      expect({ word, stems: stemsHere(word, 'porter2') }).toEqual({ word, stems: [expect.any(String)] });
    }
    for (const word of ['headphones', 'wireless', 'running', 'lamps', 'the']) expect(stemsHere(word, 'snowball3')).toEqual(stemsHere(word, 'porter2'));
  });

  it('leaves to the database a word beyond ASCII or too long', () => {
    expect(stemsHere('café')).toBeUndefined();
    expect(stemsHere('привет')).toBeUndefined();
    expect(stemsHere('a'.repeat(101))).toBeUndefined();
    expect(stemsHere('a'.repeat(100))).toEqual(['a'.repeat(100)]);
  });

  it('asks the database no stems for a new search word when its stemmer is known, and every new word when not', async () => {
    // Words no other test searched (the stems asked are kept by the process, whichever app asked them).
    const fresh = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}ings`;
    const [name, description] = [fresh(), fresh()];
    const queries: string[] = [];
    const app = await createTestApp({}, { onQuery: (text) => queries.push(text) });
    try {
      const category = await makeCategory(app.database.db, 'Lighting');
      await makeProduct(app.database.db, { categoryId: category.id, name: `Brass ${name}`, description: `Lit by ${description}.` });
      await app.noticesSettled();
      const names = async (keyword: string) =>
        ((await call(app.app, 'GET', `/api/v1/product/search/${keyword}`)).json() as { name: string }[]).map((product) => product.name);
      // The first search asks the probe words' stems (once per database).
      expect(await names('brass')).toEqual([`Brass ${name}`]);
      queries.length = 0;
      expect(await names(name)).toEqual([`Brass ${name}`]);
      expect(await names(`brass ${description}`)).toEqual([`Brass ${name}`]);
      const stemQueries = queries.filter((text) => text.includes("to_tsvector('english', w)"));
      expect(stemQueries).toHaveLength((await stemmerOf(app.database.db)) ? 0 : 2);
    } finally {
      await app.close();
    }
  });
});
