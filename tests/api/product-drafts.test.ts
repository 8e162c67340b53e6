import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS } from '../../src/contract/data.ts';
import { combinations } from '../../src/domain/variants.ts';
import { PRICE_BANDS } from '../../src/domain/price-bands.ts';
import { productFacetValues, products } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, multipart } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';

const P = '/api/v1/product';
type Wire = { _id: string; name: string; slug: string; draft?: true };

/**
 * Drafts: the owner's only. No shopper's read finds one (lists, counts, facets, search and its typo
 * corrections, the product page, related products, the sitemap, kept answers), checkout refuses one, and
 * the kept counts follow a product into and out of draft. The admin's list, form, bulk call and CSV have them.
 */
describe('product drafts', () => {
  let t: TestApp;
  let admin: MadeUser;
  let buyer: MadeUser;
  let lamps: { id: number; slug: string };
  let shown: Awaited<ReturnType<typeof makeProduct>>;
  let draft: Wire;

  beforeAll(async () => {
    t = await createTestApp(NO_ORDER_LIMITS);
    admin = await makeAdmin(t.database.db);
    buyer = await makeUser(t.database.db);
    lamps = await makeCategory(t.database.db, 'Lamps');
    shown = await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Walnut Desk Lamp', price: 30, quantity: 5 });
    const form = await multipart({
      name: 'Secret Lantern Prototype',
      description: 'A lantern nobody may buy yet.',
      price: '45',
      quantity: '8',
      category: String(lamps.id),
      draft: 'true',
    });
    const created = await t.app.inject({ method: 'POST', url: `${P}/create-product`, payload: form.payload, headers: { ...form.headers, authorization: admin.token } });
    expect(created.statusCode, created.body).toBe(201);
    draft = created.json().product;
    expect(draft.draft).toBe(true);
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => call(t.app, 'GET', url, { token });
  const filters = (body: Record<string, unknown>) => call(t.app, 'POST', `${P}/product-filters`, { body });
  const bulk = (body: unknown, token = admin.token) => call(t.app, 'POST', '/api/v1/admin/products/bulk', { token, body });
  const namesOf = (list: Wire[]) => list.map((product) => product.name);
  const adminNames = async (query: Record<string, string>) => {
    const res = await call(t.app, 'GET', '/api/v1/admin/products', { token: admin.token, query });
    expect(res.statusCode, res.body).toBe(200);
    return namesOf(res.json().products);
  };

  /** Every shopper's read that could show the draft: the names each shows (the draft must be in none). */
  async function shopperReads(): Promise<Record<string, string[] | number | string>> {
    await t.noticesSettled();
    const search = async (keyword: string, page?: number) => {
      const res = await get(`${P}/search/${encodeURIComponent(keyword)}${page ? `?page=${page}` : ''}`);
      expect(res.statusCode).toBe(200);
      return namesOf(res.json());
    };
    return {
      list: namesOf((await get(`${P}/product-list/1`)).json().products),
      page: namesOf((await get(`${P}/get-product?page=1`)).json().products),
      count: (await get(`${P}/product-count`)).json().total,
      category: namesOf((await get(`${P}/product-category/${lamps.slug}?page=1`)).json().products),
      categoryTotal: (await get(`${P}/product-category/${lamps.slug}?page=1`)).json().total,
      filtered: namesOf((await filters({ checked: [String(lamps.id)], radio: [40, 59], page: 1 })).json().products),
      filteredTotal: (await filters({ checked: [String(lamps.id)], radio: [40, 59], page: 1 })).json().total,
      // Unpaged: the answer built from kept per-product fragments.
      unpaged: namesOf((await filters({ checked: [String(lamps.id)], radio: [] })).json().products),
      searchPaged: await search('lantern', 1),
      searchUnpaged: await search('lantern'),
      searchLamp: await search('lamp'),
      // One typo: the correction must not come from a draft's words.
      typo: await search('prototipe'),
      related: namesOf((await get(`${P}/related-product/${shown.id}/${lamps.id}`)).json().products),
      bySlug: (await get(`${P}/get-product/${draft.slug}`)).statusCode,
      variants: (await get(`${P}/product-variants/${draft.slug}`)).statusCode,
      sitemap: (await get('/sitemap.xml')).body.includes(draft.slug) ? 'listed' : 'absent',
    };
  }

  const hidden = {
    list: ['Walnut Desk Lamp'],
    page: ['Walnut Desk Lamp'],
    count: 1,
    category: ['Walnut Desk Lamp'],
    categoryTotal: 1,
    filtered: [],
    filteredTotal: 0,
    unpaged: ['Walnut Desk Lamp'],
    searchPaged: [],
    searchUnpaged: [],
    searchLamp: ['Walnut Desk Lamp'],
    typo: [],
    related: [],
    bySlug: 404,
    variants: 404,
    sitemap: 'absent',
  };

  it('is absent from every shopper read and present in the admin list and form', async () => {
    expect(await shopperReads()).toEqual(hidden);
    expect(await adminNames({})).toEqual(['Secret Lantern Prototype', 'Walnut Desk Lamp']);
    expect(await adminNames({ draft: 'draft' })).toEqual(['Secret Lantern Prototype']);
    expect(await adminNames({ draft: 'published' })).toEqual(['Walnut Desk Lamp']);
    expect(await adminNames({ draft: 'all', q: 'lantern' })).toEqual(['Secret Lantern Prototype']);
    const preview = await get(`${P}/admin-product/${draft._id}`, admin.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().product).toMatchObject({ name: 'Secret Lantern Prototype', draft: true });
  });

  it('shows in every read once published, and hides again (kept answers dropped both ways)', async () => {
    // The reads above are kept (answer cache, kept fragments and search ranks): publishing must reach them.
    expect((await bulk({ ids: [draft._id], draft: false })).json()).toMatchObject({ success: true, changed: 1 });
    const published = await shopperReads();
    expect(published).toMatchObject({
      count: 2,
      categoryTotal: 2,
      filtered: ['Secret Lantern Prototype'],
      filteredTotal: 1,
      searchPaged: ['Secret Lantern Prototype'],
      searchUnpaged: ['Secret Lantern Prototype'],
      typo: ['Secret Lantern Prototype'],
      related: ['Secret Lantern Prototype'],
      bySlug: 200,
      variants: 200,
      // The sitemap read above (draft absent) is not kept past the change.
      sitemap: 'listed',
    });
    expect(published.unpaged).toContain('Secret Lantern Prototype');
    // Back to draft through the product form (left out on update: kept; "yes" sets it).
    const form = await multipart({ name: 'Secret Lantern Prototype', description: 'A lantern nobody may buy yet.', price: '45', quantity: '8', category: String(lamps.id), draft: 'yes' });
    const updated = await t.app.inject({ method: 'PUT', url: `${P}/update-product/${draft._id}`, payload: form.payload, headers: { ...form.headers, authorization: admin.token } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().product.draft).toBe(true);
    expect(await shopperReads()).toEqual(hidden);
    const again = await multipart({ name: 'Secret Lantern Prototype', description: 'A lantern nobody may buy yet.', price: '45', quantity: '8', category: String(lamps.id) });
    const kept = await t.app.inject({ method: 'PUT', url: `${P}/update-product/${draft._id}`, payload: again.payload, headers: { ...again.headers, authorization: admin.token } });
    expect(kept.json().product.draft).toBe(true);
  });

  it('drops a product drafted by the owner or behind the app (SQL, another process) from the next sitemap read', async () => {
    const sitemapHas = async (slug: string) => (await get('/sitemap.xml')).body.includes(`/product/${slug}<`);
    const desk = await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Sitemap Desk', price: 80 });
    const shelf = await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Sitemap Shelf', price: 60 });
    await t.noticesSettled();
    expect([await sitemapHas(desk.slug), await sitemapHas(shelf.slug)]).toEqual([true, true]);
    // The owner's bulk call: this process's own change.
    expect((await bulk({ ids: [String(desk.id)], draft: true })).json()).toMatchObject({ success: true, changed: 1 });
    expect(await sitemapHas(desk.slug)).toBe(false);
    // A change this process only hears of (the database's NOTIFY), well within the sitemap's 10 minutes.
    await t.database.db.update(products).set({ draft: true }).where(eq(products.id, shelf.id));
    await t.noticesSettled();
    expect(await sitemapHas(shelf.slug)).toBe(false);
    await t.database.db.update(products).set({ draft: false }).where(eq(products.id, shelf.id));
    await t.noticesSettled();
    expect(await sitemapHas(shelf.slug)).toBe(true);
  });

  it('keeps the kept counts (products, bands, facets) equal to counting shown products, through every kind of move', { timeout: 120_000 }, async () => {
    const db = t.database.db;
    const shirts = await makeCategory(db, 'Draft Shirts');
    const tees: number[] = [];
    for (const [name, price] of [['Tee A', 15], ['Tee B', 25], ['Tee C', 45]] as const) {
      const tee = await makeProduct(db, { categoryId: shirts.id, name, price });
      const options = [{ name: 'Size', values: ['S', 'M'] }];
      const grid = await call(t.app, 'PUT', `${P}/product-variants/${tee.id}`, {
        token: admin.token,
        body: { options, variants: combinations(options).map((values) => ({ price, quantity: 2, options: values })) },
      });
      expect(grid.statusCode, grid.body).toBe(200);
      tees.push(tee.id);
    }
    const facetsOf = async (checked: number[], radio: number[]) => {
      const res = await filters({ checked: checked.map(String), radio, facets: true, page: 1 });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { total: number; facets: { name: string; values: { value: string; count: number }[] }[] };
      return { total: body.total, facets: Object.fromEntries(body.facets.flatMap((facet) => facet.values.map((entry) => [`${facet.name}=${entry.value}`, entry.count]))) };
    };
    const truth = async (categoryId: number | null, band: readonly [number, number] | null) => {
      const inBand = band
        ? sql`${products.priceCents} >= ${band[0] * 100} and (${band[1] >= 9999} or ${products.priceCents} < ${(band[1] + 1) * 100})`
        : sql`true`;
      const where = and(sql`not ${products.draft}`, categoryId === null ? undefined : eq(products.categoryId, categoryId), inBand);
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
      const facetRows = await db
        .select({ key: sql<string>`${productFacetValues.option} || '=' || ${productFacetValues.value}`, n: sql<number>`count(*)::int` })
        .from(productFacetValues)
        .innerJoin(products, eq(products.id, productFacetValues.productId))
        .where(where)
        .groupBy(productFacetValues.option, productFacetValues.value);
      return { total: Number(row?.n ?? 0), facets: Object.fromEntries(facetRows.map((facet) => [facet.key, Number(facet.n)])) };
    };
    const expectRight = async (label: string) => {
      await t.noticesSettled();
      expect((await get(`${P}/product-count`)).json().total, `${label}: product count`).toBe((await truth(null, null)).total);
      for (const categoryId of [shirts.id, lamps.id]) {
        expect(await facetsOf([categoryId], []), `${label}: category ${categoryId}`).toEqual(await truth(categoryId, null));
        for (const band of PRICE_BANDS) {
          expect(await facetsOf([categoryId], band.array), `${label}: band ${band.label}`).toEqual(await truth(categoryId, band.array));
        }
      }
      expect(await facetsOf([], []), `${label}: all`).toEqual(await truth(null, null));
    };
    await expectRight('start');
    await bulk({ ids: tees.slice(0, 2).map(String), draft: true });
    await expectRight('two tees drafted');
    expect((await facetsOf([shirts.id], [])).facets).toEqual({ 'Size=M': 1, 'Size=S': 1 });
    // A draft moved to another category (behind the app, in SQL) still counts nowhere.
    await db.update(products).set({ categoryId: lamps.id }).where(eq(products.id, tees[0] as number));
    await expectRight('a draft moved');
    await bulk({ ids: [String(tees[0])], draft: false });
    await expectRight('published in its new place');
    // A new grid of a draft: its facet values are a draft's too.
    const grid = await call(t.app, 'PUT', `${P}/product-variants/${tees[1]}`, {
      token: admin.token,
      body: { options: [{ name: 'Size', values: ['XL'] }], variants: [{ price: 25, quantity: 1, options: ['XL'] }] },
    });
    expect(grid.statusCode, grid.body).toBe(200);
    await expectRight('a draft re-gridded');
    await db.delete(products).where(eq(products.id, tees[1] as number));
    await expectRight('a draft deleted');
    await bulk({ ids: [String(tees[2]), String(tees[0])], draft: true });
    await expectRight('both drafted');
    await db.update(products).set({ draft: false });
    await expectRight('all published in one statement');
    await bulk({ ids: [draft._id], draft: true });
    await expectRight('the lantern a draft again');
  });

  it('refuses to order a draft (409 naming it), and changes nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    const res = await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart: [{ _id: String(shown.id) }, { _id: draft._id }] } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Secret Lantern Prototype/);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
    const fine = await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart: [{ _id: String(shown.id) }] } });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('guards the draft filter and bulk call, and answers 400 naming the field for bad input', async () => {
    expect((await bulk({ ids: [draft._id], draft: false }, buyer.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/admin/products', { token: buyer.token, query: { draft: 'draft' } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/admin/products', { query: { draft: 'draft' } })).statusCode).toBe(401);
    const before = await snapshotDatabase(t.database.db);
    for (const [body, field] of [
      [{ ids: [draft._id], draft: 'maybe' }, 'draft'],
      [{ ids: [draft._id], draft: null }, 'draft'],
      [{ ids: [draft._id] }, 'category'],
    ] as const) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    const missing = await bulk({ ids: [draft._id, '987654'], draft: false });
    expect(missing.statusCode).toBe(404);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
    const badFilter = await call(t.app, 'GET', '/api/v1/admin/products', { token: admin.token, query: { draft: 'hidden' } });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toMatch(/^draft: /);
    const form = await multipart({ name: 'Odd Lamp', description: 'Odd.', price: '5', quantity: '1', category: String(lamps.id), draft: 'perhaps' });
    const created = await t.app.inject({ method: 'POST', url: `${P}/create-product`, payload: form.payload, headers: { ...form.headers, authorization: admin.token } });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toMatch(/^draft: /);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('keeps the draft state through a CSV export and import, and imports a change of it', async () => {
    type Row = Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>;
    const exported = await call(t.app, 'GET', '/api/v1/admin/products.csv', { token: admin.token });
    expect(exported.statusCode).toBe(200);
    const rows = parse(exported.body, { bom: true, columns: true }) as Row[];
    expect(rows.find((row) => row.slug === draft.slug)?.draft).toBe('yes');
    expect(rows.find((row) => row.slug === shown.slug)?.draft).toBe('no');
    const upload = async (csv: string, fields: Record<string, string> = {}) => {
      const form = await multipart(fields, { field: 'file', data: Buffer.from(csv), filename: 'catalogue.csv', type: 'text/csv' });
      return call(t.app, 'POST', '/api/v1/admin/products-import', { token: admin.token, headers: form.headers, body: form.payload });
    };
    const toCsv = (list: Row[]) => stringify(list, { header: true, columns: [...CATALOGUE_CSV_COLUMNS] });
    const same = (await upload(exported.body.replace(/^\uFEFF/, ''))).json();
    expect(same.summary, JSON.stringify(same.rows)).toMatchObject({ update: 0, error: 0, create: 0 });
    const flipped = rows.map((row) => (row.slug === draft.slug ? { ...row, draft: 'no' } : row.slug === shown.slug ? { ...row, draft: 'yes' } : row));
    const plan = (await upload(toCsv(flipped))).json();
    expect(plan.summary).toMatchObject({ update: 2, error: 0 });
    expect(plan.rows.filter((row: { action: string }) => row.action === 'update').map((row: { changes: string[] }) => row.changes)).toEqual([['draft'], ['draft']]);
    expect((await upload(toCsv(flipped), { apply: 'true' })).statusCode).toBe(200);
    await t.noticesSettled();
    expect((await get(`${P}/get-product/${draft.slug}`)).statusCode).toBe(200);
    expect((await get(`${P}/get-product/${shown.slug}`)).statusCode).toBe(404);
    // A file without the draft column keeps each product's state; a bad cell names the column.
    const withoutDraft = stringify(flipped, { header: true, columns: CATALOGUE_CSV_COLUMNS.filter((column) => column !== 'draft') });
    expect((await upload(withoutDraft)).json().summary).toMatchObject({ update: 0, error: 0 });
    const bad = (await upload(toCsv(flipped.map((row) => (row.slug === draft.slug ? { ...row, draft: 'perhaps' } : row))))).json();
    expect(bad.rows[0]).toMatchObject({ action: 'error', errors: [{ column: 'draft' }] });
  });
});
