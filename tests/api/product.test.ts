import { PHOTO_MAX_BYTES, PRODUCT_PAGE_SIZE } from '../../src/contract/limits.ts';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, PRODUCT_PRICE_MAX, PRODUCT_QUANTITY_MAX, RELATED_PRODUCTS_LIMIT, SEARCH_KEYWORD_MAX } from '../../src/contract/product.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, multipart, pngImage } from '../factories.ts';
import { expectSamePicture } from '../setup/pictures.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const P = '/api/v1/product';
const PAGE = PRODUCT_PAGE_SIZE;
/** No Authorization header at all (the `call` helper leaves out an empty token). */
const GUEST = '';

/** Exactly these keys: never photo bytes, the search vector, or anything else internal. */
const PRODUCT_KEYS = [
  '_id',
  'category',
  'createdAt',
  'description',
  'hasPhoto',
  'name',
  'price',
  'quantity',
  'shipping',
  'slug',
  'updatedAt',
];

interface WireCategory {
  _id: string;
  name: string;
  slug: string;
}
interface WireProduct {
  _id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  quantity: number;
  shipping: boolean;
  category: WireCategory;
  hasPhoto: boolean;
  createdAt: string;
  updatedAt: string;
}

function expectWireShape(products: WireProduct[]): void {
  for (const product of products) {
    expect(Object.keys(product).sort()).toEqual(PRODUCT_KEYS);
    expect(Object.keys(product.category).sort()).toEqual(['_id', 'name', 'slug']);
    expect(product._id).toMatch(/^\d+$/);
    expect(product.category._id).toMatch(/^\d+$/);
  }
}

const names = (products: WireProduct[]) => products.map((product) => product.name);

describe('product API: reading the catalogue', () => {
  type CategoryKey = 'audio' | 'books' | 'cameras' | 'gadgets' | 'empty';
  interface Item {
    name: string;
    description: string;
    price: number;
    category: CategoryKey;
    /** Minutes after a fixed instant: distinct for every product, and not in id order. */
    at: number;
    photo?: boolean;
  }

  const GADGETS = PAGE + 3;
  const gadgetName = (n: number) => `Gadget ${String(n).padStart(2, '0')}`;
  // Gadgets are inserted first (lowest ids) but get descending createdAt: Gadget 01 is the newest gadget.
  const gadgets: Item[] = Array.from({ length: GADGETS }, (_, i) => ({
    name: gadgetName(i + 1),
    description: 'A sturdy gadget for everyday testing.',
    price: 10,
    category: 'gadgets' as const,
    at: 100 + 2 * (GADGETS - i),
  }));
  const others: Array<Omit<Item, 'at'>> = [
    { name: 'Free Sticker', description: 'A round sticker.', price: 0, category: 'audio' },
    { name: 'Guitar Pick', description: 'A thin pick.', price: 19, category: 'books' },
    { name: 'Vinyl Cleaner', description: 'Keeps records clean.', price: 19.99, category: 'audio' },
    { name: 'Poetry Paperback', description: 'Short poems.', price: 20, category: 'audio' },
    { name: 'Cookbook Classic', description: 'Recipes for every day.', price: 39.99, category: 'books' },
    { name: 'Tripod Mini', description: 'Small and steady.', price: 40, category: 'cameras' },
    { name: 'Studio Monitor Stand', description: 'Holds a monitor.', price: 59.99, category: 'audio' },
    { name: 'Atlas Hardcover', description: 'Maps of the world.', price: 60, category: 'books' },
    { name: 'Lens Hood', description: 'Blocks stray glare.', price: 79.99, category: 'cameras' },
    { name: 'Bluetooth Speaker', description: 'Loud and portable.', price: 80, category: 'audio' },
    { name: 'Encyclopedia Set', description: 'Twenty volumes.', price: 99.99, category: 'books' },
    { name: 'Camera Bag', description: 'Padded shoulder bag.', price: 100, category: 'cameras' },
    { name: 'Concert Amplifier', description: 'For big halls.', price: 5000, category: 'audio' },
    { name: 'Camping Lantern', description: 'Bright light for tents and trails.', price: 45, category: 'cameras' },
    { name: 'Garden Torch', description: 'Works like a lantern on summer evenings.', price: 25, category: 'books' },
    { name: 'Camping Stove', description: 'Compact stove for cooking outdoors.', price: 70, category: 'cameras' },
    {
      name: 'Wireless Headphones',
      description: 'Over-ear headphones with noise cancelling.',
      price: 150,
      category: 'cameras',
      photo: true,
    },
  ];
  // Odd minutes, interleaved with the gadgets' even minutes; each one newer than the one before.
  const items: Item[] = [...gadgets, ...others.map((item, j) => ({ ...item, at: 95 + 4 * j }))];
  const ALL = items.length;
  const EPOCH = Date.UTC(2024, 0, 1);

  let t: TestApp;
  const categoryRows = {} as Record<CategoryKey, { id: number; name: string; slug: string }>;
  const rows = new Map<string, { id: number; slug: string; createdAt: Date; updatedAt: Date }>();

  /** The given product names, newest first: the order every list must have. */
  const newestFirst = (wanted: (item: Item) => boolean) =>
    items
      .filter(wanted)
      .sort((a, b) => b.at - a.at)
      .map((item) => item.name);
  const ALL_NEWEST_FIRST = newestFirst(() => true);
  const inNames =
    (...wanted: string[]) =>
    (item: Item) =>
      wanted.includes(item.name);
  const inCategories =
    (...keys: CategoryKey[]) =>
    (item: Item) =>
      keys.includes(item.category);
  const idOf = (name: string) => String(rows.get(name)?.id);
  const categoryId = (key: CategoryKey) => String(categoryRows[key].id);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const categoryNames: Record<CategoryKey, string> = {
      audio: 'Audio',
      books: 'Books',
      cameras: 'Cameras',
      gadgets: 'Gadgets',
      empty: 'Empty Shelf',
    };
    for (const [key, name] of Object.entries(categoryNames) as Array<[CategoryKey, string]>) {
      categoryRows[key] = await makeCategory(db, name);
    }
    const photo = await pngImage('#ff0000');
    for (const item of items) {
      const row = await makeProduct(db, {
        categoryId: categoryRows[item.category].id,
        name: item.name,
        description: item.description,
        price: item.price,
        quantity: 5,
        shipping: item.price >= 100,
        createdAt: new Date(EPOCH + item.at * 60_000),
        ...(item.photo ? { photo } : {}),
      });
      rows.set(item.name, row);
    }
  });
  afterAll(() => t.close());

  const get = (url: string) => call(t.app, 'GET', `${P}${url}`);
  const filters = (body: unknown) => call(t.app, 'POST', `${P}/product-filters`, { body });
  const expectBadRequest = (res: LightMyRequestResponse, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'success']);
    expect(body.success).toBe(false);
    expect(body.message.startsWith(`${field}`)).toBe(true);
  };

  it('has the fixture the tests below count on', () => {
    expect(ALL).toBe(PAGE + 20);
    expect(new Set(items.map((item) => item.at)).size).toBe(ALL);
    expect(rows.size).toBe(ALL);
  });

  describe('product-count', () => {
    it('answers the total number of products', async () => {
      const res = await get('/product-count');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, total: ALL });
    });
  });

  describe('product-list/{page}', () => {
    it('pages through every product newest first, PRODUCT_PAGE_SIZE at a time, then an empty page', async () => {
      const lastPage = Math.ceil(ALL / PAGE);
      expect(lastPage).toBe(3);
      const seen: string[] = [];
      for (let page = 1; page <= lastPage + 1; page++) {
        const res = await get(`/product-list/${page}`);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        // The total of this list comes from product-count (spec.md section 7 reads only `products`).
        expect(Object.keys(body).sort()).toEqual(['products', 'success']);
        expect(body.success).toBe(true);
        expect(names(body.products)).toEqual(ALL_NEWEST_FIRST.slice((page - 1) * PAGE, page * PAGE));
        expectWireShape(body.products);
        seen.push(...names(body.products));
      }
      expect(seen).toHaveLength(ALL);
      expect(new Set(seen).size).toBe(ALL);
    });

    it('has the newest PAGE_SIZE on page 1, the next on page 2 and the rest on page 3', async () => {
      const [one, two, three] = await Promise.all([1, 2, 3].map((page) => get(`/product-list/${page}`)));
      expect(one?.json().products).toHaveLength(PAGE);
      expect(two?.json().products).toHaveLength(PAGE);
      expect(three?.json().products).toHaveLength(ALL - 2 * PAGE);
      // The very newest product is the last of the odd-minute items; the oldest the first one.
      expect(one?.json().products[0].name).toBe('Wireless Headphones');
      expect(three?.json().products.at(-1).name).toBe('Free Sticker');
      const far = await get('/product-list/9999');
      expect(far.statusCode).toBe(200);
      expect(far.json()).toEqual({ success: true, products: [] });
    });

    it('refuses a page that is not a whole number from 1 to 2^31-1 (400)', async () => {
      for (const page of ['0', '-1', 'abc', '1.5', '2147483648', '99999999999', '1e3x']) {
        expectBadRequest(await get(`/product-list/${page}`), 'page');
      }
    });

    it('answers any whole page up to 2^31-1 past the end with an empty list', async () => {
      for (const page of ['100001', '999999', '2147483647']) {
        const res = await get(`/product-list/${page}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, products: [] });
      }
    });
  });

  describe('what a product looks like on the wire', () => {
    it('never carries photo bytes, the search vector or hashes; the category is an object', async () => {
      const item = others.find((other) => other.name === 'Wireless Headphones');
      const row = rows.get('Wireless Headphones');
      const res = await get(`/get-product/${row?.slug}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'Single Product Fetched',
        product: {
          _id: idOf('Wireless Headphones'),
          name: 'Wireless Headphones',
          slug: row?.slug,
          description: item?.description,
          price: 150,
          quantity: 5,
          shipping: true,
          category: { _id: categoryId('cameras'), name: 'Cameras', slug: 'cameras' },
          hasPhoto: true,
          createdAt: row?.createdAt.toISOString(),
          updatedAt: row?.updatedAt.toISOString(),
        },
      });
      expect(Object.keys(body.product).sort()).toEqual(PRODUCT_KEYS);
      for (const text of [res.body, (await get('/product-list/1')).body, (await get('/search/wireless')).body]) {
        expect(text).not.toMatch(/"(search|photo|data|passwordHash|answerHash|priceCents|categoryId)"/);
      }
    });

    it('keeps prices with cents exact (19.99, 39.99, 0)', async () => {
      const res = await filters({ checked: [categoryId('audio'), categoryId('books')], radio: [] });
      const prices = Object.fromEntries(
        (res.json().products as WireProduct[]).map((product) => [product.name, product.price]),
      );
      expect(prices['Vinyl Cleaner']).toBe(19.99);
      expect(prices['Cookbook Classic']).toBe(39.99);
      expect(prices['Free Sticker']).toBe(0);
      expect(prices['Encyclopedia Set']).toBe(99.99);
    });
  });

  describe('product-filters', () => {
    it('filters by one category', async () => {
      const res = await filters({ checked: [categoryId('audio')], radio: [] });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['products', 'success', 'total']);
      expect(names(body.products)).toEqual(newestFirst(inCategories('audio')));
      expect(names(body.products)).toEqual([
        'Concert Amplifier',
        'Bluetooth Speaker',
        'Studio Monitor Stand',
        'Poetry Paperback',
        'Vinyl Cleaner',
        'Free Sticker',
      ]);
      expect(body.total).toBe(6);
      expectWireShape(body.products);
    });

    it('filters by several categories (any of them)', async () => {
      const res = await filters({ checked: [categoryId('audio'), categoryId('books')], radio: [] });
      expect(res.statusCode).toBe(200);
      expect(names(res.json().products)).toEqual(newestFirst(inCategories('audio', 'books')));
      expect(res.json().total).toBe(11);
    });

    it('answers nothing for a category without products or an unknown category id', async () => {
      for (const checked of [[categoryId('empty')], ['999999']]) {
        const res = await filters({ checked, radio: [] });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, products: [], total: 0 });
      }
    });

    const bands: Array<{ radio: [number, number]; expected: string[] }> = [
      { radio: [0, 19], expected: ['Free Sticker', 'Guitar Pick', 'Vinyl Cleaner', ...gadgets.map((g) => g.name)] },
      { radio: [20, 39], expected: ['Poetry Paperback', 'Cookbook Classic', 'Garden Torch'] },
      { radio: [40, 59], expected: ['Tripod Mini', 'Studio Monitor Stand', 'Camping Lantern'] },
      { radio: [60, 79], expected: ['Atlas Hardcover', 'Lens Hood', 'Camping Stove'] },
      { radio: [80, 99], expected: ['Bluetooth Speaker', 'Encyclopedia Set'] },
      { radio: [100, 9999], expected: ['Camera Bag', 'Concert Amplifier', 'Wireless Headphones'] },
    ];

    for (const { radio, expected } of bands) {
      it(`filters by the price band [${radio.join(', ')}], edge prices included`, async () => {
        const res = await filters({ checked: [], radio });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.total).toBe(expected.length);
        // No page (as the specification's client asks): every match.
        expect(names(body.products)).toEqual(newestFirst(inNames(...expected)));
        const first = (await filters({ checked: [], radio, page: 1 })).json();
        expect(names(first.products)).toEqual(newestFirst(inNames(...expected)).slice(0, PAGE));
        expect(first.total).toBe(expected.length);
      });
    }

    it('puts every product in exactly one band (no gaps: 19.99, 39.99, 59.99, 79.99, 99.99)', async () => {
      const totals = await Promise.all(bands.map(async ({ radio }) => (await filters({ radio })).json().total));
      expect(totals).toEqual([GADGETS + 3, 3, 3, 3, 2, 3]);
      expect(totals.reduce((sum: number, n: number) => sum + n, 0)).toBe(ALL);
    });

    it('pages a filtered list with `page`', async () => {
      const expected = newestFirst(
        inNames('Free Sticker', 'Guitar Pick', 'Vinyl Cleaner', ...gadgets.map((g) => g.name)),
      );
      expect(expected).toHaveLength(PAGE + 6);
      const one = await filters({ checked: [], radio: [0, 19], page: 1 });
      const two = await filters({ checked: [], radio: [0, 19], page: 2 });
      const three = await filters({ checked: [], radio: [0, 19], page: 3 });
      expect(names(one.json().products)).toEqual(expected.slice(0, PAGE));
      expect(names(two.json().products)).toEqual(expected.slice(PAGE));
      expect(three.json()).toEqual({ success: true, products: [], total: PAGE + 6 });
      expect(two.json().total).toBe(PAGE + 6);
    });

    it('combines categories and a price band (both must hold)', async () => {
      const audioCheap = await filters({ checked: [categoryId('audio')], radio: [0, 19] });
      expect(names(audioCheap.json().products)).toEqual(['Vinyl Cleaner', 'Free Sticker']);
      expect(audioCheap.json().total).toBe(2);

      const mid = await filters({ checked: [categoryId('books'), categoryId('cameras')], radio: [40, 59] });
      expect(names(mid.json().products)).toEqual(['Camping Lantern', 'Tripod Mini']);
      expect(mid.json().total).toBe(2);

      const expensive = await filters({ checked: [categoryId('cameras')], radio: [100, 9999] });
      expect(names(expensive.json().products)).toEqual(['Wireless Headphones', 'Camera Bag']);

      const none = await filters({ checked: [categoryId('gadgets')], radio: [20, 39] });
      expect(none.json()).toEqual({ success: true, products: [], total: 0 });
    });

    it('answers every product for empty filters: all of them without a page, a page with one', async () => {
      for (const body of [{}, { checked: [], radio: [] }]) {
        const res = await filters(body);
        expect(res.statusCode).toBe(200);
        expect(res.json().total).toBe(ALL);
        expect(names(res.json().products)).toEqual(ALL_NEWEST_FIRST);
      }
      const first = await filters({ checked: [], radio: [], page: 1 });
      expect(first.json().total).toBe(ALL);
      expect(names(first.json().products)).toEqual(ALL_NEWEST_FIRST.slice(0, PAGE));
      const last = await filters({ page: 3 });
      expect(names(last.json().products)).toEqual(ALL_NEWEST_FIRST.slice(2 * PAGE));
    });

    it('refuses an invalid body (400, naming the field)', async () => {
      const cases: Array<[unknown, string]> = [
        [{ checked: [], radio: [5] }, 'radio'],
        [{ checked: [], radio: [1, 2, 3] }, 'radio'],
        [{ checked: [], radio: [50, 10] }, 'radio'],
        [{ checked: [], radio: [-5, 10] }, 'radio'],
        [{ checked: [], radio: ['a', 'b'] }, 'radio'],
        [{ checked: [], radio: 'cheap' }, 'radio'],
        [{ checked: ['abc'], radio: [] }, 'checked'],
        [{ checked: [categoryId('audio'), 'shoes'], radio: [] }, 'checked'],
        [{ checked: ['0'], radio: [] }, 'checked'],
        [{ checked: 'audio', radio: [] }, 'checked'],
        [{ checked: [], radio: [], page: 0 }, 'page'],
        [{ checked: [], radio: [], page: 1.5 }, 'page'],
      ];
      for (const [body, field] of cases) {
        const res = await filters(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().message, JSON.stringify(body)).toMatch(new RegExp(`^${field}`));
      }
      const exact = await filters({ checked: [], radio: [1, 2, 3] });
      expect(exact.json()).toEqual({ success: false, message: 'radio: must be empty or a [min, max] pair' });
      const reversed = await filters({ checked: [], radio: [50, 10] });
      expect(reversed.json()).toEqual({ success: false, message: 'radio: min must not exceed max' });
      const notJson = await call(t.app, 'POST', `${P}/product-filters`, {
        headers: { 'content-type': 'application/json' },
        body: '{"checked": [',
      });
      expect(notJson.statusCode).toBe(400);
    });
  });

  describe('search/{keyword}', () => {
    const search = (keyword: string, query?: Record<string, string>) =>
      call(t.app, 'GET', `${P}/search/${encodeURIComponent(keyword)}`, query ? { query } : {});
    const found = async (keyword: string) => {
      const res = await search(keyword);
      expect(res.statusCode, keyword).toBe(200);
      return { names: names(res.json()), total: res.headers['x-total-count'], body: res.json() as WireProduct[] };
    };

    it('finds a word in the name (a bare array body, true total in X-Total-Count)', async () => {
      const result = await found('headphones');
      expect(result.names).toEqual(['Wireless Headphones']);
      expect(result.total).toBe('1');
      expect(Array.isArray(result.body)).toBe(true);
      expectWireShape(result.body);
    });

    it('finds a word that is only in the description', async () => {
      expect(await found('tents')).toMatchObject({ names: ['Camping Lantern'], total: '1' });
      expect(await found('evenings')).toMatchObject({ names: ['Garden Torch'], total: '1' });
    });

    it('matches word prefixes ("wire" finds "Wireless")', async () => {
      expect(await found('wire')).toMatchObject({ names: ['Wireless Headphones'], total: '1' });
      expect(await found('encyclo')).toMatchObject({ names: ['Encyclopedia Set'], total: '1' });
    });

    it('ignores case', async () => {
      for (const keyword of ['WIRELESS', 'WiReLeSs', 'wireless']) {
        expect(await found(keyword)).toMatchObject({ names: ['Wireless Headphones'], total: '1' });
      }
    });

    it('needs every word to match (AND), in any order', async () => {
      expect(await found('camping')).toMatchObject({ names: ['Camping Stove', 'Camping Lantern'], total: '2' });
      expect(await found('camping lantern')).toMatchObject({ names: ['Camping Lantern'], total: '1' });
      expect(await found('lantern camping')).toMatchObject({ names: ['Camping Lantern'], total: '1' });
      expect(await found('camping stove')).toMatchObject({ names: ['Camping Stove'], total: '1' });
      expect(await found('camping headphones')).toMatchObject({ names: [], total: '0' });
    });

    it('ranks a name match before a newer description-only match', async () => {
      const garden = others.findIndex((item) => item.name === 'Garden Torch');
      const lantern = others.findIndex((item) => item.name === 'Camping Lantern');
      expect(garden).toBeGreaterThan(lantern); // the description-only match is the newer one
      expect(await found('lantern')).toMatchObject({ names: ['Camping Lantern', 'Garden Torch'], total: '2' });
    });

    it('answers every match without a page (as the specification\'s client asks), X-Total-Count the true total', async () => {
      const all = await search('gadget');
      expect(all.statusCode).toBe(200);
      expect(all.headers['x-total-count']).toBe(String(GADGETS));
      expect(names(all.json())).toEqual(gadgets.map((gadget) => gadget.name));
    });

    it('pages the results: the body is one page, X-Total-Count the true total', async () => {
      const expected = gadgets.map((gadget) => gadget.name); // Gadget 01 is the newest
      const one = await search('gadget', { page: '1' });
      expect(one.statusCode).toBe(200);
      expect(one.headers['x-total-count']).toBe(String(GADGETS));
      expect(names(one.json())).toEqual(expected.slice(0, PAGE));
      const two = await search('gadget', { page: '2' });
      expect(two.headers['x-total-count']).toBe(String(GADGETS));
      expect(names(two.json())).toEqual(expected.slice(PAGE));
      const three = await search('gadget', { page: '3' });
      expect(three.json()).toEqual([]);
      expect(three.headers['x-total-count']).toBe(String(GADGETS));
      for (const page of ['0', 'abc']) expectBadRequest(await search('gadget', { page }), 'page');
    });

    it('answers [] with a total of 0 when nothing matches, also for punctuation or short stop words only', async () => {
      for (const keyword of ['zzzqqqxx', '!!!', '&&', '+++', "'", ':*', '(|)', '---', 'a', 'of a']) {
        const res = await search(keyword);
        expect(res.statusCode, keyword).toBe(200);
        expect(res.json(), keyword).toEqual([]);
        expect(res.headers['x-total-count'], keyword).toBe('0');
      }
    });

    it('treats query operators in a keyword as plain text', async () => {
      expect(await found('camping & stove')).toMatchObject({ names: ['Camping Stove'], total: '1' });
      expect(await found('camping | !lantern')).toMatchObject({ names: ['Camping Lantern'], total: '1' });
      expect(await found('(lantern) <-> camping:*')).toMatchObject({ names: ['Camping Lantern'], total: '1' });
    });

    it(`refuses a keyword over ${SEARCH_KEYWORD_MAX} characters (400) and accepts one of exactly that length`, async () => {
      const tooLong = await search('a'.repeat(SEARCH_KEYWORD_MAX + 1));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({
        success: false,
        message: `keyword: must be at most ${SEARCH_KEYWORD_MAX} characters`,
      });
      const longest = await search('a'.repeat(SEARCH_KEYWORD_MAX));
      expect(longest.statusCode).toBe(200);
      expect(longest.json()).toEqual([]);
    });
  });

  describe('get-product', () => {
    it('pages every product newest first with the true total', async () => {
      const res = await get('/get-product');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['countTotal', 'message', 'products', 'success', 'total']);
      expect(body).toMatchObject({ success: true, message: 'All Products', countTotal: PAGE, total: ALL });
      expect(names(body.products)).toEqual(ALL_NEWEST_FIRST.slice(0, PAGE));
      expectWireShape(body.products);

      const two = (await get('/get-product?page=2')).json();
      expect(names(two.products)).toEqual(ALL_NEWEST_FIRST.slice(PAGE, 2 * PAGE));
      const three = (await get('/get-product?page=3')).json();
      expect(names(three.products)).toEqual(ALL_NEWEST_FIRST.slice(2 * PAGE));
      expect(three.countTotal).toBe(ALL - 2 * PAGE);
      expect(three.total).toBe(ALL);
      expect((await get('/get-product?page=4')).json()).toMatchObject({ products: [], countTotal: 0, total: ALL });
      for (const page of ['0', '-3', 'x']) expectBadRequest(await get(`/get-product?page=${page}`), 'page');
    });
  });

  describe('get-product/{slug}', () => {
    it('answers one product with its category as an object', async () => {
      const row = rows.get('Cookbook Classic');
      const res = await get(`/get-product/${row?.slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().product).toEqual({
        _id: idOf('Cookbook Classic'),
        name: 'Cookbook Classic',
        slug: row?.slug,
        description: 'Recipes for every day.',
        price: 39.99,
        quantity: 5,
        shipping: false,
        category: { _id: categoryId('books'), name: 'Books', slug: 'books' },
        hasPhoto: false,
        createdAt: row?.createdAt.toISOString(),
        updatedAt: row?.updatedAt.toISOString(),
      });
    });

    it('answers 404 JSON for an unknown slug, and for a slug that cannot be one', async () => {
      const missing = await get('/get-product/no-such-product');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('application/json');
      expect(missing.json()).toEqual({ success: false, message: 'Product not found' });
      const cannotBe = ['Bad%20Slug!', 'UPPER', 'a--b', '-a', 'caf%C3%A9', encodeURIComponent("x' OR '1'='1"), '%00', 'a'.repeat(201)];
      for (const slug of cannotBe) {
        const res = await get(`/get-product/${slug}`);
        expect(res.statusCode, slug).toBe(404);
        expect(res.json()).toEqual({ success: false, message: 'Product not found' });
      }
    });

    it('answers a slug longer than any URL needs (over 1,000 characters) with 414 in the usual error shape', async () => {
      const res = await get(`/get-product/${'a'.repeat(1001)}`);
      expect(res.statusCode).toBe(414);
      expect(res.json()).toMatchObject({ success: false });
    });
  });

  describe('related-product/{pid}/{cid}', () => {
    it('answers at most 3 products of the same category, newest first, without the product itself', async () => {
      expect(RELATED_PRODUCTS_LIMIT).toBe(3);
      const res = await get(`/related-product/${idOf('Tripod Mini')}/${categoryId('cameras')}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['products', 'success']);
      expect(names(body.products)).toEqual(['Wireless Headphones', 'Camping Stove', 'Camping Lantern']);
      expectWireShape(body.products);

      const newest = await get(`/related-product/${idOf('Wireless Headphones')}/${categoryId('cameras')}`);
      expect(names(newest.json().products)).toEqual(['Camping Stove', 'Camping Lantern', 'Camera Bag']);
      for (const product of newest.json().products as WireProduct[]) {
        expect(product.category._id).toBe(categoryId('cameras'));
      }
    });

    it('answers products of the given category only, and none for an empty or unknown category', async () => {
      const books = newestFirst(inCategories('books')).filter((name) => name !== 'Garden Torch');
      expect(books).toEqual(['Encyclopedia Set', 'Atlas Hardcover', 'Cookbook Classic', 'Guitar Pick']);
      const inBooks = await get(`/related-product/${idOf('Garden Torch')}/${categoryId('books')}`);
      expect(names(inBooks.json().products)).toEqual(['Encyclopedia Set', 'Atlas Hardcover', 'Cookbook Classic']);
      // A product of another category: simply the newest three of the asked category.
      const elsewhere = await get(`/related-product/${idOf('Tripod Mini')}/${categoryId('books')}`);
      expect(names(elsewhere.json().products)).toEqual(['Garden Torch', 'Encyclopedia Set', 'Atlas Hardcover']);
      for (const cid of [categoryId('empty'), '999999']) {
        const res = await get(`/related-product/${idOf('Tripod Mini')}/${cid}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, products: [] });
      }
    });

    it('refuses ids that are not ids (400)', async () => {
      expectBadRequest(await get(`/related-product/abc/${categoryId('cameras')}`), 'pid');
      expectBadRequest(await get(`/related-product/${idOf('Tripod Mini')}/x`), 'cid');
    });
  });

  describe('product-category/{slug}', () => {
    it('answers the category, its products newest first (all, or a page with ?page=), and the total', async () => {
      const res = await get('/product-category/gadgets');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['category', 'products', 'success', 'total']);
      expect(body.category).toEqual({ _id: categoryId('gadgets'), name: 'Gadgets', slug: 'gadgets' });
      expect(body.total).toBe(GADGETS);
      // No page (as the specification's client asks): every product of the category.
      expect(names(body.products)).toEqual(gadgets.map((g) => g.name));
      expectWireShape(body.products);

      const one = (await get('/product-category/gadgets?page=1')).json();
      expect(one.total).toBe(GADGETS);
      expect(names(one.products)).toEqual(gadgets.slice(0, PAGE).map((g) => g.name));
      const two = (await get('/product-category/gadgets?page=2')).json();
      expect(two.total).toBe(GADGETS);
      expect(names(two.products)).toEqual(gadgets.slice(PAGE).map((g) => g.name));
      const three = (await get('/product-category/gadgets?page=3')).json();
      expect(three.products).toEqual([]);
    });

    it("answers only that category's products", async () => {
      const res = await get('/product-category/cameras');
      expect(names(res.json().products)).toEqual(newestFirst(inCategories('cameras')));
      expect(res.json().total).toBe(6);
    });

    it('answers an empty list for a category without products', async () => {
      const res = await get('/product-category/empty-shelf');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        category: { _id: categoryId('empty'), name: 'Empty Shelf', slug: 'empty-shelf' },
        products: [],
        total: 0,
      });
    });

    it('answers 404 for an unknown category or a slug that cannot be one, and 400 for a bad page', async () => {
      for (const slug of ['no-such-category', 'Bad%20Slug!', encodeURIComponent("x' OR '1'='1")]) {
        const missing = await get(`/product-category/${slug}`);
        expect(missing.statusCode, slug).toBe(404);
        expect(missing.json()).toEqual({ success: false, message: 'Category not found' });
      }
      expectBadRequest(await get('/product-category/gadgets?page=0'), 'page');
    });
  });
});

describe('product API: creating, updating and deleting', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;
  let lighting: WireCategory;
  let furniture: WireCategory;
  let red: Buffer;
  let blue: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = await makeAdmin(db);
    shopper = await makeUser(db);
    const toWire = (row: { id: number; name: string; slug: string }) => ({
      _id: String(row.id),
      name: row.name,
      slug: row.slug,
    });
    lighting = toWire(await makeCategory(db, 'Lighting'));
    furniture = toWire(await makeCategory(db, 'Furniture'));
    red = await pngImage('#ff0000', 40);
    blue = await pngImage('#0000ff', 40);
  });
  afterAll(() => t.close());

  interface Photo {
    data: Buffer;
    filename?: string;
    type?: string;
    field?: string;
  }
  const send = async (
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    options: { token?: string; photo?: Photo } = {},
  ) => {
    const token = options.token ?? admin.token;
    const photo = options.photo;
    const body = await multipart(
      fields,
      photo
        ? {
            field: photo.field ?? 'photo',
            data: photo.data,
            filename: photo.filename ?? 'photo.png',
            type: photo.type ?? 'image/png',
          }
        : undefined,
    );
    return t.app.inject({
      method,
      url: `${P}${url}`,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
    });
  };
  const createProduct = (fields: Record<string, string>, options: { token?: string; photo?: Photo } = {}) =>
    send('POST', '/create-product', fields, options);
  const updateProduct = (
    id: string | number,
    fields: Record<string, string>,
    options: { token?: string; photo?: Photo } = {},
  ) => send('PUT', `/update-product/${id}`, fields, options);
  const deleteProduct = (id: string | number, token = admin.token) =>
    call(t.app, 'DELETE', `${P}/delete-product/${id}`, { token });
  const getProduct = (slug: string) => call(t.app, 'GET', `${P}/get-product/${slug}`);
  const photoOf = (id: string | number, headers: Record<string, string> = {}, query?: Record<string, string>) =>
    call(t.app, 'GET', `${P}/product-photo/${id}`, { headers, ...(query ? { query } : {}) });
  const count = async (): Promise<number> => (await call(t.app, 'GET', `${P}/product-count`)).json().total;

  let counter = 0;
  const fieldsFor = (overrides: Record<string, string> = {}) => ({
    name: `Item ${++counter}`,
    description: 'A product made through the API.',
    price: '24.50',
    quantity: '7',
    category: lighting._id,
    ...overrides,
  });
  const without = (fields: Record<string, string>, key: string) =>
    Object.fromEntries(Object.entries(fields).filter(([name]) => name !== key));

  describe('create-product', () => {
    it('lets an admin create a product with a photo (201, "Product Created Successfully", product in body)', async () => {
      const before = await count();
      const res = await createProduct(
        {
          name: 'Desk Lamp',
          description: 'An adjustable desk lamp.',
          price: '24.50',
          quantity: '7',
          category: lighting._id,
          shipping: '1',
        },
        { photo: { data: red } },
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'Product Created Successfully',
        product: {
          _id: expect.stringMatching(/^\d+$/),
          name: 'Desk Lamp',
          slug: 'desk-lamp',
          description: 'An adjustable desk lamp.',
          price: 24.5,
          quantity: 7,
          shipping: true,
          category: lighting,
          hasPhoto: true,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });
      expect(Object.keys(body.product).sort()).toEqual(PRODUCT_KEYS);
      expect(await count()).toBe(before + 1);

      const fetched = await getProduct('desk-lamp');
      expect(fetched.statusCode).toBe(200);
      expect(fetched.json().product).toEqual(body.product);
    });

    it('serves the stored photo with its type, an ETag and revalidation; 304 for a matching If-None-Match', async () => {
      const created = (await createProduct(fieldsFor(), { photo: { data: blue } })).json().product as WireProduct;
      const res = await photoOf(created._id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      await expectSamePicture(res.rawPayload, blue);
      const etag = res.headers.etag;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(res.headers['cache-control']).toContain('must-revalidate');
      expect(res.headers['cache-control']).not.toContain('immutable');

      const again = await photoOf(created._id, { 'if-none-match': String(etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.rawPayload).toHaveLength(0);
      expect(again.headers.etag).toBe(etag);

      for (const header of [`"other", ${etag}`, '*', `W/${etag}`]) {
        const matched = await photoOf(created._id, { 'if-none-match': header });
        expect(matched.statusCode, header).toBe(304);
        expect(matched.body).toBe('');
      }

      const stale = await photoOf(created._id, { 'if-none-match': '"something-else"' });
      expect(stale.statusCode).toBe(200);
      await expectSamePicture(stale.rawPayload, blue);

      const versioned = await photoOf(created._id, {}, { v: 'x' });
      expect(versioned.statusCode).toBe(200);
      expect(versioned.headers['cache-control']).toContain('immutable');
      expect(versioned.headers['cache-control']).not.toContain('must-revalidate');
      await expectSamePicture(versioned.rawPayload, blue);
    });

    it('takes the photo type from its bytes, not from its name or declared type', async () => {
      const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } })
        .jpeg()
        .toBuffer();
      const res = await createProduct(fieldsFor(), {
        photo: { data: jpeg, filename: 'photo.png', type: 'image/png' },
      });
      expect(res.statusCode).toBe(201);
      const photo = await photoOf(res.json().product._id);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      await expectSamePicture(photo.rawPayload, jpeg, 8);
    });

    it('creates a product without a photo: hasPhoto false and its photo is 404; shipping defaults to false', async () => {
      const res = await createProduct(fieldsFor({ price: '0', quantity: '0' }));
      expect(res.statusCode).toBe(201);
      const product = res.json().product as WireProduct;
      expect(product.hasPhoto).toBe(false);
      expect(product.shipping).toBe(false);
      expect(product.price).toBe(0);
      expect(product.quantity).toBe(0);
      const photo = await photoOf(product._id);
      expect(photo.statusCode).toBe(404);
      expect(photo.json()).toEqual({ success: false, message: 'Photo not found' });
    });

    it('saves shipping "0" as false and "1" as true', async () => {
      const no = (await createProduct(fieldsFor({ shipping: '0' }))).json().product as WireProduct;
      const yes = (await createProduct(fieldsFor({ shipping: '1' }))).json().product as WireProduct;
      expect(no.shipping).toBe(false);
      expect(yes.shipping).toBe(true);
      expect((await getProduct(no.slug)).json().product.shipping).toBe(false);
      expect((await getProduct(yes.slug)).json().product.shipping).toBe(true);
    });

    it('gives two products with the same name different slugs', async () => {
      const first = (await createProduct(fieldsFor({ name: 'Twin Lamp' }))).json().product as WireProduct;
      const second = (await createProduct(fieldsFor({ name: 'Twin Lamp' }))).json().product as WireProduct;
      expect(first.slug).toBe('twin-lamp');
      expect(second.slug).toBe('twin-lamp-2');
      expect(first._id).not.toBe(second._id);
      expect((await getProduct('twin-lamp')).json().product._id).toBe(first._id);
      expect((await getProduct('twin-lamp-2')).json().product._id).toBe(second._id);
    });

    it('refuses guests (401) and normal users (403), creating nothing', async () => {
      const before = await count();
      const guest = await createProduct(fieldsFor({ name: 'Guest Lamp' }), { token: GUEST, photo: { data: red } });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ success: false, message: 'Please sign in' });
      const user = await createProduct(fieldsFor({ name: 'User Lamp' }), {
        token: shopper.token,
        photo: { data: red },
      });
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ success: false, message: 'Administrators only' });
      const garbage = await createProduct(fieldsFor({ name: 'Garbage Lamp' }), { token: 'garbage' });
      expect(garbage.statusCode).toBe(401);
      expect(await count()).toBe(before);
      expect((await getProduct('user-lamp')).statusCode).toBe(404);
    });

    it('accepts the admin token as "Bearer <token>"', async () => {
      const res = await createProduct(fieldsFor(), { token: `Bearer ${admin.token}` });
      expect(res.statusCode).toBe(201);
    });

    it('refuses a form with a field missing (400, naming the field), creating nothing', async () => {
      const before = await count();
      for (const field of ['name', 'description', 'price', 'quantity', 'category']) {
        const res = await createProduct(without(fieldsFor(), field), { photo: { data: red } });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().message, field).toMatch(new RegExp(`^${field}: `));
      }
      const blank = await createProduct(fieldsFor({ name: '   ' }));
      expect(blank.json()).toEqual({ success: false, message: 'name: is required' });
      const noDescription = await createProduct(without(fieldsFor(), 'description'));
      expect(noDescription.json()).toEqual({ success: false, message: 'description: is required' });
      expect(await count()).toBe(before);
    });

    it('refuses bad values (400, naming the field), creating nothing', async () => {
      const before = await count();
      const cases: Array<[Record<string, string>, string]> = [
        [{ price: '-1' }, 'price: must be 0 or more'],
        [{ price: '1.999' }, 'price: must have at most 2 decimals'],
        [{ price: 'abc' }, 'price: must be a number'],
        [{ quantity: '1.5' }, 'quantity: must be a whole number'],
        [{ quantity: '-2' }, 'quantity: must be 0 or more'],
        [{ category: '999999' }, 'category: no such category'],
        [{ price: `${PRODUCT_PRICE_MAX}.01` }, `price: must be at most ${PRODUCT_PRICE_MAX}`],
      ];
      for (const [override, message] of cases) {
        const res = await createProduct(fieldsFor(override));
        expect(res.statusCode, message).toBe(400);
        expect(res.json()).toEqual({ success: false, message });
      }
      const badOverrides: Array<Record<string, string>> = [
        { category: 'abc' },
        { shipping: 'maybe' },
        { quantity: 'many' },
        { quantity: String(PRODUCT_QUANTITY_MAX + 1) },
        { name: 'n'.repeat(PRODUCT_NAME_MAX + 1) },
        { description: 'd'.repeat(PRODUCT_DESCRIPTION_MAX + 1) },
      ];
      for (const override of badOverrides) {
        const res = await createProduct(fieldsFor(override));
        const field = Object.keys(override)[0];
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(new RegExp(`^${field}: `));
      }
      expect(await count()).toBe(before);
    });

    it('refuses a text file dressed up as photo.png (400): the content is checked, not the name', async () => {
      const before = await count();
      const res = await createProduct(fieldsFor({ name: 'Fake Photo Lamp' }), {
        photo: {
          data: Buffer.from('this is not an image at all\n'.repeat(20)),
          filename: 'photo.png',
          type: 'image/png',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'photo: must be a JPEG, PNG, WebP, GIF or AVIF image' });
      expect(await count()).toBe(before);
      expect((await getProduct('fake-photo-lamp')).statusCode).toBe(404);
    });

    it('accepts a phone photo of several MB taken sideways (create and update): stored upright, shrunk copies made', async () => {
      // 3000×2000 pixels of noise as a JPEG (well above 1 MB), with EXIF orientation 6: the camera was held upright.
      const sideways = async (seed: number) =>
        sharp(randomBytes(3000 * 2000 * 3).map((byte) => byte ^ seed), { raw: { width: 3000, height: 2000, channels: 3 } })
          .jpeg({ quality: 92 })
          .withMetadata({ orientation: 6 })
          .toBuffer();
      const first = await sideways(1);
      expect(first.length).toBeGreaterThan(2 * 1024 * 1024);
      const created = await createProduct(fieldsFor({ name: 'Phone Photo Lamp' }), { photo: { data: first, type: 'image/jpeg', filename: 'IMG_0001.jpg' } });
      expect(created.statusCode).toBe(201);
      const id = created.json().product._id as string;
      const stored = await sharp((await photoOf(id)).rawPayload).metadata();
      expect([stored.format, stored.width, stored.height, stored.orientation]).toEqual(['jpeg', 2000, 3000, undefined]);
      const card = await sharp((await photoOf(id, {}, { w: '320' })).rawPayload).metadata();
      expect([card.format, card.width, card.height]).toEqual(['webp', 320, 480]);

      const updated = await updateProduct(id, fieldsFor({ name: 'Phone Photo Lamp' }), { photo: { data: await sideways(2), type: 'image/jpeg', filename: 'IMG_0002.jpg' } });
      expect(updated.statusCode).toBe(200);
      const replaced = await sharp((await photoOf(id, {}, { w: '640' })).rawPayload).metadata();
      expect([replaced.width, replaced.height]).toEqual([640, 960]);
    }, 60_000);

    it('refuses a photo above 20 MB (413), creating nothing', async () => {
      const size = 2700;
      const noise = await sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
        .png()
        .toBuffer();
      expect(noise.length).toBeGreaterThan(PHOTO_MAX_BYTES);
      const before = await count();
      const res = await createProduct(fieldsFor({ name: 'Huge Photo Lamp' }), { photo: { data: noise } });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ success: false, message: 'photo: must be at most 20 MB' });
      expect(await count()).toBe(before);
      expect((await getProduct('huge-photo-lamp')).statusCode).toBe(404);
    });

    it('refuses a body that is not multipart (400) and a file in another field (400)', async () => {
      const before = await count();
      const json = await call(t.app, 'POST', `${P}/create-product`, { token: admin.token, body: fieldsFor() });
      expect(json.statusCode).toBe(400);
      expect(json.json().success).toBe(false);
      const wrongField = await createProduct(fieldsFor(), { photo: { data: red, field: 'image' } });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().message).toMatch(/^image: /);
      expect(await count()).toBe(before);
    });
  });

  describe('product-photo/{id}', () => {
    it('answers 404 for an unknown product and 400 for a malformed id', async () => {
      const missing = await photoOf(999_999);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Photo not found' });
      const bad = await photoOf('abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().success).toBe(false);
    });
  });

  describe('update-product', () => {
    const createWith = async (overrides: Record<string, string> = {}, photo?: Buffer) => {
      const res = await createProduct(fieldsFor(overrides), photo ? { photo: { data: photo } } : {});
      expect(res.statusCode).toBe(201);
      return res.json().product as WireProduct;
    };

    it('changes name, description, price, quantity, category and shipping; the old slug still resolves', async () => {
      const original = await createWith({ name: 'Reading Lamp', shipping: '0' }, red);
      expect(original.slug).toBe('reading-lamp');
      const etagBefore = (await photoOf(original._id)).headers.etag;

      const res = await updateProduct(original._id, {
        name: 'Floor Lamp',
        description: 'A tall lamp for the living room.',
        price: '99.99',
        quantity: '3',
        category: furniture._id,
        shipping: '1',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'Product Updated Successfully',
        product: {
          _id: original._id,
          name: 'Floor Lamp',
          slug: 'floor-lamp',
          description: 'A tall lamp for the living room.',
          price: 99.99,
          quantity: 3,
          shipping: true,
          category: furniture,
          hasPhoto: true,
          createdAt: original.createdAt,
          updatedAt: expect.any(String),
        },
      });
      expect(Date.parse(body.product.updatedAt)).toBeGreaterThanOrEqual(Date.parse(original.updatedAt));

      for (const slug of ['floor-lamp', 'reading-lamp']) {
        const fetched = await getProduct(slug);
        expect(fetched.statusCode, slug).toBe(200);
        expect(fetched.json().product).toEqual(body.product);
      }
      // No photo sent: the old one is kept.
      const photo = await photoOf(original._id);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers.etag).toBe(etagBefore);
      await expectSamePicture(photo.rawPayload, red);
    });

    it('can be renamed back to its first name: it gets its first slug back and both slugs resolve', async () => {
      const original = await createWith({ name: 'Boomerang Lamp' });
      const away = await updateProduct(original._id, fieldsFor({ name: 'Returning Lamp' }));
      expect(away.json().product.slug).toBe('returning-lamp');
      const back = await updateProduct(original._id, fieldsFor({ name: 'Boomerang Lamp' }));
      expect(back.statusCode).toBe(200);
      expect(back.json().product.slug).toBe('boomerang-lamp');
      for (const slug of ['boomerang-lamp', 'returning-lamp']) {
        const fetched = await getProduct(slug);
        expect(fetched.statusCode, slug).toBe(200);
        expect(fetched.json().product._id).toBe(original._id);
        expect(fetched.json().product.slug).toBe('boomerang-lamp');
      }
    });

    it('keeps the slug when the name does not change', async () => {
      const original = await createWith({ name: 'Steady Name Lamp' });
      const res = await updateProduct(original._id, fieldsFor({ name: 'Steady Name Lamp', price: '30' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().product.slug).toBe('steady-name-lamp');
      expect(res.json().product.price).toBe(30);
    });

    it("does not hand a renamed product's old slug to a new product", async () => {
      const original = await createWith({ name: 'Old Name Lamp' });
      expect((await updateProduct(original._id, fieldsFor({ name: 'New Name Lamp' }))).statusCode).toBe(200);
      const newcomer = await createWith({ name: 'Old Name Lamp' });
      expect(newcomer.slug).toBe('old-name-lamp-2');
      expect((await getProduct('old-name-lamp')).json().product._id).toBe(original._id);
      expect((await getProduct('old-name-lamp-2')).json().product._id).toBe(newcomer._id);
    });

    it('saves shipping "1" as true and "0" as false, and keeps it when shipping is left out', async () => {
      const product = await createWith({ shipping: '0' });
      const base = fieldsFor({ name: product.name });
      const steps: Array<[Record<string, string>, boolean]> = [
        [{ ...base, shipping: '1' }, true],
        [without(base, 'shipping'), true],
        [{ ...base, shipping: '0' }, false],
        [without(base, 'shipping'), false],
      ];
      for (const [fields, expected] of steps) {
        const res = await updateProduct(product._id, fields);
        expect(res.statusCode).toBe(200);
        expect(res.json().product.shipping).toBe(expected);
        expect((await getProduct(product.slug)).json().product.shipping).toBe(expected);
      }
    });

    it('replaces the photo when a new one is sent (the ETag changes)', async () => {
      const product = await createWith({}, red);
      const before = await photoOf(product._id);
      const res = await updateProduct(product._id, fieldsFor({ name: product.name }), { photo: { data: blue } });
      expect(res.statusCode).toBe(200);
      expect(res.json().product.hasPhoto).toBe(true);
      const after = await photoOf(product._id);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      await expectSamePicture(after.rawPayload, blue);
      const revalidated = await photoOf(product._id, { 'if-none-match': String(before.headers.etag) });
      expect(revalidated.statusCode).toBe(200);
    });

    it('adds a photo to a product that had none', async () => {
      const product = await createWith();
      expect(product.hasPhoto).toBe(false);
      const res = await updateProduct(product._id, fieldsFor({ name: product.name }), { photo: { data: blue } });
      expect(res.json().product.hasPhoto).toBe(true);
      const photo = await photoOf(product._id);
      expect(photo.statusCode).toBe(200);
      await expectSamePicture(photo.rawPayload, blue);
    });

    it('refuses bad values (400) and a bad photo (400), changing nothing', async () => {
      const product = await createWith({}, red);
      const etag = (await photoOf(product._id)).headers.etag;
      const cases: Array<[Record<string, string>, Photo | undefined, string]> = [
        [fieldsFor({ name: product.name, price: '-5' }), undefined, 'price: must be 0 or more'],
        [fieldsFor({ name: product.name, category: '999999' }), undefined, 'category: no such category'],
        [without(fieldsFor({ name: product.name }), 'quantity'), undefined, 'quantity: is required'],
        [
          fieldsFor({ name: 'Renamed By Bad Photo' }),
          { data: Buffer.from('plain text'), filename: 'photo.png', type: 'image/png' },
          'photo: must be a JPEG, PNG, WebP, GIF or AVIF image',
        ],
      ];
      for (const [fields, photo, message] of cases) {
        const res = await updateProduct(product._id, fields, photo ? { photo } : {});
        expect(res.statusCode, message).toBe(400);
        expect(res.json()).toEqual({ success: false, message });
      }
      expect((await getProduct(product.slug)).json().product).toEqual(product);
      expect((await photoOf(product._id)).headers.etag).toBe(etag);
    });

    it('answers 404 for an unknown id and 400 for a malformed id', async () => {
      const missing = await updateProduct(999_999, fieldsFor());
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Product not found' });
      const bad = await updateProduct('abc', fieldsFor());
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^id: /);
    });

    it('refuses guests (401) and normal users (403), changing nothing', async () => {
      const product = await createWith({}, red);
      const fields = fieldsFor({ name: 'Hijacked Lamp', price: '1' });
      const guest = await updateProduct(product._id, fields, { token: GUEST, photo: { data: blue } });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ success: false, message: 'Please sign in' });
      const user = await updateProduct(product._id, fields, { token: shopper.token, photo: { data: blue } });
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ success: false, message: 'Administrators only' });
      expect((await getProduct(product.slug)).json().product).toEqual(product);
      await expectSamePicture((await photoOf(product._id)).rawPayload, red);
    });
  });

  describe('delete-product', () => {
    it('deletes with "Product Deleted Successfully": the product, its photo and one from the count are gone', async () => {
      const product = (await createProduct(fieldsFor({ name: 'Doomed Lamp' }), { photo: { data: red } })).json()
        .product as WireProduct;
      const before = await count();

      const res = await deleteProduct(product._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Product Deleted Successfully' });

      const gone = await getProduct('doomed-lamp');
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ success: false, message: 'Product not found' });
      const photo = await photoOf(product._id);
      expect(photo.statusCode).toBe(404);
      expect(photo.json()).toEqual({ success: false, message: 'Photo not found' });
      expect(await count()).toBe(before - 1);

      const again = await deleteProduct(product._id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ success: false, message: 'Product not found' });
      expect(await count()).toBe(before - 1);
    });

    it("makes a renamed product's old slug 404 too", async () => {
      const product = (await createProduct(fieldsFor({ name: 'First Name Lamp' }))).json().product as WireProduct;
      await updateProduct(product._id, fieldsFor({ name: 'Second Name Lamp' }));
      expect((await getProduct('first-name-lamp')).statusCode).toBe(200);
      expect((await deleteProduct(product._id)).statusCode).toBe(200);
      expect((await getProduct('first-name-lamp')).statusCode).toBe(404);
      expect((await getProduct('second-name-lamp')).statusCode).toBe(404);
    });

    it('lets the emptied category be deleted afterwards', async () => {
      const db = t.database.db;
      const category = await makeCategory(db, 'Short Lived');
      const product = await makeProduct(db, { categoryId: category.id });
      const blocked = await call(t.app, 'DELETE', `/api/v1/category/delete-category/${category.id}`, {
        token: admin.token,
      });
      expect(blocked.statusCode).toBe(409);
      expect((await deleteProduct(product.id)).statusCode).toBe(200);
      const freed = await call(t.app, 'DELETE', `/api/v1/category/delete-category/${category.id}`, {
        token: admin.token,
      });
      expect(freed.statusCode).toBe(200);
    });

    it('answers 404 for an unknown id and 400 for a malformed id', async () => {
      const missing = await deleteProduct(999_999);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Product not found' });
      const bad = await deleteProduct('abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^id: /);
    });

    it('refuses guests (401) and normal users (403), deleting nothing', async () => {
      const product = (await createProduct(fieldsFor(), { photo: { data: red } })).json().product as WireProduct;
      const before = await count();
      const guest = await deleteProduct(product._id, GUEST);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ success: false, message: 'Please sign in' });
      const user = await deleteProduct(product._id, shopper.token);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ success: false, message: 'Administrators only' });
      expect(await count()).toBe(before);
      expect((await getProduct(product.slug)).json().product).toEqual(product);
      expect((await photoOf(product._id)).statusCode).toBe(200);
    });
  });
});
