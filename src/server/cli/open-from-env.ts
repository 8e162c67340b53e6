import { type Database, openDatabase } from '../db/client.ts';
import { type Env, loadEnv } from '../env.ts';
import { liveInstance } from '../lib/instance-file.ts';

/** The database the server would use, migrated, for command-line tools. */
export async function openFromEnv(): Promise<{ env: Env; database: Database }> {
  const env = loadEnv();
  const running = env.DATABASE_URL ? null : liveInstance(env.DATA_DIR);
  if (running) {
    console.error(`The shop is running on ${env.DATA_DIR} (pid ${running.pid}); its embedded database belongs to that process. Stop it first.`);
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
  await database.migrate();
  return { env, database };
}
