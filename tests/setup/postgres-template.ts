import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';

/** The migrated database every PostgreSQL test file copies (CREATE DATABASE … TEMPLATE). */
export const TEMPLATE_DATABASE = 'emporium_test_template';

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** Vitest global setup: build the template once per run. */
export default async function setup(): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  await adminQuery(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await adminQuery(`create database ${TEMPLATE_DATABASE}`);
  const template = await openDatabase({ databaseUrl: databaseUrl(base, TEMPLATE_DATABASE), poolMax: 1 });
  await template.migrate();
  await template.close();
  return async () => {
    await adminQuery(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  };
}
