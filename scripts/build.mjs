// Build the server (TypeScript → dist/server) and the web app (Vite → dist/web), then precompress.
// `node scripts/build.mjs --if-needed` (what `npm start` runs first) builds only when the sources, the
// lock file or the build settings changed since the last build: a start after that is immediate.
// It prints one line per step with its time; `--verbose` shows each tool's own output instead (Vite's
// listing of every chunk and its size). A failing step prints what the tool said, and the build stops.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { fingerprint, STAMP, stampIs } from './build-fingerprint.mjs';

const current = fingerprint();
const built = existsSync('dist/server/server.js') && existsSync('dist/web/index.html');
if (process.argv.includes('--if-needed') && built && stampIs(current)) {
  process.exit(0);
}

const verbose = process.argv.includes('--verbose');
const startedAt = Date.now();
const seconds = (since) => `${Math.max(1, Math.round((Date.now() - since) / 1000))} s`;

/** One step: its line, then its time; the tool's output only when it fails (or with --verbose). */
function step(label, command, args) {
  process.stdout.write(`  ${label}…${verbose ? '\n' : ''}`);
  const since = Date.now();
  const result = spawnSync(command, args, { stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stdout.write(' failed\n');
    if (!verbose) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(verbose ? `  ${label}: ${seconds(since)}\n` : ` ${seconds(since)}\n`);
  // Warnings a tool writes on success are still shown (the build's own known ones are silenced at their source).
  if (!verbose && result.stderr) process.stderr.write(result.stderr);
}

console.log(
  !process.argv.includes('--if-needed')
    ? 'Building the shop…'
    : built
      ? 'The code changed since the last build: building the shop again (about 30 s)…'
      : 'Building the shop (about 30 s, once: later starts skip this)…',
);
rmSync(STAMP, { force: true });
rmSync('dist/server', { recursive: true, force: true });
step('the server (TypeScript)', 'npx', ['tsc', '-p', 'tsconfig.build.json']);
if (existsSync('vite.config.ts')) {
  step('the web app (Vite)', 'npx', ['vite', 'build', ...(verbose ? [] : ['--logLevel', 'warn'])]);
  // The demo photos and banners are drawn once here: the seed reads them as files.
  step('the demo photos and banners', 'node', ['dist/server/cli/render-art.js']);
  if (existsSync('scripts/compress.mjs')) step('precompressing the web app (brotli, gzip)', 'node', ['scripts/compress.mjs', 'dist/web']);
}
writeFileSync(STAMP, current);
console.log(`Built in ${seconds(startedAt)}.`);
