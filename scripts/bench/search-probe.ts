// The search's cost word by word, with the queries and with the search index (decision record 0024), on a
// kept database (scripts/bench/seed-kept.ts): the varied workload's search words (workloads.ts), each asked
// once, unpaged (the specification's client's way) or `--paged` (page 1), one at a time.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/emporium_prof node --expose-gc --import tsx scripts/bench/search-probe.ts [--paged] [--words 300]
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../src/server/db/schema.ts';
import type { Db } from '../../src/server/db/client.ts';
import { searchIndexRows } from '../../src/server/modules/product/repo.ts';
import { SearchIndex } from '../../src/server/modules/product/search-index.ts';
import { createProductService, type Derived, noDerived } from '../../src/server/modules/product/service.ts';
import type { KeptIndex } from '../../src/server/plugins/answer-cache/store.ts';
import { variedWorkloads } from './workloads.ts';

const { values: args } = parseArgs({ options: { paged: { type: 'boolean', default: false }, words: { type: 'string', default: '300' } } });
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const db = drizzle(pool, { schema }) as unknown as Db;
const categoryIds = (await pool.query<{ id: number }>('select id from categories')).rows.map((row) => String(row.id));
const searches = variedWorkloads(100_000, categoryIds, []).find((workload) => workload.name.startsWith('search, no page'))?.requests ?? [];
const words = searches.slice(0, Number(args.words)).map((request) => decodeURIComponent(request.path.split('/').at(-1) ?? ''));

// With `node --expose-gc --import tsx`, the heap the index holds is measured too.
const collect = (globalThis as { gc?: () => void }).gc;
collect?.();
const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const buildStart = performance.now();
const index = await SearchIndex.build((after) => searchIndexRows(db, after, 5_000));
const buildMs = performance.now() - buildStart;
collect?.();
const heapHeld = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore;
const kept: Derived = Object.assign(<T>(_key: string, compute: () => Promise<T>) => compute(), {
  many: noDerived.many,
  index: <T>(_key: string, _build: (stale: () => boolean) => Promise<T>): KeptIndex<T> => {
    const value = index as unknown as T;
    return { value, building: Promise.resolve(value) };
  },
});
const ways = {
  queries: createProductService(db, noDerived, { searchIndex: false }),
  index: createProductService(db, kept),
};
console.log(
  `index of ${index.size} products built in ${buildMs.toFixed(0)} ms, ~${(index.bytes / 1024 / 1024).toFixed(1)} MB counted${collect ? `, ${(heapHeld / 1024 / 1024).toFixed(1)} MB of heap held` : ''}`,
);
for (const [way, service] of Object.entries(ways)) {
  // Once to warm (the stems, the connection's plans), then measured.
  for (const word of words) await service.search(word, args.paged ? 1 : undefined);
  const times: number[] = [];
  for (const word of words) {
    const start = performance.now();
    await service.search(word, args.paged ? 1 : undefined);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  console.log(`${way}: ${words.length} words, mean ${mean.toFixed(2)} ms, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, worst ${at(1)} ms`);
}
await pool.end();
