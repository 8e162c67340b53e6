// Load a backup into an empty database (of either engine):
//   npm run restore -- FILE
// The way from the embedded database to PostgreSQL: npm run backup -- shop.jsonl.gz, set DATABASE_URL to an
// empty database, npm run restore -- shop.jsonl.gz, start the shop.
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { loadEnv } from '../env.ts';
import { HttpError } from '../lib/http-errors.ts';
import { liveInstance } from '../lib/instance-file.ts';
import { restoreBackup } from '../modules/backup/archive.ts';
import { recordChange, systemActor } from '../modules/audit/service.ts';
import { openFromEnv } from './open-from-env.ts';

const target = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!target) {
  console.error('Usage: npm run restore -- FILE   (into an empty database: a new DATA_DIR, or an empty DATABASE_URL)');
  process.exit(2);
}
const file = resolve(process.env.INIT_CWD ?? process.cwd(), target);
if (!existsSync(file)) {
  console.error(`No file ${file}.`);
  process.exit(1);
}
const env = loadEnv();
const running = env.DATABASE_URL ? null : await liveInstance(env.DATA_DIR);
if (running) {
  console.error(`The shop is running on ${env.DATA_DIR} (pid ${running.pid}). Stop it, or restore into a new DATA_DIR.`);
  process.exit(1);
}

const started = performance.now();
const { database } = await openFromEnv();
try {
  const { tables, header } = await restoreBackup(database.db, file, (tx, restored) =>
    recordChange(tx, systemActor(`command line (${userInfo().username})`), {
      action: 'restore',
      entity: 'restore',
      entityId: null,
      after: { file: basename(file), madeAt: restored.header.createdAt, madeOn: restored.header.engine, rows: restored.tables },
    }),
  );
  const rows = Object.entries(tables).map(([table, count]) => `${table} ${count}`).join(', ');
  console.log(
    `Restored the backup of ${header.createdAt} (from ${header.engine === 'pglite' ? 'the embedded database' : 'PostgreSQL'}) into the ${database.engine === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL database'} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows}.`,
  );
} catch (error) {
  if (error instanceof HttpError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
