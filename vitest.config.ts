import { defineConfig } from 'vitest/config';
import { apiCalls } from './scripts/api-calls-plugin.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

const apiProject = (name: string, engine: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    // The process tests start the real server on embedded databases: once is enough.
    // (and the multi-process and backup tests need a PostgreSQL server: the embedded database is one
    // process's, and a backup moves a shop from one engine to the other, both in the PostgreSQL run)
    exclude: engine === 'postgres' ? ['tests/api/server-process*.test.ts'] : ['tests/api/multi-process.test.ts', 'tests/api/backup.test.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    ...(engine === 'postgres' ? { globalSetup: ['tests/setup/postgres-template.ts'] } : {}),
  },
});

export default defineConfig({
  test: {
    projects: [
      // The web client reads its calls' paths from virtual:api-calls, as in the build.
      { plugins: [apiCalls()], test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      apiProject('api-pglite', 'pglite'),
      ...(postgresUrl ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
