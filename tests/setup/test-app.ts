import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { type Env, testEnv } from '../../src/server/env.ts';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { type NoticeOptions, watchCatalogueNotices } from './catalogue-notices.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { adminQuery, databaseUrl } from './postgres-template.ts';

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL URL of this database (none for PGlite). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: a copy of this run's template, in-memory PGlite or on PostgreSQL. */
export async function freshDatabase(options: { onQuery?: (sqlText: string) => void } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `emporium_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name} template ${inject('templateDatabase')}`);
    const url = databaseUrl(base, name);
    const database = await openDatabase({ databaseUrl: url, poolMax: 40, ...options });
    return {
      database,
      url,
      drop: async () => {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const database = await openDatabase({ dataDir: 'memory://', template: pgliteTemplate(), ...options });
  return { database, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL URL of the app's database (none for PGlite), for the command-line tools. */
  url?: string;
  env: Env;
  /**
   * Resolves once the app has heard the database's notice of every catalogue change committed so far (what
   * the shop promises within a second for a change made outside it, with SQL or by another process).
   * Tests that change the catalogue behind the app's back wait for it before they ask the app.
   */
  noticesSettled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The limits on orders waiting for payment, turned off: for tests about something else that place many
 * orders from one account or address (tests/api/order-limits.test.ts tests the limits).
 */
export const NO_ORDER_LIMITS = {
  OPEN_ORDERS_PER_ACCOUNT: '0',
  OPEN_UNITS_PER_ACCOUNT: '0',
  OPEN_ORDERS_PER_ADDRESS: '0',
  OPEN_UNITS_PER_ADDRESS: '0',
} as const;

export interface TestAppOptions {
  onQuery?: (sqlText: string) => void;
  /** Receives the app's log lines (set LOG_LEVEL in the overrides: tests default to silent). */
  logStream?: DestinationStream;
  /** The database's catalogue notices reach the app later, or never (see catalogue-notices.ts). */
  notices?: NoticeOptions;
}

export async function createTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { database, url, drop } = await freshDatabase({ onQuery: options.onQuery });
  const notices = await watchCatalogueNotices(database, url, options.notices);
  // Its own data folder: mails kept as files (no SMTP_URL) land there, not in the repository's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'emporium-test-'));
  const env = testEnv({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', DATA_DIR: dataDir, ...overrides });
  const app = await buildApp({ env, database: notices.database, logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    ...(url ? { url } : {}),
    env,
    noticesSettled: notices.settled,
    close: async () => {
      await app.close();
      await notices.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** One HTTP call through Fastify's inject, with the token sent raw as the spec's client does. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = options.token;
  return app.inject({
    method,
    url,
    headers,
    ...(options.query ? { query: options.query } : {}),
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
}
