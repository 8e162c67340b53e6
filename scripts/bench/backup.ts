// npm run bench:backup -- [--products 100000] [--from postgres|pglite]
//
// The whole-shop backup at size: N products (24 with photos), 2,000 users and 20,000 orders on one engine,
// backed up, then restored into an empty database of the other engine. Prints how long each step takes.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { restoreBackup } from '../../src/server/modules/backup/archive.ts';
import { backupToFile } from '../../src/server/modules/backup/service.ts';
import { seedBenchCatalogue } from './catalogue.ts';
import { throwawayDatabase } from './throwaway-database.ts';
import { timed } from './timed.ts';

const { values: args } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, from: { type: 'string', default: 'postgres' } },
});
const total = Number(args.products);

const to = args.from === 'postgres' ? 'pglite' : 'postgres';
const sourceDatabase = await throwawayDatabase(args.from, 'emporium_bench_backup_a');
const source = await sourceDatabase.open(4);
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
const work = mkdtempSync(join(tmpdir(), 'emporium-bench-backup-'));
const file = join(work, 'shop.jsonl.gz');
await timed(`backup (${args.from})`, () => backupToFile(source.db, source.engine, file), 40);
console.log(`${''.padEnd(40)} ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`);
await source.close();
const targetDatabase = await throwawayDatabase(to, 'emporium_bench_backup_b');
const target = await targetDatabase.open(4);
await target.migrate();
const { tables } = await timed(`restore (${to})`, () => restoreBackup(target.db, file), 40);
console.log(tables);
await target.close();
await sourceDatabase.drop();
await targetDatabase.drop();
rmSync(work, { recursive: true, force: true });
