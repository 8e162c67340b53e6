import type { FastifyInstance } from 'fastify';
import type { AuthService } from './service.ts';

/** Failure windows that are over are forgotten every 10 minutes (and once at start). */
export function scheduleFailurePruning(app: FastifyInstance, auth: Pick<AuthService, 'pruneFailures'>): void {
  const prune = () => auth.pruneFailures().catch((error: unknown) => app.log.warn({ err: error }, 'pruning sign-in failures failed'));
  const timer = setInterval(prune, 10 * 60_000).unref();
  app.addHook('onReady', async () => {
    await prune();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
