import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_ENTRIES } from '../../src/contract/limits.ts';
import { PRODUCT_PRICE_MAX } from '../../src/contract/product.ts';
import { registerErrorHandling } from '../../src/server/plugins/errors.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, multipart, pngImage } from '../factories.ts';
import sharp from 'sharp';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { expectSamePicture } from '../setup/pictures.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';

const NUL = 'Tea\u0000Pot';
const LONE_SURROGATE = 'Tea \ud83d Pot';
const BELL = 'Tea\u0007Pot';
const BROKEN = 'must be valid text (it holds a broken character)';
const CONTROL = 'must not hold control characters or line breaks';
const CONTROL_MULTILINE = 'must not hold control characters (only tabs and line breaks)';

describe('hardening: bad input answers a clear 4xx and changes nothing', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;
  let categoryId: number;
  let productId: number;
  const queries: string[] = [];

  beforeAll(async () => {
    // An order of 100 units at the highest price (the total's range): the limits on unpaid orders are off here.
    t = await createTestApp(NO_ORDER_LIMITS, { onQuery: (text) => queries.push(text) });
    admin = await makeAdmin(t.database.db);
    shopper = await makeUser(t.database.db);
    categoryId = (await makeCategory(t.database.db, 'Kitchen')).id;
    productId = (await makeProduct(t.database.db, { categoryId, name: 'Kettle', price: 20 })).id;
  });
  afterAll(() => t.close());

  /** Call, expect 400 with a message that starts with `field: ` and says `problem`, and that nothing changed. */
  async function expectRefused(send: () => ReturnType<typeof call>, field: string, problem: string) {
    const before = await snapshotDatabase(t.database.db);
    const res = await send();
    expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
    expect(res.json()).toEqual({ success: false, message: `${field}: ${problem}` });
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  }

  const registration = (overrides: Record<string, unknown>) => ({
    name: 'Ada',
    email: `ada-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'secret-pass',
    phone: '555-0100',
    address: '1 Main Street',
    answer: 'Football',
    ...overrides,
  });

  describe('text fields: well-formed Unicode, no control characters', () => {
    const accountFields: Array<[string, string]> = [
      ['name', 'register'],
      ['phone', 'register'],
      ['answer', 'register'],
      ['password', 'register'],
    ];
    for (const [field] of accountFields) {
      it(`register refuses a NUL, a lone surrogate or a control character in ${field}`, async () => {
        for (const [value, problem] of [
          [NUL, CONTROL],
          [LONE_SURROGATE, BROKEN],
          [BELL, CONTROL],
        ] as const) {
          await expectRefused(
            () => call(t.app, 'POST', '/api/v1/auth/register', { body: registration({ [field]: `${value}-long-enough` }) }),
            field,
            problem,
          );
        }
      });
    }

    it('register and profile take a multi-line address, but no NUL or other control character in it', async () => {
      const ok = await call(t.app, 'POST', '/api/v1/auth/register', {
        body: registration({ address: '1 Main Street\r\nFlat 2\tBack door' }),
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().user.address).toBe('1 Main Street\nFlat 2\tBack door');
      await expectRefused(
        () => call(t.app, 'POST', '/api/v1/auth/register', { body: registration({ address: `1 Main ${NUL}` }) }),
        'address',
        CONTROL_MULTILINE,
      );
      await expectRefused(
        () => call(t.app, 'PUT', '/api/v1/auth/profile', { token: shopper.token, body: { address: LONE_SURROGATE } }),
        'address',
        BROKEN,
      );
    });

    it('register refuses a broken e-mail address', async () => {
      await expectRefused(
        () => call(t.app, 'POST', '/api/v1/auth/register', { body: registration({ email: `a\u0000b@example.com` }) }),
        'email',
        CONTROL,
      );
    });

    it('login and forgot-password refuse broken text before looking anything up', async () => {
      await expectRefused(
        () => call(t.app, 'POST', '/api/v1/auth/login', { body: { email: shopper.email, password: NUL } }),
        'password',
        CONTROL,
      );
      await expectRefused(
        () =>
          call(t.app, 'POST', '/api/v1/auth/forgot-password', {
            body: { email: shopper.email, answer: LONE_SURROGATE, newPassword: 'another-pass' },
          }),
        'answer',
        BROKEN,
      );
    });

    it('profile refuses a NUL or lone surrogate in name and phone', async () => {
      for (const field of ['name', 'phone']) {
        await expectRefused(
          () => call(t.app, 'PUT', '/api/v1/auth/profile', { token: shopper.token, body: { [field]: NUL } }),
          field,
          CONTROL,
        );
        await expectRefused(
          () => call(t.app, 'PUT', '/api/v1/auth/profile', { token: shopper.token, body: { [field]: LONE_SURROGATE } }),
          field,
          BROKEN,
        );
      }
    });

    it('category create and update refuse a NUL or a lone surrogate', async () => {
      for (const [value, problem] of [
        [NUL, CONTROL],
        [LONE_SURROGATE, BROKEN],
      ] as const) {
        await expectRefused(
          () => call(t.app, 'POST', '/api/v1/category/create-category', { token: admin.token, body: { name: value } }),
          'name',
          problem,
        );
        await expectRefused(
          () =>
            call(t.app, 'PUT', `/api/v1/category/update-category/${categoryId}`, {
              token: admin.token,
              body: { name: value },
            }),
          'name',
          problem,
        );
      }
    });

    const productForm = (overrides: Record<string, string>) => ({
      name: 'Teapot',
      description: 'A round teapot.',
      price: '12.50',
      quantity: '3',
      category: String(categoryId),
      ...overrides,
    });
    const sendProduct = async (method: 'POST' | 'PUT', fields: Record<string, string>) => {
      const form = await multipart(fields);
      const url = method === 'POST' ? '/api/v1/product/create-product' : `/api/v1/product/update-product/${productId}`;
      return call(t.app, method, url, { token: admin.token, headers: form.headers, body: form.payload });
    };

    it('product create and update refuse broken text in name and description; the description may hold line breaks', async () => {
      // (A multipart body is UTF-8, which cannot carry a lone surrogate: a browser sends U+FFFD instead.)
      for (const method of ['POST', 'PUT'] as const) {
        await expectRefused(() => sendProduct(method, productForm({ name: NUL })), 'name', CONTROL);
        await expectRefused(() => sendProduct(method, productForm({ name: 'Tea\nPot' })), 'name', CONTROL);
        await expectRefused(() => sendProduct(method, productForm({ description: `Round ${NUL}` })), 'description', CONTROL_MULTILINE);
        await expectRefused(() => sendProduct(method, productForm({ description: BELL })), 'description', CONTROL_MULTILINE);
      }
      const ok = await sendProduct('POST', productForm({ description: 'Round.\r\nHolds 1 litre.\n\tDishwasher safe.' }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().product.description).toBe('Round.\nHolds 1 litre.\n\tDishwasher safe.');
    });

    it('search refuses a keyword with a NUL or a lone surrogate (400), not a database error', async () => {
      const nul = await call(t.app, 'GET', '/api/v1/product/search/tea%00pot');
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({ success: false, message: `keyword: ${CONTROL}` });
      // A lone surrogate cannot be percent-encoded as UTF-8: the address itself is refused.
      const broken = await call(t.app, 'GET', '/api/v1/product/search/tea%ED%A0%BDpot');
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ success: false, message: 'The address is not valid' });
    });
  });

  describe('multipart bodies that are cut off or malformed', () => {
    async function sendRaw(contentType: string, payload: Buffer) {
      return call(t.app, 'POST', '/api/v1/product/create-product', {
        token: admin.token,
        headers: { 'content-type': contentType },
        body: payload,
      });
    }
    const MALFORMED = 'body: the multipart form is malformed or cut off; send it again';

    it('answers 400 with a clear message for a body cut off in the middle, and stores nothing', async () => {
      const form = await multipart(
        { name: 'Cut Teapot', description: 'Cut off.', price: '5', quantity: '1', category: String(categoryId) },
        { field: 'photo', data: await pngImage('#123456', 64), filename: 'p.png', type: 'image/png' },
      );
      const before = await snapshotDatabase(t.database.db);
      const cut = await sendRaw(form.headers['content-type'] ?? '', form.payload.subarray(0, form.payload.length - 40));
      expect(cut.statusCode).toBe(400);
      expect(cut.json()).toEqual({ success: false, message: MALFORMED });
      expect(await snapshotDatabase(t.database.db)).toEqual(before);
    });

    it('answers 400 for a wrong boundary or none at all', async () => {
      const form = await multipart({ name: 'X', description: 'Y', price: '5', quantity: '1', category: String(categoryId) });
      const before = await snapshotDatabase(t.database.db);
      const wrong = await sendRaw('multipart/form-data; boundary=not-the-one', form.payload);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().success).toBe(false);
      const none = await sendRaw('multipart/form-data', form.payload);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ success: false, message: MALFORMED });
      const garbage = await sendRaw('multipart/form-data; boundary=abc', Buffer.from('--abc\r\nthis is not a part header\r\n'));
      expect(garbage.statusCode).toBe(400);
      expect(await snapshotDatabase(t.database.db)).toEqual(before);
    });
  });

  describe('photos: the whole image is decoded and stored afresh, without metadata', () => {
    const create = async (name: string, data: Buffer, type = 'image/png') => {
      const form = await multipart(
        { name, description: 'Photo test.', price: '5', quantity: '1', category: String(categoryId) },
        { field: 'photo', data, filename: 'photo', type },
      );
      return call(t.app, 'POST', '/api/v1/product/create-product', { token: admin.token, headers: form.headers, body: form.payload });
    };
    const photoOf = (id: string) => call(t.app, 'GET', `/api/v1/product/product-photo/${id}`);

    it('a PNG followed by anything else is stored as the picture alone: what was appended is never served', async () => {
      const png = await pngImage('#336699', 64);
      const payload = '<script>alert(document.cookie)</script><?php system($_GET["c"]); ?>';
      const res = await create('Tailed Vase', Buffer.concat([png, Buffer.from(payload)]));
      expect(res.statusCode).toBe(201);
      const served = await photoOf(res.json().product._id);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.includes('<script>')).toBe(false);
      expect(served.rawPayload.includes('<?php')).toBe(false);
      await expectSamePicture(served.rawPayload, png);
    });

    it('strips EXIF, GPS and comments, and turns the picture upright', async () => {
      const jpeg = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#aa3300' } })
        .jpeg()
        .withExif({ IFD0: { Artist: 'Home Owner', ImageDescription: 'my house' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const sent = await sharp(jpeg).metadata();
      expect(sent.exif).toBeDefined();
      const res = await create('Geo Lamp', jpeg, 'image/jpeg');
      expect(res.statusCode).toBe(201);
      const served = await photoOf(res.json().product._id);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([30, 60]);
      expect(served.rawPayload.includes('Home Owner')).toBe(false);
    });

    it('refuses an image that is cut off after a valid header (400) and stores nothing', async () => {
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
        .png()
        .toBuffer();
      const before = await snapshotDatabase(t.database.db);
      const res = await create('Cut Photo', png.subarray(0, Math.floor(png.length / 2)));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'photo: the image is damaged or cut off' });
      expect(await snapshotDatabase(t.database.db)).toEqual(before);
    });
  });

  describe('numbers past what the columns hold', () => {
    it('refuses a price band beyond the highest price (400), instead of overflowing', async () => {
      for (const radio of [
        [1e9, 1e9],
        [0, 1e12],
        [PRODUCT_PRICE_MAX + 1, PRODUCT_PRICE_MAX + 2],
      ]) {
        const res = await call(t.app, 'POST', '/api/v1/product/product-filters', { body: { checked: [], radio } });
        expect(res.statusCode, JSON.stringify(radio)).toBe(400);
        expect(res.json().message).toMatch(/^radio\.\d: must be at most 1000000(; radio\.\d: must be at most 1000000)?$/);
      }
      const highest = await call(t.app, 'POST', '/api/v1/product/product-filters', {
        body: { checked: [], radio: [PRODUCT_PRICE_MAX, PRODUCT_PRICE_MAX] },
      });
      expect(highest.statusCode).toBe(200);
    });

    it(`takes an order of ${MAX_CART_ENTRIES} units at the highest price; its total does not overflow`, async () => {
      const dear = await makeProduct(t.database.db, {
        categoryId,
        name: 'Crown Jewel',
        price: PRODUCT_PRICE_MAX,
        quantity: MAX_CART_ENTRIES,
      });
      const buyer = await makeUser(t.database.db);
      const cart = Array.from({ length: MAX_CART_ENTRIES }, () => ({ _id: String(dear.id) }));
      const res = await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().order.total).toBe(PRODUCT_PRICE_MAX * MAX_CART_ENTRIES);
      const mine = await call(t.app, 'GET', '/api/v1/auth/orders', { token: buyer.token });
      expect(mine.json()[0].total).toBe(100_000_000);
    });
  });

  describe('paging far past the end', () => {
    const listQueries = () => queries.filter((text) => /from "products"/.test(text) && /offset/i.test(text));

    it('answers an empty page up to 2^31-1 on every paged list, without reading the rows', async () => {
      const calls: Array<[string, string, Record<string, unknown>?]> = [
        ['GET', '/api/v1/product/product-list/2147483647'],
        ['GET', '/api/v1/product/get-product?page=2147483647'],
        ['POST', '/api/v1/product/product-filters', { checked: [], radio: [0, 19], page: 2147483647 }],
        ['GET', '/api/v1/product/product-category/kitchen?page=2147483647'],
        ['GET', '/api/v1/product/search/kettle?page=2147483647'],
      ];
      for (const [method, url, body] of calls) {
        queries.length = 0;
        const res = await call(t.app, method as 'GET', url, body ? { body } : {});
        expect(res.statusCode, url).toBe(200);
        const json = res.json();
        expect(Array.isArray(json) ? json : json.products, url).toEqual([]);
        expect(listQueries(), url).toEqual([]);
      }
      for (const url of ['/api/v1/auth/orders?page=2147483647', '/api/v1/auth/all-orders?page=2147483647']) {
        queries.length = 0;
        const res = await call(t.app, 'GET', url, { token: admin.token });
        expect(res.statusCode, url).toBe(200);
        expect(res.json()).toEqual([]);
        expect(queries.filter((text) => /from "orders"/.test(text) && /offset/i.test(text)), url).toEqual([]);
      }
    });
  });

  describe('the error handler as a safety net', () => {
    it('answers any PostgreSQL data exception (class 22) with 400, never 500', async () => {
      const app = Fastify({ logger: false });
      registerErrorHandling(app);
      const db = t.database.db;
      app.get('/int', async () => db.execute(sql`select 'not a number'::int`));
      app.get('/overflow', async () => db.execute(sql`select 2147483647::int + 1`));
      app.get('/nul', async () => db.execute(sql`select ${'a\u0000b'}::text`));
      app.get('/date', async () => db.execute(sql`select '2024-13-45'::date`));
      await app.ready();
      for (const url of ['/int', '/overflow', '/nul', '/date']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ success: false, message: 'A value in the request is not valid' });
      }
      await app.close();
    });
  });
});
