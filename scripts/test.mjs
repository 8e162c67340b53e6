// The whole test suite: type-check, lint, unit and API tests (PGlite and PostgreSQL), the build, the
// first-load size budget and the browser tests (Playwright driving Debian's Chromium). Ends with one plain line "N passed, N failed" that sums every test
// (then ", N skipped (…)" when a runner skipped tests or the PostgreSQL run was left out: scripts/test-summary.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { closingLines } from './test-summary.mjs';

mkdirSync('.tmp', { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
/** Whole runs left out, with the reason: each counts as one skipped in the closing line. */
const skippedRuns = [];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A check that is one test: it passes or fails as a whole. */
function check(name, command, args) {
  count(name, step(name, command, args));
}

function count(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

/**
 * Checks that are one test each, run at the same time (each is one process on one core: the type check and
 * the lint take the machine's two cores together), each one's output shown whole when it ends.
 */
async function checksAtOnce(checks) {
  const results = await Promise.all(
    checks.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) => resolve({ name, command, args, output: `${output}${error.message}\n`, ok: false }));
          child.on('close', (code) => resolve({ name, command, args, output, ok: code === 0 }));
        }),
    ),
  );
  for (const { name, command, args, output, ok } of results) {
    console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
    process.stdout.write(output);
    count(name, ok);
  }
}

/** A runner whose JSON report counts its tests. */
function vitest(name, args) {
  const report = `.tmp/${name}.json`;
  rmSync(report, { force: true });
  const ok = step(name, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
    if (!ok && json.numFailedTests === 0) {
      failed += 1;
      failures.push(`${name} (runner failed)`);
    } else if (json.numFailedTests > 0) failures.push(name);
  } catch {
    failed += 1;
    failures.push(`${name} (no report)`);
  }
}

if (!process.env.TEST_DATABASE_URL) {
  const notice = [
    '',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    '!!  TEST_DATABASE_URL is not set: the API suite runs on PGlite only and the       !!',
    '!!  PostgreSQL run (and the concurrent checkout test) is SKIPPED.                 !!',
    '!!  Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it.      !!',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    '',
  ];
  console.log(notice.join('\n'));
  if (process.env.CI) {
    console.log('CI is set: the PostgreSQL run must not be skipped.');
    failed += 1;
    failures.push('PostgreSQL run skipped in CI');
  } else skippedRuns.push('the PostgreSQL run: TEST_DATABASE_URL not set');
}

/** The browser tests need Debian's Chromium: install it when we may (root with apt-get), else say how. */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`${chromium} is missing: installing Debian's chromium with apt-get…`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (step('apt-get update', 'apt-get', ['update', '-qq'], env) && step('install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], env)) {
      return existsSync(chromium);
    }
  }
  console.log(
    `\nThe browser tests need Chromium at ${chromium}. Install it with\n  sudo apt-get install chromium\n(or set CHROMIUM_PATH to a Chromium binary) and run npm test again.\n`,
  );
  return false;
}

/** Playwright's JSON report counts the browser tests. */
function playwright(name) {
  const report = `.tmp/${name}.json`;
  rmSync(report, { force: true });
  const ok = step(name, 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON: report });
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    const { expected = 0, unexpected = 0, flaky = 0 } = json.stats ?? {};
    passed += expected + flaky;
    failed += unexpected;
    skipped += json.stats?.skipped ?? 0;
    if (unexpected > 0) failures.push(name);
    else if (!ok) {
      failed += 1;
      failures.push(`${name} (runner failed)`);
    }
  } catch {
    failed += 1;
    failures.push(`${name} (no report)`);
  }
}

await checksAtOnce([
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.']],
]);
// The build comes first: the API tests that start the server as a process start the built one when it is
// current (tests/setup/server-process.ts), as `npm start` does, instead of compiling the sources at each start.
const built = step('build', 'npm', ['run', 'build']);
vitest('unit-and-api', []);
if (built) {
  check('size budget', 'node', ['scripts/size.mjs']);
  if (ensureChromium()) playwright('browser');
  else {
    failed += 1;
    failures.push('browser tests (no Chromium)');
  }
} else {
  failed += 1;
  failures.push('build');
}

console.log('');
for (const line of closingLines({ passed, failed, skipped, failures, skippedRuns })) console.log(line);
process.exit(failed > 0 ? 1 : 0);
