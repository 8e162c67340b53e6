import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Env } from '../env.ts';
import { tooManyRequests } from '../lib/http-errors.ts';
import { connectRedis } from '../lib/redis.ts';

/** Per-address limits: in Redis when REDIS_URL is set (shared by every process), else in this process's memory. */
export async function registerRateLimit(app: FastifyInstance, env: Env): Promise<void> {
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
}

/**
 * One bucket per client address shared by the sign-in calls (login, register, the password resets). A
 * single limiter is shared on purpose: the plugin's per-route `config.rateLimit` gives every route its own
 * store, even with a `groupId` (fastify/fastify-rate-limit#463), which would multiply the budget.
 */
export const signInBudget = (app: FastifyInstance, perMinute: number): onRequestAsyncHookHandler =>
  app.rateLimit({ max: perMinute, timeWindow: '1 minute' }) as onRequestAsyncHookHandler;
