import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AnswerCache } from './answer-cache.ts';

/**
 * The channel every change of the catalogue and of the shop's own content is told on (drizzle/0006, 0013):
 * the answers, and what modules keep of that content (the mails' contact details), are dropped at its notice.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
/** The channel a change of stock alone is told on, with its products' ids (drizzle/0026_stock_notices.sql). */
const STOCK_CHANNEL = 'catalogue_stock';

/** The product ids of a stock notice ("12,40,41"), or null when it is not one (then everything is dropped). */
function stockNoticeIds(payload: string): number[] | null {
  if (!/^\d{1,10}(,\d{1,10})*$/.test(payload)) return null;
  return payload.split(',').map(Number);
}

/**
 * Another process's change to the catalogue (or a change made with SQL) reaches this one at its commit
 * (PostgreSQL NOTIFY): the kept answers are dropped; while the connection is down nothing is kept. A change
 * of some products' stock alone (an order, a cancel) drops only what holds their stock.
 */
export async function listenForCatalogueChanges(app: FastifyInstance, database: Database, answers: AnswerCache): Promise<void> {
  // Answers are kept only while both channels are heard (each has its own connection).
  const heard = { changes: true, stock: true };
  const listening = (channel: keyof typeof heard, up: boolean) => {
    heard[channel] = up;
    answers.setEnabled(heard.changes && heard.stock);
  };
  const stopListening = await database.listen(CATALOGUE_CHANNEL, {
    onNotify: () => answers.invalidate(),
    onListening: (up) => listening('changes', up),
  });
  const stopStock = await database.listen(STOCK_CHANNEL, {
    onNotify: (payload) => {
      const ids = stockNoticeIds(payload);
      if (ids) answers.stockChanged(ids);
      else answers.invalidate();
    },
    onListening: (up) => listening('stock', up),
  });
  app.addHook('onClose', async () => {
    await stopListening();
    await stopStock();
  });
}
