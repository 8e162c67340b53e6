import { type Database, openDatabase } from '../db/client.ts';
import { type Env, loadEnv } from '../env.ts';
import { basename } from 'node:path';
import { secureDataFolder } from '../lib/data-folder.ts';
import { lockDataDir } from '../lib/instance-file.ts';

/** The database the server would use, migrated, for command-line tools (holding DATA_DIR while they run). */
export async function openFromEnv(): Promise<{ env: Env; database: Database }> {
  const env = loadEnv();
  if (!env.DATABASE_URL) {
    secureDataFolder(env.DATA_DIR);
    try {
      await lockDataDir(env.DATA_DIR, `command ${basename(process.argv[1] ?? 'cli')}`);
    } catch (error) {
      console.error(`${(error as Error).message}: its embedded database belongs to that process. Stop it first.`);
      process.exit(1);
    }
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
  await database.migrate();
  return { env, database };
}
