import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { type Env, testEnv } from '../../src/server/env.ts';
import { adminQuery, databaseUrl, TEMPLATE_DATABASE } from './postgres-template.ts';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: in-memory PGlite, or a copy of the PostgreSQL template. */
export async function freshDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `emporium_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name} template ${TEMPLATE_DATABASE}`);
    const database = await openDatabase({ databaseUrl: databaseUrl(base, name), poolMax: 40 });
    return {
      database,
      drop: async () => {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  return { database, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Record<keyof Env, string>> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const env = testEnv({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...overrides });
  const app = await buildApp({ env, database });
  await app.ready();
  return {
    app,
    database,
    env,
    close: async () => {
      await app.close();
      await drop();
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
