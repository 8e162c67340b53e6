// npm run bench:photos -- [--photos 20] [--engine pglite|postgres]
//
// Memory while the owner uploads a product's whole gallery of large phone photos (12 megapixels, several
// MB each) over real HTTP, one after the other as the admin's gallery editor sends them: the process's
// resident memory after each upload. Flat means the last uploads cost what the first ones did (each photo
// is read, resized into its WebP copies and let go), not that memory grows with the gallery.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app.ts';
import { testEnv } from '../../src/server/env.ts';
import { createTokens, resolveJwtSecret } from '../../src/server/modules/auth/tokens.ts';
import { insertUser } from '../../src/server/modules/user/repo.ts';
import { defaultEngine, throwawayDatabase } from './throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    photos: { type: 'string', default: '20' },
    engine: { type: 'string', default: defaultEngine() },
  },
});
const count = Math.min(20, Math.max(2, Number(args.photos)));
const dataDir = mkdtempSync(join(tmpdir(), 'emporium-photos-'));
const target = await throwawayDatabase(args.engine, `emporium_bench_photos_${process.pid}`);
const database = await target.open();
await database.migrate();
const owner = await insertUser(database.db, { name: 'Bench Owner', email: 'owner@bench.example', passwordHash: 'x', answerHash: 'x', phone: '', address: '', role: 1 });
const app = await buildApp({ env: testEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const authorization = await createTokens(await resolveJwtSecret(database.db, undefined), '1h').sign({ userId: owner.id, sessionVersion: 0 });

/** A phone photo: 4032 × 3024, noisy enough that JPEG keeps it large (about 5-9 MB). */
const phonePhoto = (seed: number) =>
  sharp({ create: { width: 4032, height: 3024, channels: 3, background: { r: 40 + seed * 9, g: 120, b: 200 - seed * 7 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 95 })
    .toBuffer();

async function send(path: string, fields: Record<string, string>, photo: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  const res = await fetch(`${base}/api/v1${path}`, { method: 'POST', headers: { authorization }, body: form });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const category = await fetch(`${base}/api/v1/category/create-category`, {
  method: 'POST',
  headers: { authorization, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Bench Photos' }),
}).then((res) => res.json() as Promise<{ category: { _id: string } }>);
// Two different photos, sent in turn (making one takes longer than sending it).
const [first, second] = [await phonePhoto(1), await phonePhoto(2)];
const photos = [second, first];
global.gc?.();
const before = process.memoryUsage().rss;
const created = await send('/product/create-product', { name: 'Bench Gallery', description: 'A product with a full gallery.', price: '10', quantity: '1', category: category.category._id, shipping: '0' }, first);
const productId = (created.product as { _id: string })._id;
const rows: { photo: number; bytes: number; ms: number; rss: number }[] = [];
for (let photo = 2; photo <= count; photo++) {
  const body = photos[photo % 2] ?? first;
  const started = performance.now();
  await send(`/product/product-photos/${productId}`, { alt: `Photo ${photo}` }, body);
  rows.push({ photo, bytes: body.length, ms: Math.round(performance.now() - started), rss: process.memoryUsage().rss });
}
console.log(`${args.engine}: ${count} photos of ${mb(Math.min(first.length, second.length))}-${mb(Math.max(first.length, second.length))} MB, resident memory before ${mb(before)} MB`);
console.log('| photo | upload | RSS after |\n|---|---|---|');
for (const row of rows) console.log(`| ${row.photo} | ${row.ms} ms | ${mb(row.rss)} MB |`);
const fifth = rows[Math.min(3, rows.length - 1)] ?? { photo: 2, rss: before };
const peak = Math.max(...rows.map((row) => row.rss));
console.log(`growth from photo ${fifth.photo} to the peak: ${mb(peak - fifth.rss)} MB; peak ${mb(peak)} MB`);
await app.close();
await database.close();
await target.drop();
rmSync(dataDir, { recursive: true, force: true });
