import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../src/server/db/client.ts';

/**
 * The channels the database tells catalogue changes on (drizzle/0006_catalogue_notify.sql), and changes of
 * stock alone with their products (drizzle/0026_stock_notices.sql).
 */
const CATALOGUE_CHANNEL = 'catalogue_changed';
const STOCK_CHANNEL = 'catalogue_stock';
const CHANNELS = [CATALOGUE_CHANNEL, STOCK_CHANNEL];
/** A channel only the tests use: a notice on it, sent after a change, arrives after that change's notices. */
const MARKER_CHANNEL = 'emporium_test_marker';
/** What the shop promises (README, Behaviour): a change made outside the app is in its answers within a second. */
export const NOTICE_PROMISE_MS = 1000;

export interface NoticeOptions {
  /** Every catalogue notice reaches the app this much later (TEST_NOTICE_DELAY_MS by default: 0). */
  delayMs?: number;
  /** Catalogue notices never reach the app: only its own invalidation can keep its answers fresh. */
  held?: boolean;
}

export interface CatalogueNotices {
  /** The database to give the app: the same, but its catalogue notices reach the app as the options say. */
  database: Database;
  /**
   * Resolves once the app has heard of every catalogue change committed before the call (the database's
   * notices arrive in commit order: a marker sent now arrives after all of them); fails when that takes
   * longer than the shop promises.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches a test database's catalogue notices on the app's behalf. A listener of the test's own counts the
 * catalogue notices before each marker (on the embedded database, the same client as the app's; on
 * PostgreSQL, one connection that listens on both channels, so their notices keep their commit order);
 * each of the app's listeners counts what it was given (several listen on one channel: the answer cache and
 * the kept contact details on `catalogue_changed`), and settled() waits for every one. All listen before any
 * change is made.
 */
export async function watchCatalogueNotices(database: Database, url: string | undefined, options: NoticeOptions = {}): Promise<CatalogueNotices> {
  const delayMs = options.delayMs ?? Number(process.env.TEST_NOTICE_DELAY_MS ?? 0);
  /** Catalogue notices the test's own listener received, per channel. */
  const seen = new Map<string, number>(CHANNELS.map((channel) => [channel, 0]));
  const saw = (channel: string) => seen.set(channel, (seen.get(channel) ?? 0) + 1);
  /** Each of the app's listeners of a catalogue channel (several may listen on one) and the notices it was given. */
  const appListeners: Array<{ channel: string; given: number }> = [];
  /** The markers sent and not yet back, in the order sent (one at a time: settled() runs them in turn). */
  const markers: Array<(seenBefore: Map<string, number>) => void> = [];
  const onMarker = () => markers.shift()?.(new Map(seen));
  const waiters = new Set<() => void>();
  const delayed = new Set<NodeJS.Timeout>();

  let stopOwn: () => Promise<void>;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    client.on('notification', (message) => {
      if (CHANNELS.includes(message.channel)) saw(message.channel);
      else if (message.channel === MARKER_CHANNEL) onMarker();
    });
    await client.query(`LISTEN ${CATALOGUE_CHANNEL}; LISTEN ${STOCK_CHANNEL}; LISTEN ${MARKER_CHANNEL}`);
    stopOwn = () => client.end();
  } else {
    const stopSeen = await database.listen(CATALOGUE_CHANNEL, { onNotify: () => saw(CATALOGUE_CHANNEL), onListening: () => {} });
    const stopSeenStock = await database.listen(STOCK_CHANNEL, { onNotify: () => saw(STOCK_CHANNEL), onListening: () => {} });
    const stopMarker = await database.listen(MARKER_CHANNEL, { onNotify: onMarker, onListening: () => {} });
    stopOwn = async () => {
      await stopSeen();
      await stopSeenStock();
      await stopMarker();
    };
  }

  const wrapped: Database = {
    ...database,
    listen: async (channel, handlers) => {
      if (!CHANNELS.includes(channel)) return database.listen(channel, handlers);
      const listener = { channel, given: 0 };
      appListeners.push(listener);
      return database.listen(channel, {
        onListening: handlers.onListening,
        onNotify: (payload) => {
          if (options.held) return;
          const deliver = () => {
            handlers.onNotify(payload);
            listener.given += 1;
            for (const waiter of waiters) waiter();
          };
          if (delayMs <= 0) return deliver();
          const timer = setTimeout(() => {
            delayed.delete(timer);
            deliver();
          }, delayMs);
          delayed.add(timer);
        },
      });
    },
  };

  async function settleOnce(): Promise<void> {
    if (options.held) throw new Error('catalogue notices are held in this test: they never settle');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the app did not hear of the catalogue's changes within ${NOTICE_PROMISE_MS} ms`)), NOTICE_PROMISE_MS);
    });
    try {
      const seenBefore = new Promise<Map<string, number>>((resolve) => markers.push(resolve));
      await database.db.execute(sql`select pg_notify(${MARKER_CHANNEL}, '')`);
      const target = await Promise.race([seenBefore, deadline]);
      const heard = () => appListeners.every((listener) => listener.given >= (target.get(listener.channel) ?? 0));
      if (heard()) return;
      const caughtUp = new Promise<void>((resolve) => {
        const waiter = () => {
          if (!heard()) return;
          waiters.delete(waiter);
          resolve();
        };
        waiters.add(waiter);
      });
      await Promise.race([caughtUp, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
  let turn: Promise<void> = Promise.resolve();

  return {
    database: wrapped,
    settled: () => {
      const run = turn.then(settleOnce);
      turn = run.catch(() => {});
      return run;
    },
    close: async () => {
      for (const timer of delayed) clearTimeout(timer);
      await stopOwn();
    },
  };
}
