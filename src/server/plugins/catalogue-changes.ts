import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AnswerCache } from './answer-cache.ts';

/**
 * Another process's change to the catalogue (or a change made with SQL) reaches this one at its commit
 * (PostgreSQL NOTIFY): the kept answers are dropped; while the connection is down nothing is kept.
 */
export async function listenForCatalogueChanges(app: FastifyInstance, database: Database, answers: AnswerCache): Promise<void> {
  const stopListening = await database.listen('catalogue_changed', {
    onNotify: () => answers.invalidate(),
    onListening: (listening) => answers.setEnabled(listening),
  });
  app.addHook('onClose', async () => stopListening());
}
