// Precompress the built web app's text files (scripts, styles, SVG, …) once, at build time: a .br and a
// .gz next to each, which the server sends to browsers that ask for them (no compression per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const MIN_BYTES = 512;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const dir = process.argv[2] ?? 'dist/web';
let before = 0;
let after = 0;
for (const file of walk(dir)) {
  if (!COMPRESSIBLE.has(extname(file))) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  after += br.length;
}
console.log(`precompressed ${dir}: ${(before / 1024).toFixed(0)} kB of text, ${(after / 1024).toFixed(0)} kB as brotli`);
