// The shop's hot reads with drafts in the catalogue: EXPLAIN (ANALYZE, BUFFERS) of the queries the repo really
// sends (captured with their parameters) for a category page, a search and a facet count, on a throw-away
// PostgreSQL database of `--products` (default 100,000) products, 2 % of them drafts, each offering a size.
//   npx tsx scripts/bench/drafts-explain.ts [--products 100000]
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import * as schema from '../../src/server/db/schema.ts';
import type { Db } from '../../src/server/db/client.ts';
import * as repo from '../../src/server/modules/product/repo.ts';
import { seedBenchCatalogue } from './catalogue.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const at = process.argv.indexOf('--products');
const total = at > 0 ? Number(process.argv[at + 1]) : 100_000;
const target = await throwawayDatabase('postgres', 'emporium_bench_drafts');
const database = await target.open();
try {
  await database.migrate();
  await seedBenchCatalogue(database.db, total);
  await database.db.execute(sql`
    insert into product_facet_values (product_id, option, value, category_id, band)
    select id, 'Size', (array['S','M','L'])[1 + id % 3], category_id, price_band(price_cents) from products`);
  // 2 % drafts, set as the admin's bulk call does (the kept counts follow).
  await database.db.execute(sql`update products set draft = true where id % 50 = 0`);
  await database.db.execute(sql`vacuum analyze`);

  const pool = new pg.Pool({ connectionString: target.databaseUrl });
  const captured: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Db;
  const explain = async (label: string, run: () => Promise<unknown>) => {
    captured.length = 0;
    await run();
    for (const { query, params } of captured) {
      const result = await pool.query(`explain (analyze, buffers) ${query}`, params);
      console.log(`\n### ${label}\n${query}\n${JSON.stringify(params)}\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  };
  const [category] = (await pool.query(`select id from categories where slug = 'bench-category-7'`)).rows as { id: number }[];
  const categoryIds = [Number(category?.id)];
  await explain('category page (ids of page 1, newest first)', () => repo.listProductIds(db, { categoryIds }, 6, 0, 'newest'));
  await explain('category page total (kept band counts)', () => repo.countProducts(db, { categoryIds }));
  await explain('category page in a price band, by price', () => repo.listProductIds(db, { categoryIds, minCents: 2000, maxCentsExclusive: 4000 }, 6, 0, 'price-asc'));
  const words = repo.searchWords('wireless lamp');
  const condition = repo.searchCondition(words, await repo.categoryNames(db));
  if (!condition) throw new Error('no condition');
  await explain('search "wireless lamp": matches per rank', () => repo.countSearchByRank(db, words, condition, 0));
  const [best] = await repo.countSearchByRank(db, words, condition, 0);
  await explain(`search "wireless lamp": page 1 of the best rank (${best?.matches} matches)`, () =>
    repo.searchRankIds(db, words, condition, { rank: best?.rank ?? 0, limit: 6, offset: 0, walk: false }),
  );
  // A common word (4 % of the names): its first page walks the shop's newest-first index.
  const common = repo.searchWords('wireless');
  const commonCondition = repo.searchCondition(common, await repo.categoryNames(db));
  if (!commonCondition) throw new Error('no condition');
  const [commonBest] = await repo.countSearchByRank(db, common, commonCondition, 0);
  await explain(`search "wireless": page 1 walking the newest-first index (${commonBest?.matches} matches)`, () =>
    repo.searchRankIds(db, common, commonCondition, { rank: commonBest?.rank ?? 0, limit: 6, offset: 0, walk: true }),
  );
  await explain('facet counts of a category (kept counts)', () => repo.countFacets(db, { categoryIds }));
  await explain('products of a category offering Size M (count)', () => repo.countProducts(db, { categoryIds, options: { Size: ['M'] } }));
  await explain('products of a category offering Size M (page)', () => repo.listProductIds(db, { categoryIds, options: { Size: ['M'] } }, 6, 0, 'newest'));
  await explain('facet counts in another price range (counted)', () => repo.countFacets(db, { categoryIds, minCents: 2450, maxCentsExclusive: 3000 }));
  await pool.end();
} finally {
  await database.close();
  await target.drop();
}
