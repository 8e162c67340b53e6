import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { seedDemoCatalogue } from './db/seed.ts';
import { type Env, loadEnv } from './env.ts';
import { announceReady, logDestination, logFormat } from './lib/console-output.ts';
import { scrubbingStream, serializeError } from './lib/safe-error.ts';
import { secureDataFolder } from './lib/data-folder.ts';
import { lockDataDir } from './lib/instance-file.ts';
import { ensureAdmin } from './modules/auth/bootstrap-admin.ts';
import { firstAdminEmail } from './modules/user/repo.ts';
import { registerGracefulClose } from './plugins/graceful-close.ts';

/** What runs once per start, before any process answers: migrations, the administrator, the demo. */
async function prepare(env: Env, database: Database, log: pino.Logger): Promise<void> {
  await database.migrate();
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const admin = await ensureAdmin(database.db, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      name: env.ADMIN_NAME,
    });
    log.info({ userId: admin.id }, 'administrator from ADMIN_EMAIL is ready');
  }
  if (env.SEED_DEMO) await seedDemoCatalogue(database.db, log);
}

/** The log of start-up work (before the app and its logger exist): the same lines, errors without secrets. */
const startLog = (env: Env) =>
  pino({ level: env.LOG_LEVEL, serializers: { err: serializeError } }, scrubbingStream(logDestination(logFormat(env.LOG_FORMAT)) ?? pino.destination(1)));

const openFor = (env: Env) =>
  openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: env.DATABASE_POOL_MAX });

/**
 * DATA_DIR (the embedded database, kept mails) is its user's only: created 0700 when it is used, every file
 * in it 0600 (the umask), and a folder others could read is tightened, with a line in the log.
 */
function secureData(env: Env, log: pino.Logger): void {
  const { tightened } = secureDataFolder(env.DATA_DIR, { create: !env.DATABASE_URL || !env.SMTP_URL });
  if (tightened > 0) {
    log.warn({ dataDir: env.DATA_DIR, tightened }, 'DATA_DIR was open to other users: it is now private (folders 0700, files 0600)');
  }
}

/** One process that answers: the app on its own database connections, closed gracefully on a signal. */
async function serve(env: Env, options: { prepared: boolean }): Promise<void> {
  const log = startLog(env);
  secureData(env, log);
  // The embedded database belongs to one process: a second server on the same DATA_DIR would damage it.
  // Its lock is released by the system when this process ends, however it ends.
  const embedded = !env.DATABASE_URL;
  const lock = embedded ? await lockDataDir(env.DATA_DIR, 'server') : null;
  const database = await openFor(env);
  if (!options.prepared) await prepare(env, database, log);
  await database.warm();
  // The command line (npm run backup) asks this process for backups of the embedded database.
  const maintenanceToken = embedded ? randomBytes(32).toString('base64url') : undefined;
  const app = await buildApp({ env, database, logStream: logDestination(logFormat(env.LOG_FORMAT)), ...(maintenanceToken ? { maintenanceToken } : {}) });
  registerGracefulClose(app);
  app.log.info({ database: database.engine }, 'database ready');

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing: finishing requests in flight');
    lock?.retire();
    await app.close();
    await database.close();
    await lock?.release();
  });

  await app.listen({ host: env.HOST, port: env.PORT });
  const { port } = app.server.address() as AddressInfo;
  if (lock && maintenanceToken) {
    const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
    lock.announce({ url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, token: maintenanceToken });
  }
  // Under WEB_CONCURRENCY the supervisor says it once, when the first worker listens.
  if (!cluster.isWorker) announceReady(env, app.log, port, await firstAdminEmail(database.db));
}

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only): this process prepares the database once, then starts that many
 * workers that share the port (Node's cluster) and each open their own connections. A worker that dies
 * is started again; a signal stops them all, each finishing its requests in flight.
 */
async function supervise(env: Env, workers: number): Promise<void> {
  const log = startLog(env);
  const database = await openFor({ ...env, DATABASE_POOL_MAX: 2 });
  let adminEmail: string | undefined;
  try {
    await prepare(env, database, log);
    adminEmail = await firstAdminEmail(database.db);
  } finally {
    await database.close();
  }
  let stopping = false;
  const fork = () => cluster.fork({ EMPORIUM_PREPARED: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'a worker stopped: starting another');
    setTimeout(fork, 1000).unref();
  });
  cluster.once('listening', (_worker, address) => announceReady(env, log, address.port, adminEmail));
  for (let n = 0; n < workers; n++) fork();
  log.info({ workers, port: env.PORT }, 'workers started');

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'closing: each worker finishes its requests in flight');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (cluster.isWorker) return serve(env, { prepared: process.env.EMPORIUM_PREPARED === '1' });
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    console.error(
      'WEB_CONCURRENCY is ignored without DATABASE_URL: the embedded database belongs to one process. Starting one process.',
    );
  } else if (env.WEB_CONCURRENCY > 1) {
    return supervise(env, env.WEB_CONCURRENCY);
  }
  return serve(env, { prepared: false });
}

try {
  await main();
} catch (error) {
  // A failed start says why, without the values of a failed query (a generated secret, a hash).
  console.error(JSON.stringify({ level: 60, msg: 'the server could not start', err: serializeError(error) }));
  process.exit(1);
}
