// @ts-check
/**
 * Mutation testing (`npm run mutation`, a benchmark, not part of `npm test`): scripts/mutation.mjs runs
 * Stryker once per module of its table, with MUTATION_MODULE naming it, MUTATION_FILES what to mutate and
 * MUTATION_TESTS (read by vitest.mutation.config.ts) the test files that guard it.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const module = process.env.MUTATION_MODULE ?? 'money';
const reports = `reports/mutation/${module}`;

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: (process.env.MUTATION_FILES ?? 'src/domain/money.ts').split(','),
  coverageAnalysis: 'perTest',
  // A mutant in code run at import time (a module's constants) would need every test run again: left out.
  ignoreStatic: true,
  // Two cores shared with the rest of the team: one test process at a time.
  concurrency: 1,
  // Added to 1.5 times the covering tests' own time before a mutant counts as timed out (an endless loop, a
  // request never answered): MUTATION_TIMEOUT_MS lowers it for a module whose tests are slow to time out.
  timeoutMS: Number(process.env.MUTATION_TIMEOUT_MS ?? 20_000),
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  htmlReporter: { fileName: `${reports}/index.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 80, low: 60, break: null },
  // Anchored: an unanchored 'data' would also leave out src/server/modules/data.
  ignorePatterns: ['/dist', '/data', '/reports', '/test-results', '/playwright-report', '/coverage', '/.tmp'],
};
