// The storefront's first load: the entry script, the scripts it preloads and the CSS that index.html
// names, gzipped. Prints the figures and fails above the budget. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 120 * 1024;
const dir = process.argv[2] ?? 'dist/web';
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const assets = [
  ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
].map((match) => match[1]);

let total = 0;
for (const asset of [...new Set(assets)]) {
  const bytes = readFileSync(join(dir, asset.replace(/^\//, '')));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  total += gzipped;
  console.log(`${asset.padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(7)} kB  gzip ${(gzipped / 1024).toFixed(1).padStart(6)} kB`);
}
const admin = html.includes('admin') ? ' (index.html names an admin asset!)' : '';
console.log(`first load: ${(total / 1024).toFixed(1)} kB gzip of ${BUDGET_BYTES / 1024} kB budget${admin}`);
if (total > BUDGET_BYTES || admin) {
  console.error('Over the first-load budget.');
  process.exit(1);
}
