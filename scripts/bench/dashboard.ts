// npm run bench:dashboard -- [--orders 100000] [--engine postgres|pglite]
//
// The owner's page with a busy shop: N orders (a quarter of them in the last 30 days, as a shop that
// grew), 1-4 lines each, 2,000 products (some low in stock), 10,000 customers. Prints how long
// GET /api/v1/auth/dashboard takes (20 calls after 3 to warm up) and what each of its queries costs.
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { testEnv } from '../../src/server/env.ts';
import { createTokens, resolveJwtSecret } from '../../src/server/modules/auth/tokens.ts';
import { defaultEngine, throwawayDatabase } from './throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    engine: { type: 'string', default: defaultEngine() },
  },
});
const total = Number(args.orders);
const target = await throwawayDatabase(args.engine, 'emporium_bench_dashboard');
const database = await target.open();
await database.migrate();
const { db } = database;
const started = Date.now();
await db.execute(sql`insert into users (name, email, password_hash, answer_hash, phone, address, role, created_at)
  select 'Customer ' || g, 'customer-' || g || '@example.com', 'x', 'x', '555', g || ' Main Street', case when g = 1 then 1 else 0 end,
         now() - ((g % 365) || ' days')::interval
  from generate_series(1, 10000) g`);
await db.execute(sql`insert into categories (name, slug) values ('Everything', 'everything')`);
await db.execute(sql`insert into products (name, slug, description, price_cents, quantity, category_id, low_stock_threshold)
  select 'Product ' || g, 'product-' || g, 'A product.', 100 + (g * 37) % 20000, (g * 13) % 60, 1, 5 from generate_series(1, 2000) g`);
await db.execute(sql`insert into orders (buyer_id, status, total_cents, created_at, delivery_name, delivery_address, delivery_phone)
  select 1 + (g * 7919) % 10000,
         (array['not_processed','processing','shipped','delivered','delivered','delivered','cancelled'])[1 + g % 7],
         0, now() - ((g::float / ${total}) * interval '120 days'), 'Customer', 'Street', '555'
  from generate_series(1, ${total}) g`);
await db.execute(sql`insert into order_items (order_id, product_id, name, slug, description, unit_price_cents, quantity)
  select o.id, p.id, 'Product ' || p.id, 'product-' || p.id, 'A product.', 100 + (p.id * 37) % 20000, 1 + (o.id + l) % 3
  from orders o cross join generate_series(1, 3) l
  join products p on p.id = 1 + (o.id * 31 + l * 977) % 2000
  where l <= 1 + o.id % 3`);
await db.execute(sql`update orders o set total_cents = s.total from (select order_id, sum(unit_price_cents * quantity) as total from order_items group by 1) s where s.order_id = o.id`);
await db.execute(sql`vacuum analyze`);
const counts = (await db.execute(sql`select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items`)) as unknown as { rows: { orders: number; items: number }[] };
console.log(`${args.engine}: ${counts.rows[0]?.orders} orders, ${counts.rows[0]?.items} lines, 2,000 products, 10,000 customers, seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const app = await buildApp({ env: testEnv({ LOG_LEVEL: 'silent', SHOP_TIMEZONE: 'Europe/Paris', DATA_DIR: target.dataDir ?? tmpdir() }), database });
await app.ready();
const token = await createTokens(await resolveJwtSecret(db, undefined), '1h').sign({ userId: 1, sessionVersion: 0 });
const times: number[] = [];
for (let n = 0; n < 23; n++) {
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/dashboard', headers: { authorization: token } });
  const elapsed = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(res.body);
  if (n >= 3) times.push(elapsed);
}
times.sort((a, b) => a - b);
console.log(`GET /api/v1/auth/dashboard: p50 ${times[10]?.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms (20 calls)`);

if (target.databaseUrl) {
  const explain = async (label: string, query: string) => {
    const plan = (await db.execute(sql.raw(`explain (analyze, format json) ${query}`))) as unknown as { rows: { 'QUERY PLAN': [{ 'Execution Time': number; Plan: { 'Node Type': string } }] }[] };
    const top = plan.rows[0]?.['QUERY PLAN'][0];
    console.log(`  ${label.padEnd(24)} ${top?.['Execution Time'].toFixed(2)} ms`);
  };
  await explain('waiting (count)', `select count(*) from orders where status = 'not_processed'`);
  await explain('waiting (oldest 10)', `select id from orders where status = 'not_processed' order by created_at, id limit 10`);
  await explain('low stock', `select id from products where quantity <= low_stock_threshold and quantity > 0 order by quantity, id limit 10`);
  await explain('orders per day', `select to_char(created_at at time zone 'Europe/Paris', 'YYYY-MM-DD'), count(*), sum(total_cents) from orders where created_at >= now() - interval '31 days' group by 1`);
  await explain('best sellers', `select oi.product_id, sum(oi.quantity) from orders o join order_items oi on oi.order_id = o.id where o.created_at >= now() - interval '31 days' and o.status <> 'cancelled' group by 1 order by 2 desc limit 5`);
  await explain('new customers', `select count(*) from users where created_at >= now() - interval '30 days' and role <= 0`);
}
await app.close();
await database.close();
await target.drop();
