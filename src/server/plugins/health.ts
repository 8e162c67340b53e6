import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

export function registerHealth(app: FastifyInstance, database: Database): void {
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.engine };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable', database: database.engine });
    }
  });
}
