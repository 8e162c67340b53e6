// The Node cost of one cold product-variants answer for issue 18's variant product (2,048 variants, 20
// photos): only that product is seeded, into a throwaway database (PostgreSQL when BENCH_DATABASE_URL or
// DATABASE_URL names a server, else PGlite; ENGINE=pglite|postgres to choose). Each round empties the answer
// cache and asks for the answer over Fastify's inject; printed: the mean wall time and Node CPU time per
// answer, and the parts timed apart (the variants' two queries, the mapping, JSON.stringify).
//   npm run bench:variants            ROUNDS=60 by default
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app.ts';
import { testEnv } from '../../src/server/env.ts';
import { toWireProductVariants } from '../../src/server/modules/product/mapper.ts';
import { findProductBySlug } from '../../src/server/modules/product/repo.ts';
import { findGallery, findOptions, findVariantsOf } from '../../src/server/modules/product/variants-repo.ts';
import { defaultEngine, throwawayDatabase } from './throwaway-database.ts';
import { seedVariantProduct, VARIANT_PRODUCT_SLUG } from './variant-product.ts';

const engine = process.env.ENGINE ?? defaultEngine();
const rounds = Number(process.env.ROUNDS ?? 60);
const WARM_UP = 5;
const throwaway = await throwawayDatabase(engine, `bench_variants_${process.pid}`);
const database = await throwaway.open();
try {
  await database.migrate();
  const { db } = database;
  await db.execute(sql`insert into categories (name, slug) values ('Bench', 'bench')`);
  await seedVariantProduct(db);
  const app = await buildApp({ env: testEnv(), database });
  await app.ready();
  const product = await findProductBySlug(db, VARIANT_PRODUCT_SLUG);
  if (!product) throw new Error('the variant product was not seeded');
  const id = product.id;
  const total = { variantsQueries: 0, optionsAndGallery: 0, mapping: 0, stringify: 0, answerWall: 0, answerCpu: 0 };
  let bytes = 0;
  for (let round = 0; round < rounds + WARM_UP; round++) {
    const a = performance.now();
    const variants = (await findVariantsOf(db, [id])).get(id) ?? [];
    const b = performance.now();
    const [options, photos] = await Promise.all([findOptions(db, id), findGallery(db, id)]);
    const c = performance.now();
    const wire = toWireProductVariants({ productId: id, options, variants, photos });
    const d = performance.now();
    JSON.stringify(wire);
    const e = performance.now();
    app.answerCache.invalidate();
    const cpu = process.cpuUsage();
    const f = performance.now();
    const answer = await app.inject({ method: 'GET', url: `/api/v1/product/product-variants/${VARIANT_PRODUCT_SLUG}` });
    const g = performance.now();
    const used = process.cpuUsage(cpu);
    if (answer.statusCode !== 200) throw new Error(`product-variants answered ${answer.statusCode}`);
    bytes = answer.rawPayload.length;
    if (round < WARM_UP) continue;
    total.variantsQueries += b - a;
    total.optionsAndGallery += c - b;
    total.mapping += d - c;
    total.stringify += e - d;
    total.answerWall += g - f;
    total.answerCpu += (used.user + used.system) / 1000;
  }
  console.log(`product-variants, ${engine}, cold (cache emptied each round), ${rounds} rounds, ${bytes} bytes:`);
  for (const [part, ms] of Object.entries(total)) console.log(`  ${part.padEnd(18)} ${(ms / rounds).toFixed(2)} ms`);
  await app.close();
} finally {
  await database.close();
  await throwaway.drop();
}
