import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

const apiProject = (name: string, engine: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    // The process test starts the real server on embedded databases: once is enough.
    // (and the multi-process test needs a PostgreSQL server: the embedded database is one process's)
    exclude: engine === 'postgres' ? ['tests/api/server-process.test.ts'] : ['tests/api/multi-process.test.ts'],
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
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      apiProject('api-pglite', 'pglite'),
      ...(postgresUrl ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
