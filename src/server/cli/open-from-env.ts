import { type Database, openDatabase } from '../db/client.ts';
import { type Env, loadEnv } from '../env.ts';

/** The database the server would use, migrated, for command-line tools. */
export async function openFromEnv(): Promise<{ env: Env; database: Database }> {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
  await database.migrate();
  return { env, database };
}
