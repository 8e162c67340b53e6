import { availableParallelism } from 'node:os';
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
    // The answer cache's memory bound is the Node process's, whatever the engine: it runs on PostgreSQL only
    // (22,000 requests, 55 s there and 125 s on PGlite under the run's load).
    exclude:
      engine === 'postgres'
        ? ['tests/api/server-process*.test.ts']
        : ['tests/api/multi-process.test.ts', 'tests/api/backup.test.ts', 'tests/api/answer-cache-memory.test.ts'],
    environment: 'node',
    // The files of a worker share its modules (each still has its own database and app): importing the app
    // once per worker instead of once per file took the run's import time from 136 s to 28 s.
    isolate: false,
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file's database is a copy of one migrated at the start of the run.
    globalSetup: [engine === 'postgres' ? 'tests/setup/postgres-template.ts' : 'tests/setup/pglite-template.ts'],
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. The API files wait on
    // PostgreSQL and on server processes much of the time, so two workers there finish the run sooner
    // (unit and API on this machine: 22.5 min with one worker, 20.2 min with two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // The web client reads its calls' paths from virtual:api-calls, as in the build.
      { plugins: [apiCalls()], test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      apiProject('api-pglite', 'pglite'),
      ...(postgresUrl ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
