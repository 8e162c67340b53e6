import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium; no tool downloads a browser of its own here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A free port, asked of the system once (the config is evaluated in every worker: share it via env). */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'emporium-e2e-'));
const port = process.env.E2E_PORT;
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/e2e-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A stray `test.only` fails the run (everywhere, not only in CI) instead of silently running that test alone.
  forbidOnly: true,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.PLAYWRIGHT_JSON ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The real built server, on a free port, with a fresh embedded database.
    command: 'node dist/server/server.js',
    url: `${baseURL}/readyz`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@e2e.example',
      ADMIN_PASSWORD: 'admin-password-e2e',
      ADMIN_NAME: 'Ada Admin',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every browser of the run comes from 127.0.0.1: a limit per address would tie unrelated journeys
      // together (the per-account limits stay; tests/api/order-limits.test.ts covers both).
      OPEN_ORDERS_PER_ADDRESS: '0',
      OPEN_UNITS_PER_ADDRESS: '0',
    },
  },
});
