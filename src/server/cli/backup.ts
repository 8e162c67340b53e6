// The whole shop into one file, while it keeps serving:
//   npm run backup -- FILE
// On PostgreSQL (DATABASE_URL) it reads the database directly; on the embedded database it asks the
// server that runs on DATA_DIR (the database belongs to that one process), or opens it when none runs.
import { createWriteStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { loadEnv } from '../env.ts';
import { liveInstance } from '../lib/instance-file.ts';
import { MAINTENANCE_HEADER } from '../modules/backup/routes.ts';
import { backupToFile } from '../modules/backup/service.ts';
import { openFromEnv } from './open-from-env.ts';

const target = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!target) {
  console.error('Usage: npm run backup -- FILE   (for example: npm run backup -- shop.jsonl.gz)');
  process.exit(2);
}
// npm runs scripts in the package's folder; the file is where the user asked (INIT_CWD).
const file = resolve(process.env.INIT_CWD ?? process.cwd(), target);
if (existsSync(file) && !process.argv.includes('--force')) {
  console.error(`${file} exists; choose another name or add --force to overwrite it.`);
  process.exit(1);
}

const started = performance.now();
const env = loadEnv();
const running = env.DATABASE_URL ? null : await liveInstance(env.DATA_DIR);
if (running) {
  const response = await fetch(`${running.url}/api/v1/admin/backup`, { headers: { [MAINTENANCE_HEADER]: running.token } });
  if (!response.ok || !response.body) {
    console.error(`The running server (pid ${running.pid}) refused the backup: ${response.status} ${await response.text()}`);
    process.exit(1);
  }
  await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(file, { mode: 0o600 }));
  console.log(`Backup written to ${file} by the running server (pid ${running.pid}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} else {
  const { database } = await openFromEnv();
  try {
    const { tables } = await backupToFile(database.db, database.engine, file);
    const rows = Object.entries(tables).map(([table, count]) => `${table} ${count}`).join(', ');
    console.log(`Backup of the ${database.engine === 'pglite' ? 'embedded database' : 'PostgreSQL database'} written to ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows}.`);
  } finally {
    await database.close();
  }
}
