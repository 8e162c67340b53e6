// npm run bench:csv -- [--products 100000] [--engine postgres|pglite]
//
// The catalogue CSV round trip at size: N products exported, the export imported unchanged (a dry run and
// applied), then again with 1,000 rows edited. Prints how long each step takes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { PRODUCT_CSV_COLUMNS } from '../../src/contract/data.ts';
import { buildApp } from '../../src/server/app.ts';
import { testEnv } from '../../src/server/env.ts';
import { createTokens, resolveJwtSecret } from '../../src/server/modules/auth/tokens.ts';
import { insertUser } from '../../src/server/modules/user/repo.ts';
import { multipart } from '../../tests/factories.ts';
import { seedBenchCatalogue } from './catalogue.ts';
import { defaultEngine, throwawayDatabase } from './throwaway-database.ts';
import { timed } from './timed.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    engine: { type: 'string', default: defaultEngine() },
  },
});
const total = Number(args.products);
const dataDir = mkdtempSync(join(tmpdir(), 'emporium-csv-'));
const target = await throwawayDatabase(args.engine, 'emporium_bench_csv');
const database = await target.open();
await database.migrate();
await seedBenchCatalogue(database.db, total);
const owner = await insertUser(database.db, { name: 'Bench Owner', email: 'owner@bench.example', passwordHash: 'x', answerHash: 'x', phone: '', address: '', role: 1 });
const app = await buildApp({ env: testEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database });
await app.ready();
const token = await createTokens(await resolveJwtSecret(database.db, undefined), '1h').sign({ userId: owner.id, sessionVersion: 0 });

const importCsv = async (csv: string, apply: boolean) => {
  const form = await multipart({ apply: String(apply) }, { field: 'file', data: Buffer.from(csv), filename: 'catalogue.csv', type: 'text/csv' });
  const res = await app.inject({ method: 'POST', url: '/api/v1/admin/products-import', headers: { ...form.headers, authorization: token }, payload: form.payload });
  if (res.statusCode !== 200) throw new Error(res.body.slice(0, 500));
  return res.json().summary as Record<string, number>;
};

console.log(`${args.engine}, ${total.toLocaleString('en-US')} products`);
const exported = await timed('export (GET /admin/products.csv)', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/admin/products.csv', headers: { authorization: token } });
  return res.body;
});
console.log(`${''.padEnd(46)} ${(Buffer.byteLength(exported) / 1024 / 1024).toFixed(1)} MB`);
const unchangedDry = await timed('import unchanged, dry run', () => importCsv(exported, false));
const unchangedApplied = await timed('import unchanged, applied', () => importCsv(exported, true));
const rows = parse(exported, { bom: true, columns: true }) as Record<string, string>[];
for (let n = 0; n < 1000; n++) {
  const row = rows[(n * 97) % rows.length] as Record<string, string>;
  row.price = (Number(row.price) + 1).toFixed(2);
}
const edited = stringify(rows, { header: true, columns: [...PRODUCT_CSV_COLUMNS] });
const editedDry = await timed('import 1,000 edited rows, dry run', () => importCsv(edited, false));
const editedApplied = await timed('import 1,000 edited rows, applied', () => importCsv(edited, true));
console.log({ unchangedDry, unchangedApplied, editedDry, editedApplied });

await app.close();
await database.close();
await target.drop();
rmSync(dataDir, { recursive: true, force: true });
