// Fill a database with a large catalogue for measurements:
//   DATABASE_URL=postgres://… npx tsx scripts/bench/bulk-catalogue.ts 100000
// (without DATABASE_URL it fills the PGlite database in DATA_DIR).
import { sql } from 'drizzle-orm';
import { openFromEnv } from '../../src/server/cli/open-from-env.ts';

const total = Number(process.argv[2] ?? 100_000);
const { database } = await openFromEnv();
const { db } = database;
const started = Date.now();
await db.execute(sql`
  insert into categories (name, slug)
  select 'Bench category ' || g, 'bench-category-' || g from generate_series(1, 20) g
  on conflict do nothing`);
await db.execute(sql`
  insert into products (name, slug, description, price_cents, quantity, shipping, category_id, created_at, updated_at)
  select
    (array['Wireless','Classic','Organic','Compact','Deluxe','Smart','Vintage','Eco'])[1 + g % 8] || ' ' ||
    (array['headphones','lamp','kettle','backpack','jacket','novel','blender','sneakers','watch','mug'])[1 + (g / 8) % 10] || ' ' || g,
    'bench-product-' || g,
    'A ' || (array['sturdy','lightweight','handmade','waterproof','stainless steel','cotton'])[1 + g % 6] ||
      ' item for everyday use, number ' || g || ', with a long enough description to look real in a product card.',
    (g * 7919) % 25000,
    g % 50,
    g % 2 = 0,
    (select id from categories where slug = 'bench-category-' || (1 + g % 20)),
    now() - (g || ' seconds')::interval,
    now() - (g || ' seconds')::interval
  from generate_series(1, ${total}) g`);
await db.execute(sql`analyze`);
console.log(`inserted ${total} products in ${Date.now() - started} ms`);
await database.close();
