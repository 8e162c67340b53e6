import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { tooManyRequests } from './lib/http-errors.ts';
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
import { userRoutes } from './modules/user/routes.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerHealth } from './plugins/health.ts';
import { registerSecurity } from './plugins/security.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { MULTIPART_LIMITS } from './plugins/uploads.ts';
import { registerWeb } from './plugins/web.ts';

export interface BuildAppOptions {
  env: Env;
  database: Database;
}

/** JSON bodies above this answer 413. */
export const JSON_BODY_LIMIT = 100 * 1024;

/** The whole shop as a Fastify instance; it never listens (server.ts does). */
export async function buildApp({ env, database }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT,
    // Long keywords and slugs reach their schemas (which answer 400) instead of Fastify's own 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('currentUser', null);

  registerErrorHandling(app);
  await registerSecurity(app, env.CORS_ORIGINS);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(
        `Too many attempts from your address. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        Math.ceil(context.ttl / 1000),
      ),
  });
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await registerDocs(app);
  registerHealth(app, database);

  const { db } = database;
  const tokens = createTokens(await resolveJwtSecret(db, env.JWT_SECRET), env.JWT_EXPIRES_IN);
  const auth = createAuthService(db, tokens);
  const guards = createGuards(auth);
  const categories = createCategoryService(db);
  const products = createProductService(db);
  const orders = createOrderService(db);

  await app.register(
    async (api) => {
      await api.register(authRoutes, {
        prefix: '/auth',
        auth,
        guards,
        rateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
      });
      await api.register(orderRoutes, { prefix: '/auth', orders, guards });
      await api.register(userRoutes, { prefix: '/auth', db, guards });
      await api.register(categoryRoutes, { prefix: '/category', categories, guards });
      await api.register(productRoutes, { prefix: '/product', products, categories, guards });
    },
    { prefix: '/api/v1' },
  );

  await registerWeb(app, { products, categories }, env.WEB_DIST_DIR);
  return app;
}
