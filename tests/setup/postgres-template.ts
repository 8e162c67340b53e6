import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every PostgreSQL test file of this run copies (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
  }
}

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

/**
 * Vitest global setup: build the template once per run. Its name is this run's own, so that two runs on
 * one server (two checkouts, a helper and CI) never drop each other's template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `emporium_test_template_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const template = await openDatabase({ databaseUrl: databaseUrl(base, name), poolMax: 1 });
  await template.migrate();
  await template.close();
  project.provide('templateDatabase', name);
  return async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
  };
}
