import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutation` (StrykerJS) runs against each mutant: only the files that guard the module
 * being mutated (MUTATION_TESTS, set by scripts/mutation.mjs from its table), on the embedded database
 * (MUTATION_ENGINE=postgres for the backup tests, which need a PostgreSQL server). Not part of `npm test`.
 */
const engine = process.env.MUTATION_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const files = (process.env.MUTATION_TESTS ?? 'tests/unit/money.test.ts').split(',').filter(Boolean);

/**
 * The files run in the order the module's table lists them (cheap unit files first): Stryker stops a
 * mutant's run at its first failing test, so a mutant a unit test kills never boots the app for an API file.
 */
class ListedOrder extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = files.findIndex((file) => resolve(file) === resolve(spec.moduleId));
      return index === -1 ? files.length : index;
    };
    return [...specs].sort((a, b) => rank(a) - rank(b) || relative('.', a.moduleId).localeCompare(relative('.', b.moduleId)));
  }
}

export default defineConfig({
  test: {
    name: `mutation-${engine}`,
    include: files,
    sequence: { sequencer: ListedOrder },
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    // Generous: a mutation run shares two cores with everything else on the machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // As in vitest.config.ts: the API tests start from a template database made once per run, on either engine.
    globalSetup: [engine === 'postgres' ? 'tests/setup/postgres-template.ts' : 'tests/setup/pglite-template.ts'],
  },
});
