import type { FastifyInstance } from 'fastify';
import type { AuthService } from './service.ts';

/**
 * Failure windows that are over, revoked tokens that have expired and sign-in addresses not used for long
 * are forgotten every 10 minutes (and once at start).
 */
export function scheduleSignInPruning(app: FastifyInstance, auth: Pick<AuthService, 'prune'>): void {
  const prune = () => auth.prune().catch((error: unknown) => app.log.warn({ err: error }, 'pruning sign-in records failed'));
  const timer = setInterval(prune, 10 * 60_000).unref();
  app.addHook('onReady', async () => {
    await prune();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
