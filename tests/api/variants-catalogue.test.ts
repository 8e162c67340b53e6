import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combinations } from '../../src/domain/variants.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, multipart } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const P = '/api/v1/product';

describe('variants in the catalogue: "from" prices and option facets', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shirts: number;
  let shoes: number;
  const ids: Record<string, number> = {};
  let plainSlug = '';

  const setGrid = (id: number, options: { name: string; values: string[] }[], price: (values: string[], i: number) => number = () => 10) =>
    call(t.app, 'PUT', `${P}/product-variants/${id}`, {
      token: admin.token,
      body: { options, variants: combinations(options).map((values, i) => ({ price: price(values, i), quantity: 1, options: values })) },
    });
  const filters = (body: Record<string, unknown>) => call(t.app, 'POST', `${P}/product-filters`, { body });
  const counts = (facets: { name: string; values: { value: string; count: number }[] }[]) =>
    Object.fromEntries(facets.map((facet) => [facet.name, Object.fromEntries(facet.values.map((entry) => [entry.value, entry.count]))]));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db);
    shirts = (await makeCategory(t.database.db, 'Shirts')).id;
    shoes = (await makeCategory(t.database.db, 'Shoes')).id;
    // Shirts: three in S/M/L (one also in XL), one in S only; shoes in sizes 40-42; a plain product.
    for (const [name, categoryId, options, price] of [
      ['Tee One', shirts, [{ name: 'Size', values: ['S', 'M', 'L'] }], 10],
      ['Tee Two', shirts, [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }, { name: 'Colour', values: ['Red', 'Blue'] }], 25],
      ['Tee Three', shirts, [{ name: 'Size', values: ['M', 'L'] }, { name: 'Colour', values: ['Red'] }], 30],
      ['Tee Four', shirts, [{ name: 'Size', values: ['S'] }], 45],
      ['Runner', shoes, [{ name: 'Size', values: ['40', '41', '42'] }], 50],
    ] as const) {
      const product = await makeProduct(t.database.db, { categoryId, name });
      ids[name] = product.id;
      const res = await setGrid(product.id, options.map((option) => ({ name: option.name, values: [...option.values] })), () => price);
      expect(res.statusCode, res.body).toBe(200);
    }
    plainSlug = (await makeProduct(t.database.db, { categoryId: shirts, name: 'Plain Shirt', price: 12 })).slug;
  });
  afterAll(() => t.close());

  it('counts, per option value, the products offering it: in all, in a category, in a price band', async () => {
    const all = await filters({ checked: [], radio: [], facets: true });
    expect(all.statusCode).toBe(200);
    expect(counts(all.json().facets)).toEqual({
      Colour: { Blue: 1, Red: 2 },
      Size: { 40: 1, 41: 1, 42: 1, L: 3, M: 3, S: 3, XL: 1 },
    });
    const inShirts = await filters({ checked: [String(shirts)], radio: [], facets: true });
    expect(counts(inShirts.json().facets).Size).toEqual({ L: 3, M: 3, S: 3, XL: 1 });
    // $20 to 39: Tee Two (25) and Tee Three (30).
    const band = await filters({ checked: [String(shirts)], radio: [20, 39], facets: true });
    expect(counts(band.json().facets)).toEqual({ Colour: { Blue: 1, Red: 2 }, Size: { L: 2, M: 2, S: 1, XL: 1 } });
    // Another range than a band is counted too.
    const range = await filters({ checked: [], radio: [24.5, 30], facets: true });
    expect(counts(range.json().facets).Size).toEqual({ L: 2, M: 2, S: 1, XL: 1 });
  });

  it('keeps the products offering the chosen values, with the true total', async () => {
    const small = await filters({ checked: [], radio: [], options: { Size: ['S'] } });
    const names = (body: { products: { name: string }[] }) => body.products.map((product) => product.name).sort();
    expect(names(small.json())).toEqual(['Tee Four', 'Tee One', 'Tee Two']);
    expect(small.json().total).toBe(3);
    const redLarge = await filters({ checked: [String(shirts)], radio: [], options: { Size: ['L', 'XL'], Colour: ['Red'] }, page: 1 });
    expect(names(redLarge.json())).toEqual(['Tee Three', 'Tee Two']);
    expect(redLarge.json().total).toBe(2);
  });

  it('answers the specification\'s filter call as before: no facets unless asked', async () => {
    const res = await filters({ checked: [String(shirts)], radio: [] });
    expect(Object.keys(res.json()).sort()).toEqual(['products', 'success', 'total']);
  });

  it('follows a product that moves category, changes price or is deleted', async () => {
    const moved = ids['Tee Four'] ?? 0;
    const product = (await call(t.app, 'GET', `${P}/admin-product/${moved}`, { token: admin.token })).json().product;
    const form = await multipart({ name: product.name, description: product.description, price: '45', quantity: String(product.quantity), category: String(shoes) });
    const updated = await call(t.app, 'PUT', `${P}/update-product/${moved}`, { token: admin.token, headers: form.headers, body: form.payload });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(counts((await filters({ checked: [String(shoes)], radio: [], facets: true })).json().facets).Size).toEqual({ 40: 1, 41: 1, 42: 1, S: 1 });
    expect((await call(t.app, 'DELETE', `${P}/delete-product/${ids['Runner']}`, { token: admin.token })).statusCode).toBe(200);
    expect(counts((await filters({ checked: [], radio: [], facets: true })).json().facets).Size).toEqual({ L: 3, M: 3, S: 3, XL: 1 });
    // A grid write moves the product between bands: Tee One now $60 to 79.
    expect((await setGrid(ids['Tee One'] ?? 0, [{ name: 'Size', values: ['S', 'M', 'L'] }], () => 65)).statusCode).toBe(200);
    expect(counts((await filters({ checked: [], radio: [60, 79], facets: true })).json().facets)).toEqual({ Size: { L: 1, M: 1, S: 1 } });
  });

  it('cards say "from" when variants differ in price: maxPrice, only then', async () => {
    const product = await makeProduct(t.database.db, { categoryId: shirts, name: 'Priced Tee' });
    const res = await setGrid(product.id, [{ name: 'Size', values: ['S', 'M', 'L'] }], (_values, i) => 10 + i * 5);
    expect(res.statusCode).toBe(200);
    const wire = (await call(t.app, 'GET', `${P}/get-product/${product.slug}`)).json().product;
    expect([wire.price, wire.maxPrice]).toEqual([10, 20]);
    const plain = (await call(t.app, 'GET', `${P}/get-product/${plainSlug}`)).json().product;
    expect('maxPrice' in plain).toBe(false);
    const list = (await call(t.app, 'GET', `${P}/product-list/1`)).json().products;
    expect(list.find((entry: { name: string }) => entry.name === 'Priced Tee')).toMatchObject({ price: 10, maxPrice: 20 });
  });

  it("the specification's update call keeps a product's variant prices, refusing a new price (400) and changing nothing", async () => {
    const product = await makeProduct(t.database.db, { categoryId: shirts, name: 'Varied Tee' });
    await setGrid(product.id, [{ name: 'Size', values: ['S', 'M'] }], (_values, i) => 10 + i);
    const fields = { name: 'Varied Tee', description: 'A tee.', quantity: '2', category: String(shirts) };
    const before = await snapshotDatabase(t.database.db);
    const refused = await multipart({ ...fields, price: '9' });
    const res = await call(t.app, 'PUT', `${P}/update-product/${product.id}`, { token: admin.token, headers: refused.headers, body: refused.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("price: this product has variants; change each variant's price in its variant grid");
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
    // The same price (what the specification's form sends back) is taken; stock goes to the first variant.
    const same = await multipart({ ...fields, price: '10', quantity: '5' });
    expect((await call(t.app, 'PUT', `${P}/update-product/${product.id}`, { token: admin.token, headers: same.headers, body: same.payload })).statusCode).toBe(200);
    const variants = (await call(t.app, 'GET', `${P}/product-variants/${product.slug}`)).json().variants;
    expect(variants.map((variant: { quantity: number }) => variant.quantity)).toEqual([4, 1]);
  });
});
