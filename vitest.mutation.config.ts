import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutation` (StrykerJS) runs against each mutant: only the files that guard the module
 * being mutated (MUTATION_TESTS, set by scripts/mutation.mjs from its table), on the embedded database
 * (MUTATION_ENGINE=postgres for the backup tests, which need a PostgreSQL server). Not part of `npm test`.
 */
const engine = process.env.MUTATION_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const files = (process.env.MUTATION_TESTS ?? 'tests/unit/money.test.ts').split(',').filter(Boolean);

export default defineConfig({
  test: {
    name: `mutation-${engine}`,
    include: files,
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    // Generous: a mutation run shares two cores with everything else on the machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // As in vitest.config.ts: the API tests start from a template database made once per run, on either engine.
    globalSetup: [engine === 'postgres' ? 'tests/setup/postgres-template.ts' : 'tests/setup/pglite-template.ts'],
  },
});
