// A kept database to profile on (EXPLAIN, `node --cpu-prof`, A/B of two builds): the bench's catalogue of
// `--products` products (and as many orders with `--orders`), in PostgreSQL database `--name` (replaced),
// left in place. `npx tsx scripts/bench/seed-kept.ts --name emporium_prof --products 100000 [--orders]`;
// it prints the DATABASE_URL to start the shop with (and, with orders, an administrator's token, valid 1 h).
import { parseArgs } from 'node:util';
import { seedBenchCatalogue } from './catalogue.ts';
import { seedBenchOrders } from './orders.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    name: { type: 'string', default: 'emporium_prof' },
    products: { type: 'string', default: '100000' },
    orders: { type: 'boolean', default: false },
  },
});

async function main() {
  const size = Number(args.products);
  const target = await throwawayDatabase('postgres', args.name);
  const database = await target.open(2);
  await database.migrate();
  await seedBenchCatalogue(database.db, size);
  const token = args.orders ? await seedBenchOrders(database.db, size) : '';
  await database.close();
  console.log(`DATABASE_URL=${target.databaseUrl}`);
  if (token) console.log(`ADMIN_TOKEN=${token}`);
}

await main();
