// What a build is made from, as one hash: the build writes it to dist/.build-fingerprint, `npm start`
// (scripts/build.mjs --if-needed) and the tests that start the server as a process compare it with the
// sources' to know whether dist/ is the current code.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const STAMP = 'dist/.build-fingerprint';
const INPUTS = ['src', 'scripts/build.mjs', 'scripts/build-fingerprint.mjs', 'scripts/compress.mjs', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/** The hash of every build input, in a fixed order. */
export function fingerprint() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Whether the last build wrote this fingerprint. */
export function stampIs(current) {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8') === current;
}

/** Whether dist/ was built from exactly the sources here. */
export function builtIsCurrent() {
  return existsSync('dist/server/server.js') && stampIs(fingerprint());
}
