import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_PHOTOS_MAX } from '../../src/contract/limits.ts';
import type { SetVariantsBody } from '../../src/contract/variants.ts';
import { combinations } from '../../src/domain/variants.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, multipart, pngImage } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const P = '/api/v1/product';
const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Red', 'Blue', 'Green', 'Black'];

/** A 3 x 4 grid: every size and colour, prices by size, stock 2 each. */
function tshirtGrid(prefix: string): SetVariantsBody {
  const options = [
    { name: 'Size', values: SIZES },
    { name: 'Colour', values: COLOURS },
  ];
  return {
    options,
    variants: combinations(options).map(([size = '', colour = ''], i) => ({
      sku: `${prefix}-${size}-${colour}`.toUpperCase(),
      price: 10 + SIZES.indexOf(size) * 2.5,
      compareAtPrice: size === 'L' ? 20 : null,
      quantity: 2,
      weight: 150 + i,
      options: [size, colour],
    })),
  };
}

describe('variants: options, the variant grid and SKUs', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  const setGrid = (id: number | string, body: unknown) =>
    call(t.app, 'PUT', `${P}/product-variants/${id}`, { token: admin.token, body });
  const publicVariants = (slug: string) => call(t.app, 'GET', `${P}/product-variants/${slug}`);
  const getProduct = async (slug: string) => (await call(t.app, 'GET', `${P}/get-product/${slug}`)).json().product;

  it('a product without options is one variant with its price and stock', async () => {
    const product = await makeProduct(t.database.db, { categoryId, name: 'Plain Mug', price: 7.5, quantity: 4 });
    const res = await publicVariants(product.slug);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.options).toEqual([]);
    expect(body.variants).toEqual([
      { _id: expect.any(String), sku: null, price: 7.5, compareAtPrice: null, quantity: 4, weight: null, options: [], photos: [] },
    ]);
    // The specification's update call reaches the one variant.
    await t.database.db.execute(sql`update products set price_cents = 900, quantity = 6 where id = ${product.id}`);
    await t.noticesSettled();
    const after = (await publicVariants(product.slug)).json().variants[0];
    expect([after.price, after.quantity]).toEqual([9, 6]);
    // A price alone, and then a stock alone, reach it too.
    const variantAfter = async (change: ReturnType<typeof sql>) => {
      await t.database.db.execute(change);
      await t.noticesSettled();
      const variant = (await publicVariants(product.slug)).json().variants[0];
      return [variant.price, variant.quantity];
    };
    expect(await variantAfter(sql`update products set price_cents = 1100 where id = ${product.id}`)).toEqual([11, 6]);
    expect(await variantAfter(sql`update products set quantity = 2 where id = ${product.id}`)).toEqual([11, 2]);
  });

  it('sets a 3 x 4 grid; the product answers its lowest price, its stock summed, and edits keep variant ids', async () => {
    const product = await makeProduct(t.database.db, { categoryId, name: 'Grid Tee', price: 99, quantity: 1 });
    const res = await setGrid(product.id, tshirtGrid('tee'));
    expect(res.statusCode, res.body).toBe(200);
    const grid = res.json();
    expect(grid.options).toEqual([
      { name: 'Size', values: SIZES },
      { name: 'Colour', values: COLOURS },
    ]);
    expect(grid.variants).toHaveLength(12);
    expect(grid.variants[0]).toMatchObject({ sku: 'TEE-S-RED', price: 10, quantity: 2, weight: 150, options: ['S', 'Red'], lowStockThreshold: 5 });
    expect(grid.variants[11]).toMatchObject({ sku: 'TEE-L-BLACK', price: 15, compareAtPrice: 20, options: ['L', 'Black'] });
    // The specification's calls: price the lowest variant price, quantity the sum of stock.
    const wire = await getProduct(product.slug);
    expect([wire.price, wire.quantity]).toEqual([10, 24]);
    // The public answer has no thresholds.
    expect((await publicVariants(product.slug)).json().variants[0].lowStockThreshold).toBeUndefined();

    // Edit: drop the S sizes, raise M/Red, reorder the colours: kept variants keep their ids.
    const kept = grid.variants.filter((variant: { options: string[] }) => variant.options[0] !== 'S');
    const edited = {
      options: [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Black', 'Red', 'Blue', 'Green'] },
      ],
      variants: kept.map((variant: { _id: string; sku: string; price: number; options: string[] }) => ({
        _id: variant._id,
        sku: variant.sku,
        price: variant.options.join('/') === 'M/Red' ? 30 : variant.price,
        quantity: 5,
        options: variant.options,
      })),
    };
    const second = await setGrid(product.id, edited);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().variants.map((variant: { _id: string }) => variant._id)).toEqual(kept.map((variant: { _id: string }) => variant._id));
    expect(second.json().options[1].values).toEqual(['Black', 'Red', 'Blue', 'Green']);
    const after = await getProduct(product.slug);
    expect([after.price, after.quantity]).toEqual([12.5, 40]);
  });

  it('stock an order takes from the product comes from its variants in order, the first in stock first', async () => {
    const product = await makeProduct(t.database.db, { categoryId, name: 'Stock Tee' });
    const grid = tshirtGrid('stock');
    grid.variants[0] = { ...grid.variants[0], quantity: 0, options: ['S', 'Red'], price: 10 };
    expect((await setGrid(product.id, grid)).statusCode).toBe(200);
    // As the order module does: take 3 from the product, then give 1 back.
    await t.database.db.execute(sql`update products set quantity = quantity - 3 where id = ${product.id}`);
    await t.noticesSettled();
    let variants = (await publicVariants(product.slug)).json().variants.map((variant: { quantity: number }) => variant.quantity);
    expect(variants.slice(0, 4)).toEqual([0, 0, 1, 2]);
    await t.database.db.execute(sql`update products set quantity = quantity + 1 where id = ${product.id}`);
    await t.noticesSettled();
    variants = (await publicVariants(product.slug)).json().variants.map((variant: { quantity: number }) => variant.quantity);
    expect(variants.slice(0, 4)).toEqual([1, 0, 1, 2]);
    expect((await getProduct(product.slug)).quantity).toBe(variants.reduce((sum: number, n: number) => sum + n, 0));
  });

  it('refuses a SKU another product has (409), changing nothing', async () => {
    const first = await makeProduct(t.database.db, { categoryId, name: 'Sku Owner' });
    const second = await makeProduct(t.database.db, { categoryId, name: 'Sku Thief' });
    expect((await setGrid(first.id, tshirtGrid('owned'))).statusCode).toBe(200);
    const before = await snapshotDatabase(t.database.db);
    const grid = tshirtGrid('thief');
    grid.variants[5] = { ...grid.variants[5], sku: 'OWNED-M-BLUE', price: 1, quantity: 1, options: grid.variants[5]?.options ?? [] };
    const res = await setGrid(second.id, grid);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('variants.5.sku: OWNED-M-BLUE is the SKU of another product');
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  describe('bad grids answer 400 naming the field, and change nothing', () => {
    let productId: number;
    beforeAll(async () => {
      productId = (await makeProduct(t.database.db, { categoryId, name: 'Refused Tee' })).id;
      expect((await setGrid(productId, tshirtGrid('refused'))).statusCode).toBe(200);
    });

    const grid = tshirtGrid('bad');
    const variant = { price: 1, quantity: 1 };
    const cases: [string, unknown, string][] = [
      [
        'more than 3 options',
        {
          options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
          variants: [{ ...variant, options: ['x', 'x', 'x', 'x'] }],
        },
        'options: at most 3 options',
      ],
      [
        'more than 100 values',
        {
          options: [{ name: 'Number', values: Array.from({ length: 101 }, (_, i) => `n${i}`) }],
          variants: [{ ...variant, options: ['n1'] }],
        },
        'options.0.values: at most 100 values an option',
      ],
      [
        'more than 2,048 variants',
        {
          options: [
            { name: 'A', values: Array.from({ length: 100 }, (_, i) => `a${i}`) },
            { name: 'B', values: Array.from({ length: 21 }, (_, i) => `b${i}`) },
          ],
          variants: Array.from({ length: 2049 }, (_, i) => ({ ...variant, options: [`a${i % 100}`, `b${Math.floor(i / 100)}`] })),
        },
        'variants: at most 2048 variants a product',
      ],
      [
        'a repeated option value',
        { options: [{ name: 'Size', values: ['S', 'M', 's'] }], variants: [{ ...variant, options: ['S'] }] },
        'options.0.values.2: repeats the value s',
      ],
      [
        'a variant naming a value its product lacks',
        { options: grid.options, variants: [{ ...variant, options: ['S', 'Purple'] }] },
        'variants.0.options.1: Purple is not a value of Colour',
      ],
      [
        'two variants with the same combination',
        {
          options: grid.options,
          variants: [
            { ...variant, options: ['S', 'Red'] },
            { ...variant, options: ['M', 'Red'] },
            { ...variant, options: ['s', 'red'] },
          ],
        },
        'variants.2.options: the same combination as variant 1',
      ],
      [
        'a SKU twice in the grid',
        {
          options: grid.options,
          variants: [
            { ...variant, sku: 'TWICE', options: ['S', 'Red'] },
            { ...variant, sku: 'TWICE', options: ['M', 'Red'] },
          ],
        },
        'variants.1.sku: TWICE is also the SKU of variant 1',
      ],
      ['no variant', { options: [], variants: [] }, 'variants: needs at least one variant'],
      ['a negative price', { options: [], variants: [{ price: -1, quantity: 1, options: [] }] }, 'variants.0.price: must be 0 or more'],
      ['a variant of another product', { options: [], variants: [{ ...variant, _id: '999999', options: [] }] }, 'variants.0._id: not a variant of this product'],
    ];
    it.each(cases)('%s', async (_name, body, message) => {
      const before = await snapshotDatabase(t.database.db);
      const res = await setGrid(productId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
      expect(await snapshotDatabase(t.database.db)).toEqual(before);
    });

    it('a grid of exactly 2,048 variants is taken', async () => {
      const options = [
        { name: 'A', values: Array.from({ length: 64 }, (_, i) => `a${i}`) },
        { name: 'B', values: Array.from({ length: 32 }, (_, i) => `b${i}`) },
      ];
      const variants = combinations(options).map((values, i) => ({ sku: `big-${i}`, price: 1 + (i % 7), quantity: 1, options: values }));
      expect(variants).toHaveLength(2048);
      const res = await setGrid(productId, { options, variants });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().variants).toHaveLength(2048);
      const product = (await call(t.app, 'GET', `${P}/admin-product/${productId}`, { token: admin.token })).json().product;
      expect([product.price, product.quantity]).toEqual([1, 2048]);
    });
  });

  it('only an administrator sets a grid; an unknown product is 404', async () => {
    const product = await makeProduct(t.database.db, { categoryId, name: 'Guarded Tee' });
    expect((await call(t.app, 'PUT', `${P}/product-variants/${product.id}`, { body: tshirtGrid('x') })).statusCode).toBe(401);
    expect((await setGrid(999999, tshirtGrid('none'))).statusCode).toBe(404);
    expect((await publicVariants('no-such-product')).statusCode).toBe(404);
  });
});

describe('variants: the photo gallery', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  async function addPhoto(productId: number, data: Buffer, alt = '') {
    const form = await multipart({ alt }, { field: 'photo', data, filename: 'p.png', type: 'image/png' });
    return call(t.app, 'POST', `${P}/product-photos/${productId}`, { token: admin.token, headers: form.headers, body: form.payload });
  }

  it('takes up to 20 photos with alt text, refuses a 21st and a file that is not an image, changing nothing', async () => {
    const product = await makeProduct(t.database.db, { categoryId, name: 'Gallery Lamp' });
    expect(product.hasPhoto).toBe(false);
    const colours = Array.from({ length: PRODUCT_PHOTOS_MAX }, (_, i) => `#${(i * 12).toString(16).padStart(2, '0')}3366`);
    let last;
    for (const [i, colour] of colours.entries()) {
      last = await addPhoto(product.id, await pngImage(colour, 40), `Lamp ${i + 1}`);
      expect(last.statusCode, last.body).toBe(201);
    }
    const photos = last?.json().photos;
    expect(photos).toHaveLength(20);
    expect(photos[0].alt).toBe('Lamp 1');
    const before = await snapshotDatabase(t.database.db);
    const extra = await addPhoto(product.id, await pngImage('#000000', 40));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('photo: a product has at most 20 photos');
    const other = await makeProduct(t.database.db, { categoryId, name: 'Text Lamp' });
    const before2 = await snapshotDatabase(t.database.db);
    const text = await addPhoto(other.id, Buffer.from('not an image at all'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('photo: must be a JPEG, PNG, WebP, GIF or AVIF image');
    expect(await snapshotDatabase(t.database.db)).toEqual(before2);
    expect(before2).not.toEqual(before); // (the second product was made between the two)
  });

  it('reorders by naming the gallery in order; the first photo is the product photo; deleting the last clears hasPhoto', async () => {
    const product = await makeProduct(t.database.db, { categoryId, name: 'Ordered Lamp' });
    const red = await pngImage('#ff0000', 1600);
    const blue = await pngImage('#0000ff', 50);
    await addPhoto(product.id, red, 'Red');
    const added = (await addPhoto(product.id, blue, 'Blue')).json().photos;
    const pixel = async (url: string) => {
      const res = await call(t.app, 'GET', url);
      expect(res.statusCode).toBe(200);
      const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      return [data[0], data[1], data[2]];
    };
    expect(await pixel(`${P}/product-photo/${product.id}`)).toEqual([255, 0, 0]);
    // The 1280 copy of a large photo.
    const large = await call(t.app, 'GET', `${P}/gallery-photo/${added[0]._id}`, { query: { w: '1280' } });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(1280);

    const arranged = await call(t.app, 'PUT', `${P}/product-photos/${product.id}`, {
      token: admin.token,
      body: { photos: [{ _id: added[1]._id, alt: 'Blue lamp' }, { _id: added[0]._id, alt: 'Red lamp' }] },
    });
    expect(arranged.statusCode, arranged.body).toBe(200);
    expect(arranged.json().photos.map((photo: { alt: string }) => photo.alt)).toEqual(['Blue lamp', 'Red lamp']);
    expect((await pixel(`${P}/product-photo/${product.id}`))[2]).toBe(255);

    const before = await snapshotDatabase(t.database.db);
    const partial = await call(t.app, 'PUT', `${P}/product-photos/${product.id}`, {
      token: admin.token,
      body: { photos: [{ _id: added[1]._id, alt: '' }] },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe("photos: must name each of the product's 2 photos once");
    expect(await snapshotDatabase(t.database.db)).toEqual(before);

    for (const photo of added) {
      expect((await call(t.app, 'DELETE', `${P}/product-photos/${product.id}/${photo._id}`, { token: admin.token })).statusCode).toBe(200);
    }
    const wire = (await call(t.app, 'GET', `${P}/get-product/${product.slug}`)).json().product;
    expect(wire.hasPhoto).toBe(false);
    expect((await call(t.app, 'GET', `${P}/product-photo/${product.id}`)).statusCode).toBe(404);
  });

  it('a variant names the photos that show it; a photo of another product is refused', async () => {
    const product = await makeProduct(t.database.db, { categoryId, name: 'Photo Tee' });
    const stranger = await makeProduct(t.database.db, { categoryId, name: 'Stranger Tee' });
    const [red] = (await addPhoto(product.id, await pngImage('#ff0000', 40), 'Red tee')).json().photos;
    const [foreign] = (await addPhoto(stranger.id, await pngImage('#00ff00', 40))).json().photos;
    const options = [{ name: 'Colour', values: ['Red', 'Blue'] }];
    const res = await call(t.app, 'PUT', `${P}/product-variants/${product.id}`, {
      token: admin.token,
      body: { options, variants: [{ price: 5, quantity: 1, options: ['Red'], photos: [red._id] }, { price: 6, quantity: 1, options: ['Blue'] }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [redVariant, blueVariant] = res.json().variants;
    expect(redVariant.photos).toEqual([red._id]);
    const set = await call(t.app, 'PUT', `${P}/variant-photos/${blueVariant._id}`, { token: admin.token, body: { photos: [red._id] } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().variants[1].photos).toEqual([red._id]);
    const before = await snapshotDatabase(t.database.db);
    const refused = await call(t.app, 'PUT', `${P}/variant-photos/${blueVariant._id}`, { token: admin.token, body: { photos: [foreign._id] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('photos.0: not a photo of this product');
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });
});
