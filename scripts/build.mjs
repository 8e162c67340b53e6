// Build the server (TypeScript → dist/server) and the web app (Vite → dist/web), then precompress.
// `node scripts/build.mjs --if-needed` (what `npm start` runs first) builds only when the sources, the
// lock file or the build settings changed since the last build: a start after that is immediate.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-fingerprint';
const INPUTS = ['src', 'scripts/build.mjs', 'scripts/compress.mjs', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const current = fingerprint();
const built = existsSync('dist/server/server.js') && existsSync('dist/web/index.html');
if (process.argv.includes('--if-needed') && built && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === current) {
  process.exit(0);
}

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });
rmSync(STAMP, { force: true });
rmSync('dist/server', { recursive: true, force: true });
run('npx', ['tsc', '-p', 'tsconfig.build.json']);
if (existsSync('vite.config.ts')) {
  run('npx', ['vite', 'build']);
  // The banners and demo photos are drawn once here: the server serves or seeds them as files.
  run('node', ['dist/server/cli/render-art.js', 'dist/web/banners']);
  if (existsSync('scripts/compress.mjs')) run('node', ['scripts/compress.mjs', 'dist/web']);
}
writeFileSync(STAMP, current);
