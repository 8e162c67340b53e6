import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoCatalogue } from './db/seed.ts';
import { loadEnv } from './env.ts';
import { ensureAdmin } from './modules/auth/bootstrap-admin.ts';

/** Start the shop: migrate, bootstrap the admin, seed the demo catalogue, listen, and shut down gracefully. */
async function main(): Promise<void> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
  });
  await database.migrate();

  const app = await buildApp({ env, database });
  app.log.info({ database: database.engine }, 'database ready');

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const admin = await ensureAdmin(database.db, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      name: env.ADMIN_NAME,
    });
    app.log.info({ userId: admin.id }, 'administrator from ADMIN_EMAIL is ready');
  }
  if (env.SEED_DEMO) await seedDemoCatalogue(database.db, app.log);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing: finishing requests in flight');
    await app.close();
    await database.close();
  });

  await app.listen({ host: env.HOST, port: env.PORT });
}

await main();
