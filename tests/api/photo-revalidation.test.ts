import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MadeUser, makeAdmin, makeCategory, multipart } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const photoOf = (color: string) => sharp({ create: { width: 400, height: 300, channels: 3, background: color } }).jpeg().toBuffer();

/**
 * A photo's revalidation (If-None-Match with its ETag) is answered 304 from the ETag the process keeps
 * until the catalogue changes: no query, even with no answer cache (CACHE_MAX_MB=0). A changed photo, here
 * or behind the app's back, gets its new ETag.
 */
describe('product photo revalidation without the database', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;
  let queries: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ CACHE_MAX_MB: '0' }, { onQuery: (text) => queries.push(text) });
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  async function save(photo: Buffer, id?: string) {
    const form = await multipart(
      { name: 'Revalidated lamp', description: 'A lamp.', price: '10', quantity: '1', category: String(categoryId) },
      { field: 'photo', data: photo, filename: 'lamp.jpg', type: 'image/jpeg' },
    );
    const url = id ? `/api/v1/product/update-product/${id}` : '/api/v1/product/create-product';
    const res = await call(t.app, id ? 'PUT' : 'POST', url, { token: admin.token, headers: form.headers, body: form.payload });
    expect(res.statusCode, res.body).toBe(id ? 200 : 201);
    // The database's notice of this change comes too (and drops what is kept): not in the middle of a check.
    await t.noticesSettled();
    return res.json().product._id as string;
  }
  const get = (id: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', `/api/v1/product/product-photo/${id}`, { query, headers });
  /** A photo of a product's gallery (its id in the gallery, `gallery:<id>`) or a product's photo (its product's id). */
  const getAny = (id: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    id.startsWith('gallery:') ? call(t.app, 'GET', `/api/v1/product/gallery-photo/${id.slice(8)}`, { query, headers }) : get(id, query, headers);

  /** The photo's ETag (and its copy's), then a matching revalidation: 304 with the ETag, and no query. */
  async function expectRevalidatedWithoutQuery(id: string, query: Record<string, string>): Promise<string> {
    const first = await getAny(id, query);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    queries = [];
    const again = await getAny(id, query, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(queries, JSON.stringify(query)).toEqual([]);
    return etag;
  }

  it('answers 304 with no query, for the photo and its smaller copies', async () => {
    const id = await save(await photoOf('#3366ff'));
    await expectRevalidatedWithoutQuery(id, {});
    await expectRevalidatedWithoutQuery(id, { w: '320' });
    await expectRevalidatedWithoutQuery(id, { w: '640', v: '1' });
  });

  it('a new photo gets a new ETag at once; the old one is answered with the new photo', async () => {
    const id = await save(await photoOf('#aa3300'));
    const before = await expectRevalidatedWithoutQuery(id, {});
    const copyBefore = await expectRevalidatedWithoutQuery(id, { w: '320' });
    await save(await photoOf('#00aa33'), id);
    for (const [query, old] of [[{}, before], [{ w: '320' }, copyBefore]] as const) {
      const res = await get(id, query, { 'if-none-match': old });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(old);
    }
    await expectRevalidatedWithoutQuery(id, {});
  });

  it('a photo changed behind the app (SQL, another process) gets its new ETag once the notice arrives', async () => {
    const id = await save(await photoOf('#777700'));
    const before = await expectRevalidatedWithoutQuery(id, {});
    await t.database.db.execute(sql`update product_photos set etag = '"changed-behind"' where product_id = ${Number(id)}`);
    await t.noticesSettled();
    const res = await get(id, {}, { 'if-none-match': before });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"changed-behind"');
  });

  /** A second photo added to the product's gallery: its id there. */
  async function addToGallery(productId: string, photo: Buffer): Promise<string> {
    const form = await multipart({ alt: 'From the side' }, { field: 'photo', data: photo, filename: 'side.jpg', type: 'image/jpeg' });
    const res = await call(t.app, 'POST', `/api/v1/product/product-photos/${productId}`, { token: admin.token, headers: form.headers, body: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    await t.noticesSettled();
    const photos = res.json().photos as { _id: string }[];
    return (photos.at(-1) as { _id: string })._id;
  }

  it("a gallery photo and its copies: 304 with no query; changed behind the app, its new ETag once the notice arrives", async () => {
    const productId = await save(await photoOf('#223344'));
    const photoId = await addToGallery(productId, await photoOf('#445566'));
    const before = await expectRevalidatedWithoutQuery(`gallery:${photoId}`, {});
    await expectRevalidatedWithoutQuery(`gallery:${photoId}`, { w: '320' });
    await expectRevalidatedWithoutQuery(`gallery:${photoId}`, { w: '1280', v: '2' });
    await t.database.db.execute(sql`update product_photos set etag = '"gallery-changed"' where id = ${Number(photoId)}`);
    await t.noticesSettled();
    const res = await getAny(`gallery:${photoId}`, {}, { 'if-none-match': before });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"gallery-changed"');
    // A photo taken out of the gallery is gone, revalidated or not.
    const gone = await call(t.app, 'DELETE', `/api/v1/product/product-photos/${productId}/${photoId}`, { token: admin.token });
    expect(gone.statusCode, gone.body).toBe(200);
    await t.noticesSettled();
    expect((await getAny(`gallery:${photoId}`, {}, { 'if-none-match': '"gallery-changed"' })).statusCode).toBe(404);
  });
});
