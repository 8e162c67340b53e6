// npm run bench:backup -- [--products 100000] [--from postgres|pglite]
//
// The whole-shop backup at size: N products (24 with photos), 2,000 users and 20,000 orders on one engine,
// backed up, then restored into an empty database of the other engine. Prints how long each step takes.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { restoreBackup } from '../../src/server/modules/backup/archive.ts';
import { backupToFile } from '../../src/server/modules/backup/service.ts';
import { seedBenchCatalogue } from './catalogue.ts';

const { values: args } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, from: { type: 'string', default: 'postgres' } },
});
const total = Number(args.products);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const work = mkdtempSync(join(tmpdir(), 'emporium-bench-backup-'));
const names = ['emporium_bench_backup_a', 'emporium_bench_backup_b'];

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}
async function open(engine: string, name: string): Promise<Database> {
  if (engine === 'pglite') return openDatabase({ dataDir: join(work, name) });
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
}
const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  console.log(`${label.padEnd(40)} ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
};

const to = args.from === 'postgres' ? 'pglite' : 'postgres';
const source = await open(args.from, names[0] as string);
await source.migrate();
await seedBenchCatalogue(source.db, total);
await source.db.execute(sql`
  insert into users (name, email, password_hash, answer_hash, phone, address, role)
  select 'Bench Buyer ' || g, 'buyer' || g || '@bench.example', 'scrypt$x', 'scrypt$y', '555', g || ' Bench Road', 0
  from generate_series(1, 2000) g`);
await source.db.execute(sql`
  insert into orders (buyer_id, status, total_cents, delivery_name, delivery_address, delivery_phone, created_at)
  select (select min(id) from users) + g % 2000, 'delivered', 1000 + g % 5000, 'Bench Buyer', 'Bench Road', '555',
         now() - (g || ' minutes')::interval
  from generate_series(1, 20000) g`);
await source.db.execute(sql`
  insert into order_items (order_id, product_id, name, slug, description, unit_price_cents, quantity)
  select o.id, p.id, p.name, p.slug, p.description, p.price_cents, 1
  from orders o join products p on p.id = (select min(id) from products) + o.id % ${total}`);
console.log(`${args.from} → ${to}: ${total.toLocaleString('en-US')} products, 2,000 users, 20,000 orders`);
const file = join(work, 'shop.jsonl.gz');
await timed(`backup (${args.from})`, () => backupToFile(source.db, source.engine, file));
console.log(`${''.padEnd(40)} ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`);
await source.close();
const target = await open(to, names[1] as string);
await target.migrate();
const { tables } = await timed(`restore (${to})`, () => restoreBackup(target.db, file));
console.log(tables);
await target.close();
for (const name of names) await admin(`drop database if exists ${name} with (force)`).catch(() => {});
rmSync(work, { recursive: true, force: true });
