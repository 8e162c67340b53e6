// The storefront's first load, measured on the wire: starts the built server (empty database), asks for `/`
// and for every script, module preload and stylesheet its HTML names, plus whatever the first render of
// `/` loads besides (the home route's chunk and CSS, should it be lazily loaded, per Vite's manifest), each
// with `Accept-Encoding: br, gzip` as a browser sends it, and adds up the bytes received (the compressed
// body). Prints each file and the total, and fails above the budget. Run after `npm run build`.
// Images (banners, photos, icon) and the API's JSON answers (data, sized by the catalogue) are not counted.
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startBuiltServer } from './built-server.mjs';

export const BUDGET_BYTES = 60 * 1024;
const WEB_DIR = 'dist/web';
const MANIFEST = join(WEB_DIR, '.vite/manifest.json');
/** The route module whose screen the first render of `/` shows. */
const HOME_ROUTE = 'app/routes/home.tsx';

/** GET a path as a browser would; resolves to the raw (still compressed) body and the headers. */
function get(origin, path, accept) {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers: { accept, 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What the HTML names: scripts, module preloads and stylesheets, in order. */
function namedAssets(html) {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const assets = [];
  for (const tag of tags) {
    const attr = (name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
    if (tag.startsWith('<script') && attr('src')) assets.push(attr('src'));
    else if (tag.startsWith('<link') && ['modulepreload', 'stylesheet'].includes(attr('rel') ?? '') && attr('href')) {
      assets.push(attr('href'));
    }
  }
  return assets;
}

/** The home route's own chunk, the chunks it imports and their CSS, when Vite split it from the entry. */
function lazyHomeAssets() {
  if (!existsSync(MANIFEST)) return [];
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  if (!manifest[HOME_ROUTE]) return [];
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(HOME_ROUTE);
  return [...files];
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const server = await startBuiltServer({ name: 'emporium-size', env: { SEED_DEMO: 'false' } });
let total = 0;
const problems = [];
try {
  const page = await get(server.origin, '/', 'text/html');
  if (page.status !== 200) throw new Error(`GET / answered ${page.status}`);
  const decode = { br: brotliDecompressSync, gzip: gunzipSync }[page.headers['content-encoding']] ?? ((body) => body);
  const html = decode(page.body).toString('utf8');
  const assets = [...new Set([...namedAssets(html), ...lazyHomeAssets()])];

  console.log(`First load of / on the wire (Accept-Encoding: br, gzip), from the built server at ${server.origin}:\n`);
  const rows = [['/', page]];
  for (const asset of assets) rows.push([asset, await get(server.origin, asset, '*/*')]);
  for (const [path, answer] of rows) {
    const encoding = answer.headers['content-encoding'] ?? 'none';
    const length = Number(answer.headers['content-length'] ?? answer.body.length);
    if (answer.status !== 200) problems.push(`${path} answered ${answer.status}`);
    if (length !== answer.body.length) problems.push(`${path}: content-length ${length}, received ${answer.body.length}`);
    if (encoding === 'none' && answer.body.length >= 1024) problems.push(`${path} was sent uncompressed`);
    if (/admin/.test(path)) problems.push(`${path}: the administrator area is part of the first load`);
    total += answer.body.length;
    console.log(`${path.padEnd(44)} ${encoding.padEnd(5)} ${kB(answer.body.length).padStart(9)}`);
  }
  console.log(`${'total'.padEnd(44)} ${''.padEnd(5)} ${kB(total).padStart(9)}  (budget ${kB(BUDGET_BYTES)})`);
  console.log('Not counted: images (banners, product photos, the icon) and the API answers the page asks for.');
} finally {
  await server.stop();
}

if (total > BUDGET_BYTES) problems.push(`over the first-load budget by ${kB(total - BUDGET_BYTES)}`);
if (problems.length > 0) {
  for (const problem of problems) console.error(`FAIL: ${problem}`);
  process.exit(1);
}
