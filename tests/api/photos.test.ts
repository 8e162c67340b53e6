import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhotoVariants } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, multipart } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const photoOf = (width: number, height: number, color = '#3366ff') =>
  sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();

describe('product photos: smaller WebP copies for cards and pages (?w=320, ?w=640)', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  async function create(photo: Buffer, method: 'POST' | 'PUT' = 'POST', id?: string) {
    const form = await multipart(
      { name: `Lamp ${Math.random()}`, description: 'A lamp.', price: '10', quantity: '1', category: String(categoryId) },
      { field: 'photo', data: photo, filename: 'lamp.jpg', type: 'image/jpeg' },
    );
    const url = method === 'POST' ? '/api/v1/product/create-product' : `/api/v1/product/update-product/${id}`;
    const res = await call(t.app, method, url, { token: admin.token, headers: form.headers, body: form.payload });
    expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
    return res.json().product._id as string;
  }
  const get = (id: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', `/api/v1/product/product-photo/${id}`, { query, headers });

  it('made when the photo is stored: WebP, 320 and 640 wide, the proportions kept, cacheable with a version', async () => {
    const id = await create(await photoOf(1200, 900));
    for (const width of [320, 640]) {
      const res = await get(id, { w: String(width), v: '1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 3) / 4]);
      const again = await get(id, { w: String(width) }, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
    const stored = await t.database.db.select({ width: productPhotoVariants.width }).from(productPhotoVariants);
    expect(stored.map((row) => row.width)).toEqual(expect.arrayContaining([320, 640]));
    // The photo itself is still there, as it was sent (re-encoded).
    const full = await sharp((await get(id, {})).rawPayload).metadata();
    expect([full.format, full.width]).toEqual(['jpeg', 1200]);
  });

  it('never wider than the photo', async () => {
    const id = await create(await photoOf(400, 200));
    expect((await sharp((await get(id, { w: '640' })).rawPayload).metadata()).width).toBe(400);
    expect((await sharp((await get(id, { w: '320' })).rawPayload).metadata()).width).toBe(320);
  });

  it('a new photo replaces its copies', async () => {
    const id = await create(await photoOf(800, 800, '#ff0000'));
    const before = (await get(id, { w: '320' })).headers.etag;
    await create(await photoOf(800, 800, '#00ff00'), 'PUT', id);
    const after = await get(id, { w: '320' });
    expect(after.headers.etag).not.toBe(before);
    const { dominant } = await sharp(after.rawPayload).stats();
    expect(dominant.g).toBeGreaterThan(200);
  });

  it('makes the copies of a photo stored before copies existed on first request, and keeps them', async () => {
    const legacy = await makeProduct(t.database.db, { categoryId, photo: await sharp({ create: { width: 900, height: 900, channels: 3, background: '#123456' } }).png().toBuffer() });
    const res = await get(String(legacy.id), { w: '320' });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
    const rows = await t.database.db.select().from(productPhotoVariants);
    expect(rows.some((row) => row.productId === legacy.id && row.width === 320)).toBe(true);
  });

  it('refuses another width (400), and answers 404 for a product without a photo', async () => {
    const id = await create(await photoOf(100, 100));
    const odd = await get(id, { w: '500' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('w: must be one of 320, 640, 1280');
    const bare = await makeProduct(t.database.db, { categoryId });
    expect((await get(String(bare.id), { w: '320' })).statusCode).toBe(404);
  });
});
