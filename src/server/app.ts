import { createServer } from 'node:http';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { Redis } from 'ioredis';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { tooManyRequests } from './lib/http-errors.ts';
import { scrubbingStream, serializeError } from './lib/safe-error.ts';
import { createGuards } from './modules/auth/guards.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createTokens, resolveJwtSecret } from './modules/auth/tokens.ts';
import { categoryRoutes } from './modules/category/routes.ts';
import { createCategoryService } from './modules/category/service.ts';
import { orderRoutes } from './modules/order/routes.ts';
import { createOrderService } from './modules/order/service.ts';
import { productRoutes } from './modules/product/routes.ts';
import { createProductService } from './modules/product/service.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { dataRoutes } from './modules/data/routes.ts';
import { backupRoutes } from './modules/backup/routes.ts';
import { startBackupSchedule } from './modules/backup/service.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { fileTransport, type MailTransport, smtpTransport } from './modules/mail/transport.ts';
import { createMailWorker } from './modules/mail/worker.ts';
import { userRoutes } from './modules/user/routes.ts';
import { AnswerCache, createPreRouter, registerAnswerCache } from './plugins/answer-cache.ts';
import { registerReplayedOnHits } from './plugins/answer-cache/rules.ts';
import { registerAccessLog } from './plugins/access-log.ts';
import { registerDocs, registerDocsPage } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerHealth } from './plugins/health.ts';
import { registerApiSecurityHeaders, registerOriginCheck, registerPageSecurityHeaders } from './plugins/security.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { MULTIPART_LIMITS } from './plugins/uploads.ts';
import { registerWeb } from './plugins/web.ts';

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Where log lines go (standard output when left out); tests read them. */
  logStream?: DestinationStream;
  /** The secret `npm run backup` shows to the server that holds the embedded database (server.ts makes it). */
  maintenanceToken?: string;
}

/** JSON bodies above this answer 413. */
export const JSON_BODY_LIMIT = 100 * 1024;

/**
 * A Redis connection for the rate limits. Redis is optional: while it cannot be reached, calls are not
 * held up (a limit fails open, and says so in the log at most once a minute); it reconnects by itself.
 */
function connectRedis(url: string, app: FastifyInstance): Redis {
  const redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let lastWarning = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn({ err: error }, 'Redis cannot be reached: rate limits are not shared until it can');
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/** SMTP_URL's server, or, without one, .eml files in DATA_DIR/mail (listed in the admin area). */
function mailTransport(env: Env): MailTransport {
  const host = new URL(env.PUBLIC_URL).hostname;
  const from = env.MAIL_FROM ?? `"${env.SHOP_NAME.replaceAll('"', '')}" <no-reply@${host.includes('.') ? host : `${host}.localdomain`}>`;
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL, from, host) : fileTransport(join(env.DATA_DIR, 'mail'), from, host);
}

/** The whole shop as a Fastify instance; it never listens (server.ts does). */
export async function buildApp({ env, database, logStream, maintenanceToken }: BuildAppOptions): Promise<FastifyInstance> {
  const answers = new AnswerCache(env.CACHE_MAX_MB * 1024 * 1024);
  const preRouter = createPreRouter(answers, { publicUrl: env.PUBLIC_URL, allowedOrigins: env.CORS_ORIGINS });
  const app = Fastify({
    // A cached catalogue answer is sent by the HTTP server's own listener, before Fastify builds a request
    // for it (the rest go to Fastify). The timeouts are the ones Fastify sets on a server it makes itself.
    serverFactory: (handler) => {
      const server = createServer((req, res) => preRouter(req, res, handler));
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    logger: {
      level: env.LOG_LEVEL,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          '*.headers.authorization', // e.g. the multipart plugin's trace of its busboy options
          '*.headers.cookie',
        ],
        remove: true,
      },
      // Errors are logged without the values of a failed query (hashes, photo bytes) or tokens.
      serializers: { err: serializeError, error: serializeError },
      // And, whatever a plugin logs, a line that would hold a hash or a token has it scrubbed.
      stream: scrubbingStream(logStream ?? pino.destination(1)),
    },
    // One line per request is written by the access log below (not two), and none for cached answers;
    // requests log through the app's logger with their id in the line, not through a child made per request.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger) => logger,
    trustProxy: env.TRUST_PROXY,
    // At a restart every request whose head arrived is answered (Connection: close); new ones are refused.
    return503OnClosing: false,
    bodyLimit: JSON_BODY_LIMIT,
    // Long keywords and slugs reach their schemas (which answer 400) instead of Fastify's own 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // Addresses the router cannot read (bad percent-encoding, a part over 1,000 characters) get the usual
    // error shape, without echoing the address back.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return reply
        .code(tooLong ? 414 : 400)
        .send({ success: false, message: tooLong ? 'The address is too long' : 'The address is not valid' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('currentUser', null);

  registerErrorHandling(app);
  // First of all hooks: a cached catalogue answer is sent before any other work.
  registerAnswerCache(app, answers);
  registerAccessLog(app, answers);
  await registerOriginCheck(app, { allowedOrigins: env.CORS_ORIGINS, publicUrl: env.PUBLIC_URL });
  // Per-address limits live in Redis when REDIS_URL is set (shared by every process), else in memory.
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL, app) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${env.REDIS_KEY_PREFIX}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(
        `Too many attempts from your address. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        Math.ceil(context.ttl / 1000),
      ),
  });
  await registerReplayedOnHits(app, () => app.register(multipart, { limits: MULTIPART_LIMITS }));
  await registerDocs(app);
  await app.register(async (probes) => {
    registerApiSecurityHeaders(probes);
    registerHealth(probes, database);
  });

  // Another process's change to the catalogue (or a change made with SQL) reaches this one at its commit.
  const stopListening = await database.listen('catalogue_changed', {
    onNotify: () => answers.invalidate(),
    onListening: (listening) => answers.setEnabled(listening),
  });
  app.addHook('onClose', async () => stopListening());

  const { db } = database;
  const tokens = createTokens(await resolveJwtSecret(db, env.JWT_SECRET), env.JWT_EXPIRES_IN);
  // Mails are written to the outbox with what causes them and sent by this process's outbox worker.
  const mailer = createMailer({
    shopName: env.SHOP_NAME,
    publicUrl: env.PUBLIC_URL,
    ownerEmail: env.OWNER_EMAIL ?? env.ADMIN_EMAIL,
  });
  const mailWorker = createMailWorker({
    db,
    database,
    transport: mailTransport(env),
    log: app.log,
    retrySeconds: env.MAIL_RETRY_SECONDS,
    attempts: env.MAIL_ATTEMPTS,
  });
  app.addHook('onReady', () => mailWorker.start());
  app.addHook('onClose', () => mailWorker.stop());
  if (env.BACKUP_DIR) {
    const backupDir = env.BACKUP_DIR;
    let stopBackups = () => {};
    app.addHook('onReady', async () => {
      stopBackups = startBackupSchedule(db, database.engine, { dir: backupDir, everyHours: env.BACKUP_EVERY_HOURS, keep: env.BACKUP_KEEP }, app.log);
    });
    app.addHook('onClose', async () => stopBackups());
  }
  const auth = createAuthService(db, tokens, mailer);
  const guards = createGuards(auth);
  // Failure windows that are over are forgotten every 10 minutes (and once at start).
  const pruneFailures = () =>
    auth.pruneFailures().catch((error: unknown) => app.log.warn({ err: error }, 'pruning sign-in failures failed'));
  const pruneTimer = setInterval(pruneFailures, 10 * 60_000).unref();
  app.addHook('onReady', async () => {
    await pruneFailures();
  });
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  const categories = createCategoryService(db);
  const products = createProductService(db, (key, compute) => answers.memo(key, compute));
  const orders = createOrderService(db, mailer);

  await app.register(
    async (api) => {
      registerApiSecurityHeaders(api);
      await api.register(authRoutes, {
        prefix: '/auth',
        auth,
        guards,
        rateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
      });
      await api.register(orderRoutes, { prefix: '/auth', orders, guards });
      await api.register(userRoutes, { prefix: '/auth', db, guards });
      await api.register(dashboardRoutes, { prefix: '/auth', db, guards, timeZone: env.SHOP_TIMEZONE });
      await api.register(mailRoutes, {
        prefix: '/auth',
        db,
        guards,
        kick: () => void mailWorker.kick(),
        delivery: env.SMTP_URL ? 'smtp' : 'file',
      });
      await api.register(categoryRoutes, { prefix: '/category', categories, guards });
      await api.register(productRoutes, { prefix: '/product', products, categories, guards });
      await api.register(auditRoutes, { prefix: '/admin', db, guards });
      await api.register(dataRoutes, { prefix: '/admin', db, guards, timeZone: env.SHOP_TIMEZONE });
      await api.register(backupRoutes, { prefix: '/admin', db, guards, engine: database.engine, maintenanceToken });
    },
    { prefix: '/api/v1' },
  );

  // Pages (the web app, the API's documentation, every 404) carry helmet's full set of headers; the API's
  // answers carry their own, smaller set (registerApiSecurityHeaders above).
  await app.register(async (pages) => {
    await registerPageSecurityHeaders(pages);
    await registerDocsPage(pages);
    await registerWeb(pages, { products, categories, publicUrl: env.PUBLIC_URL, shopName: env.SHOP_NAME }, env.WEB_DIST_DIR);
  });
  return app;
}
