import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the repos see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Apply pending migrations (safe to call from several processes at once). */
  migrate(): Promise<void>;
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const MIGRATION_LOCK_KEY = 72_356_011;

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  poolMax?: number;
}

/** The one place that picks PGlite or PostgreSQL. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10);
  return openPglite(options.dataDir ?? './data');
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, idleTimeoutMillis: 30_000 });
  // An idle client's error (the server restarting) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
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
    close: async () => {
      await pool.end();
    },
  };
}
