// A database to measure on, made fresh and dropped afterwards: a database on the PostgreSQL server of
// BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), or a PGlite
// folder in the system's temporary directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';

export const BENCH_SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The engine a bench uses when not told: PostgreSQL when a server is named, else PGlite. */
export const defaultEngine = () => (process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite');

export interface ThrowawayDatabase {
  /** Set on PostgreSQL: what a server process is given as DATABASE_URL. */
  databaseUrl?: string;
  /** Set on PGlite: what a server process is given as DATA_DIR. */
  dataDir?: string;
  /** Open it (migrations not run). */
  open(poolMax?: number): Promise<Database>;
  /** Drop the database or delete the folder. */
  drop(): Promise<void>;
}

async function onServer(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_SERVER_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** `name` is the PostgreSQL database's name (replaced if it exists) or the start of the PGlite folder's. */
export async function throwawayDatabase(engine: string, name: string): Promise<ThrowawayDatabase> {
  if (engine === 'postgres') {
    await onServer(`drop database if exists ${name} with (force)`);
    await onServer(`create database ${name}`);
    const url = new URL(BENCH_SERVER_URL);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return {
      databaseUrl,
      open: (poolMax = 10) => openDatabase({ databaseUrl, poolMax }),
      drop: () => onServer(`drop database if exists ${name} with (force)`),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  return {
    dataDir,
    open: () => openDatabase({ dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
