import type { Database } from '../db/client.ts';

/**
 * A read kept in memory until a change's notice drops it: read once and shared by every caller meanwhile;
 * dropped when its channel is notified (any process's change, at its commit) and by `drop()` (this process's
 * own change, before its answer). While the listening connection is down nothing is kept (a change could be
 * missed then). A failed read is not kept, nor one a notice overtook (the next caller reads again). `get`'s
 * arguments go to the read that fills it (the caller's transaction: on the embedded database a read outside
 * a transaction open on the same path would wait for it forever).
 */
export function keptUntilNotice<T, A extends unknown[] = []>(read: (...args: A) => Promise<T>) {
  let kept: Promise<T> | null = null;
  let listening = true;
  const drop = () => {
    kept = null;
  };
  return {
    get(...args: A): Promise<T> {
      let current = kept;
      if (!current) {
        current = read(...args);
        if (listening) kept = current;
        current.catch(() => {
          if (kept === current) kept = null;
        });
      }
      return current;
    },

    drop,

    /** Drop at every notice of `channel`; keep nothing while not listening. Answers the way to stop. */
    listen(database: Pick<Database, 'listen'>, channel: string): Promise<() => Promise<void>> {
      return database.listen(channel, {
        onNotify: drop,
        onListening: (on) => {
          listening = on;
          drop();
        },
      });
    },
  };
}
