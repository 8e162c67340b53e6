import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { FOLDER_MODE, tighten } from '../lib/data-folder.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the repos see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a raw `db.execute(sql…)` result (both engines answer `{rows}`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Apply pending migrations (safe to call from several processes at once). */
  migrate(): Promise<void>;
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  /**
   * Listen to a notification channel (NOTIFY, delivered when the sender's transaction commits).
   * `onNotify` runs for each notification; `onListening(false)` when the listening connection drops (some
   * may be missed until `onListening(true)`: it is opened again). Resolves to a function that stops.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Opens every connection of the pool now and readies each for the checkout (WARM_UP, rolled back:
   * nothing changes, nothing is told), so that no shopper's order pays for a new connection's first use.
   * The embedded database has one connection, readied by its first use: nothing to do.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a new PostgreSQL connection does once, before any order: an update of no row of the tables an order
 * changes fires their statement triggers, so each connection compiles their PL/pgSQL functions and plans
 * their queries now (an order's stock move on a new connection took 38 ms, 3 ms on a readied one).
 */
const WARM_UP = [
  'update products set quantity = quantity where false',
  'update product_variants set stock = stock where false',
  'update orders set status = status where false',
  'update mail_outbox set status = status where false',
];

export interface ListenHandlers {
  /** `payload`: what the sender gave pg_notify ('' when nothing). */
  onNotify(payload: string): void;
  onListening(listening: boolean): void;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const MIGRATION_LOCK_KEY = 72_356_011;

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  poolMax?: number;
  /**
   * PGlite only: a data directory dumped by PGlite (`dumpDataDir`) to start from instead of a new one (the tests start
   * each file's in-memory database from one migrated at the start of the run: seconds each instead of an initdb).
   */
  template?: Blob;
  /** Called with the SQL text of every query (tests use it to count queries). */
  onQuery?: (sqlText: string) => void;
}

/** The one place that picks PGlite or PostgreSQL. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: (sqlText: string) => options.onQuery?.(sqlText) } : undefined;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10, logger);
  return openPglite(options.dataDir ?? './data', logger, options.template);
}

type QueryLogger = { logQuery(sqlText: string): void } | undefined;

async function openPglite(dataDir: string, logger: QueryLogger, template: Blob | undefined): Promise<Database> {
  // Its files hold every secret of the shop: the folder and its files are its user's only. PGlite writes
  // a new database's first files 0666 whatever the umask (it sets their mode itself): tightened at once.
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true, mode: FOLDER_MODE });
  // pg_trgm indexes substring search (the migrations create the extension).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
  if (!dataDir.startsWith('memory://')) tighten(dataDir);
  const db = drizzlePglite({ client, schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: async () => {
      await client.query('select 1');
    },
    // One process holds an embedded database: notifications arrive in this process, none can be missed.
    listen: async (channel, { onNotify }) => client.listen(channel, (payload) => onNotify(payload ?? '')),
    warm: async () => {},
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number, logger: QueryLogger): Promise<Database> {
  // Connections stay open once made (a new one pays its first use again: see WARM_UP).
  const pool = new pg.Pool({ connectionString: url, max: poolMax, idleTimeoutMillis: 0 });
  // An idle client's error (the server restarting) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        connection.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    warm: async () => {
      const connections = await Promise.all(Array.from({ length: poolMax }, () => pool.connect()));
      try {
        // Only a head start: a statement that fails (a table gone) leaves the connection as it was.
        await Promise.all(
          connections.map((connection) =>
            connection.query(['begin', ...WARM_UP, 'rollback'].join('; ')).catch(() => connection.query('rollback').catch(() => {})),
          ),
        );
      } finally {
        for (const connection of connections) connection.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}

/**
 * A dedicated connection that LISTENs (a pooled one would be handed back). When it drops, the handlers
 * hear of it at once and it is opened again, with a growing pause, until it stops.
 */
async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (attempt: number): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (stopped) return;
      handlers.onListening(false);
      retry = setTimeout(() => void connect(attempt + 1).catch(() => {}), Math.min(30_000, 250 * 2 ** attempt)).unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${quoted}`);
    } catch (error) {
      // The first connection must work (the server does not start without it); later ones are retried.
      if (attempt === 0) stopped = true;
      lost();
      if (attempt === 0) throw error;
      return;
    }
    if (attempt > 0) handlers.onListening(true);
  };

  await connect(0);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
