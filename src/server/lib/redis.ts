import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A Redis connection for the app's life. Redis is optional: while it cannot be reached, calls are not
 * held up (what uses it fails open, and the log says so at most once a minute); it reconnects by itself.
 */
export function connectRedis(url: string, app: FastifyInstance): Redis {
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
