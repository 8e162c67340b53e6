// Mutation testing (`npm run mutation [module ...]`): StrykerJS breaks the modules where a silent break costs
// most, one small change at a time, and runs the tests that guard each; a mutant the tests do not notice
// "survives". One Stryker run per module (its own test files, on the embedded database; the backup tests
// need PostgreSQL: TEST_DATABASE_URL), then a table of the scores. Not part of `npm test`: it takes long.
// Reports: reports/mutation/<module>/index.html and mutation.json (ignored by git).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The modules, what is mutated, and the tests that guard them. */
const MODULES = {
  money: { mutate: ['src/domain/money.ts'], tests: ['tests/unit/money.test.ts', 'tests/unit/domain.test.ts'] },
  'order-lifecycle': { mutate: ['src/domain/order-lifecycle.ts'], tests: ['tests/unit/order-lifecycle.test.ts', 'tests/api/orders.test.ts'] },
  guards: {
    mutate: ['src/server/modules/auth/guards.ts'],
    tests: ['tests/unit/guards.test.ts', 'tests/api/authorisation-matrix.test.ts', 'tests/api/auth.test.ts', 'tests/api/csv.test.ts', 'tests/api/audit.test.ts'],
  },
  'pre-router': { mutate: ['src/server/plugins/answer-cache/pre-router.ts'], tests: ['tests/api/answer-cache.test.ts'] },
  backup: { mutate: ['src/server/modules/backup/service.ts'], tests: ['tests/api/backup-schedule.test.ts', 'tests/api/backup.test.ts'], engine: 'postgres' },
  orders: {
    mutate: ['src/server/modules/order/service.ts'],
    // checkout-pricing, discounts and guest-checkout guard checkout's pricing (a zone's rate, tax, a discount
    // code, a delivery address, a guest buyer), variants-checkout the lines a cart becomes (planLines),
    // admin-orders the owner's undo, payments the card, transfer and refund steps. The whole file is an hour
    // or more: a part of it is measured with MUTATION_FILES (see below), e.g.
    // 'src/server/modules/order/service.ts:92-340'.
    tests: [
      'tests/api/orders.test.ts',
      'tests/api/checkout-pricing.test.ts',
      'tests/api/discounts.test.ts',
      'tests/api/guest-checkout.test.ts',
      'tests/api/order-limits.test.ts',
      'tests/api/variants-checkout.test.ts',
      'tests/api/admin-orders.test.ts',
      'tests/api/payments.test.ts',
    ],
  },
  'sign-in': {
    mutate: ['src/server/modules/auth/service.ts'],
    // auth-takeover (security answer, logout, admin resets), guest-checkout (the links confirming an address)
    // and discounts-review (the guessing limits countGuesses keeps) guard parts of it too.
    tests: [
      'tests/api/auth.test.ts',
      'tests/api/auth-hardening.test.ts',
      'tests/api/auth-lockout.test.ts',
      'tests/api/reset-links.test.ts',
      'tests/api/auth-takeover.test.ts',
      'tests/api/guest-checkout.test.ts',
      'tests/api/discounts-review.test.ts',
    ],
  },
  payments: {
    mutate: [
      // One path each: the runner joins the list with commas, so a `{a,b}` pattern would be cut apart.
      'src/server/payments/provider.ts',
      'src/server/payments/stripe/stripe-provider.ts',
      'src/server/payments/stripe/stripe-mapper.ts',
      'src/server/modules/order/payment-routes.ts',
      'src/server/modules/order/payment-repo.ts',
    ],
    // currency.test.ts charges yen through the fake Stripe (a currency without minor units).
    tests: ['tests/unit/stripe-provider.test.ts', 'tests/unit/stripe-mapper.test.ts', 'tests/api/payments.test.ts', 'tests/api/payments-restart.test.ts', 'tests/api/currency.test.ts'],
  },
  'answer-cache': {
    // One path each: the files reach Stryker joined by commas, which would cut a {a,b} pattern apart.
    mutate: [
      'src/server/plugins/answer-cache/answer.ts',
      'src/server/plugins/answer-cache/keys.ts',
      'src/server/plugins/answer-cache/rules.ts',
      'src/server/plugins/answer-cache/store.ts',
      'src/server/plugins/answer-cache.ts',
    ],
    // answer-cache-stampede guards the single flight (store.ts miss/land, the hooks' flights). Not
    // answer-cache-memory: its 20,000 requests take minutes, for each mutant it reaches. The unit files
    // first: they run in this order (vitest.mutation.config.ts), and a mutant's run stops at its first failure.
    tests: [
      'tests/unit/answer-cache-keys.test.ts',
      'tests/unit/answer-cache-answer.test.ts',
      'tests/unit/answer-cache-store.test.ts',
      'tests/unit/answer-cache-hooks.test.ts',
      'tests/unit/answer-cache-rules.test.ts',
      'tests/api/answer-cache.test.ts',
      'tests/api/answer-cache-stampede.test.ts',
    ],
  },
};
const GOAL = 80;

const asked = process.argv.slice(2);
for (const name of asked) if (!(name in MODULES)) throw new Error(`no module "${name}" (known: ${Object.keys(MODULES).join(', ')})`);
const names = asked.length > 0 ? asked : Object.keys(MODULES);
// MUTATION_FILES mutates a part of one module (Stryker's `file:from-to` line ranges, comma-separated) instead of all of it.
const part = process.env.MUTATION_FILES;
if (part && names.length !== 1) throw new Error('MUTATION_FILES names a part of one module: name that module');

/** Stryker's mutation score: mutants detected (killed or timed out) of all valid ones (survivors and uncovered too). */
function score(module) {
  const file = `reports/mutation/${module}/mutation.json`;
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const count = { detected: 0, survived: 0, noCoverage: 0 };
  for (const { mutants } of Object.values(report.files)) {
    for (const { status } of mutants) {
      if (status === 'Killed' || status === 'Timeout') count.detected += 1;
      else if (status === 'Survived') count.survived += 1;
      else if (status === 'NoCoverage') count.noCoverage += 1;
    }
  }
  const valid = count.detected + count.survived + count.noCoverage;
  return { ...count, score: valid === 0 ? 100 : (100 * count.detected) / valid };
}

let failed = false;
for (const name of names) {
  const module = MODULES[name];
  if (module.engine === 'postgres' && !process.env.TEST_DATABASE_URL) {
    console.log(`\n== ${name}: skipped (its tests need PostgreSQL: set TEST_DATABASE_URL)`);
    continue;
  }
  console.log(`\n== ${name}: mutating ${part ?? module.mutate.join(', ')}; tests ${module.tests.join(', ')}`);
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      MUTATION_MODULE: name,
      MUTATION_FILES: part ?? module.mutate.join(','),
      MUTATION_TESTS: module.tests.join(','),
      MUTATION_ENGINE: module.engine ?? 'pglite',
    },
  });
  if (run.status !== 0) failed = true;
}

console.log('\nMutation score per module (goal: %d %%)', GOAL);
for (const name of Object.keys(MODULES)) {
  const result = score(name);
  if (!result) continue;
  const mark = result.score >= GOAL ? 'ok' : 'below goal';
  console.log(`  ${name.padEnd(16)} ${result.score.toFixed(1).padStart(5)} %  (${result.detected} detected, ${result.survived} survived, ${result.noCoverage} not covered)  ${mark}`);
}
process.exit(failed ? 1 : 0);
