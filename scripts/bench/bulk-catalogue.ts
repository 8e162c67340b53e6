// Fill a database with a large catalogue for measurements by hand (npm run bench does this itself):
//   DATABASE_URL=postgres://… npx tsx scripts/bench/bulk-catalogue.ts 100000
// (without DATABASE_URL it fills the PGlite database in DATA_DIR).
import { openFromEnv } from '../../src/server/cli/open-from-env.ts';
import { seedBenchCatalogue } from './catalogue.ts';

const total = Number(process.argv[2] ?? 100_000);
const { database } = await openFromEnv();
const started = Date.now();
await seedBenchCatalogue(database.db, total);
console.log(`inserted ${total} products in ${Date.now() - started} ms`);
await database.close();
