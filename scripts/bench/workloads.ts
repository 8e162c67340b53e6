// The varied workloads of `npm run bench -- --varied`: thousands of distinct requests of each kind, so that
// the answer cache rarely holds the answer (issue 21). Deterministic (a seeded generator), so runs compare.
import { PRICE_BANDS } from '../../src/domain/price-bands.ts';
import { ADJECTIVES, NOUNS } from './catalogue.ts';

export interface BenchRequest {
  path: string;
  /** None: GET without a body, POST with one. */
  method?: 'GET' | 'POST' | 'PUT';
  body?: string;
  headers?: Record<string, string>;
}

const luaTable = (record: Record<string, string>) => `{${Object.entries(record).map(([key, value]) => `[${JSON.stringify(key)}] = ${JSON.stringify(value)}`).join(', ')}}`;

/**
 * A wrk script's lines asking `requests` (their paths after `prefix`), each connection walking the list from
 * its own random start. They are made in init(): made before it, they would lack the Host header.
 */
export function requestsLua(prefix: string, requests: readonly BenchRequest[]): string[] {
  const formatted = requests.map(
    (request) =>
      `wrk.format("${request.method ?? (request.body === undefined ? 'GET' : 'POST')}", ${JSON.stringify(prefix + request.path)}, ${luaTable({
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...request.headers,
      })}, ${request.body === undefined ? 'nil' : JSON.stringify(request.body)})`,
  );
  return [
    'local requests = {}',
    'init = function()',
    ...formatted.map((line) => `  requests[#requests + 1] = ${line}`),
    'end',
    'math.randomseed(os.time() + math.floor(os.clock() * 1000000))',
    'local i = nil',
    'request = function() i = (i or math.random(1, #requests)) % #requests + 1; return requests[i] end',
  ];
}

export interface Workload {
  name: string;
  requests: BenchRequest[];
}

/** A small seeded generator (mulberry32): the same workloads every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct values made by `make` (gives up after many repeats). */
function distinct<T>(count: number, make: () => T, key: (value: T) => string = (value) => JSON.stringify(value)): T[] {
  const seen = new Map<string, T>();
  for (let tries = 0; seen.size < count && tries < count * 50; tries++) {
    const value = make();
    seen.set(key(value), value);
  }
  return [...seen.values()];
}

/** Search words of every kind: whole words, prefixes, pieces inside words, typos, two words, numbers, nothing. */
function searchWords(next: () => number, count: number): string[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const words = [...ADJECTIVES, ...NOUNS];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const kinds = [
    () => pick(words),
    () => {
      const word = pick(words);
      return word.slice(0, 2 + Math.floor(next() * (word.length - 2)));
    },
    () => {
      const word = pick(words);
      const start = 1 + Math.floor(next() * Math.max(1, word.length - 4));
      return word.slice(start, start + 3 + Math.floor(next() * 2));
    },
    () => {
      const word = pick(words.filter((candidate) => candidate.length >= 5));
      const at = Math.floor(next() * word.length);
      return word.slice(0, at) + pick([...letters]) + word.slice(at + 1);
    },
    () => `${pick(ADJECTIVES)} ${pick(NOUNS)}`,
    () => `${pick(NOUNS)} ${1 + Math.floor(next() * 100_000)}`,
    () => Array.from({ length: 5 + Math.floor(next() * 4) }, () => pick([...letters])).join(''),
  ];
  return distinct(count, () => pick(kinds)());
}

export function variedWorkloads(size: number, categoryIds: string[], photoEtags: Array<{ id: string; etag: string; width?: number }>): Workload[] {
  const next = random(21);
  const pages = Math.ceil(size / 12);
  const filterSets = distinct(1000, () => {
    const chosen = distinct(1 + Math.floor(next() * 3), () => categoryIds[Math.floor(next() * categoryIds.length)] as string, String).sort();
    const band = next() < 0.3 ? [] : (PRICE_BANDS[Math.floor(next() * PRICE_BANDS.length)]?.array ?? []);
    return { checked: chosen, radio: band };
  });
  const words = searchWords(next, 1500);
  const post = (body: unknown): BenchRequest => ({ path: '/product/product-filters', body: JSON.stringify(body) });
  return [
    { name: 'product-list pages (random 1-last)', requests: distinct(2000, () => 1 + Math.floor(next() * pages)).map((page) => ({ path: `/product/product-list/${page}` })) },
    { name: 'product-filters, no page (1-3 categories, any band)', requests: filterSets.map((set) => post(set)) },
    { name: 'product-filters, pages 1-3', requests: filterSets.map((set) => post({ ...set, page: 1 + Math.floor(next() * 3) })) },
    { name: 'search, no page (words, prefixes, pieces, typos)', requests: words.map((word) => ({ path: `/product/search/${encodeURIComponent(word)}` })) },
    { name: 'search, ?page=1', requests: words.map((word) => ({ path: `/product/search/${encodeURIComponent(word)}?page=1` })) },
    { name: 'get-product/{slug}', requests: distinct(2000, () => 1 + Math.floor(next() * size)).map((n) => ({ path: `/product/get-product/bench-product-${n}` })) },
    {
      name: 'product-photo, matching ETag (304)',
      requests: photoEtags.map(({ id, etag, width }) => ({ path: `/product/product-photo/${id}${width ? `?w=${width}` : ''}`, headers: { 'if-none-match': etag } })),
    },
  ];
}
