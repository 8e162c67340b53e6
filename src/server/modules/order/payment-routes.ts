/**
 * The card provider's webhook (POST /api/v1/payments/stripe/webhook), outside the table of calls: it reads
 * the raw bytes (the signature is over them), answers Stripe rather than a client, and is signed instead of
 * signed in. And the reconciliation job's timer.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { claimTurn } from '../../lib/turns.ts';
import type { OrderService } from './service.ts';

export const STRIPE_WEBHOOK_PATH = '/api/v1/payments/stripe/webhook';

export async function registerPaymentWebhook(app: FastifyInstance, orders: OrderService): Promise<void> {
  await app.register(async (scope) => {
    // Only here: the body stays bytes (constructEvent verifies the bytes as sent).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    // Not in the OpenAPI description (it is Stripe's, not a client's call): docs/api.md lists it under "Outside the API".
    scope.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await orders.webhook(body, Array.isArray(signature) ? signature[0] : signature);
      reply.header('cache-control', 'no-store');
      return { received: true };
    });
  });
}

/**
 * Card payments still waiting are read from the provider at start and every `everyMinutes`. At start each
 * process checks (a restart after a crash finishes what the webhook missed); afterwards one process at a
 * time takes the turn, as scheduled backups do (app_settings), and every step is idempotent anyway.
 */
export function schedulePaymentReconciliation(app: FastifyInstance, db: Db, orders: OrderService, everyMinutes: number): void {
  const everyMs = everyMinutes * 60_000;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  const claim = () => claimTurn(db, 'payments.reconcile.last', everyMs * 0.9);
  const run = async (claimed: boolean) => {
    if (running) return;
    running = true;
    try {
      if (claimed && !(await claim())) return;
      await orders.reconcile();
    } catch (error) {
      app.log.error({ err: error }, 'payment reconciliation failed (tried again at the next run)');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    void run(false);
    timer = setInterval(() => void run(true), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
