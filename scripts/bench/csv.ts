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
import pg from 'pg';
import { PRODUCT_CSV_COLUMNS } from '../../src/contract/data.ts';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { testEnv } from '../../src/server/env.ts';
import { createTokens, resolveJwtSecret } from '../../src/server/modules/auth/tokens.ts';
import { insertUser } from '../../src/server/modules/user/repo.ts';
import { multipart } from '../../tests/factories.ts';
import { seedBenchCatalogue } from './catalogue.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    engine: { type: 'string', default: process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite' },
  },
});
const total = Number(args.products);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'emporium_bench_csv';
let databaseUrl: string | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'emporium-csv-'));
if (args.engine === 'postgres') {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}
const database = await openDatabase(databaseUrl ? { databaseUrl, poolMax: 10 } : { dataDir });
await database.migrate();
await seedBenchCatalogue(database.db, total);
const owner = await insertUser(database.db, { name: 'Bench Owner', email: 'owner@bench.example', passwordHash: 'x', answerHash: 'x', phone: '', address: '', role: 1 });
const app = await buildApp({ env: testEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database });
await app.ready();
const token = await createTokens(await resolveJwtSecret(database.db, undefined), '1h').sign({ userId: owner.id, sessionVersion: 0 });

const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  console.log(`${label.padEnd(46)} ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
};
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
if (databaseUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
rmSync(dataDir, { recursive: true, force: true });
