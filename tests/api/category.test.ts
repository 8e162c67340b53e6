import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NAME_MAX } from '../../src/contract/category.ts';
import { users } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const BASE = '/api/v1/category';
/** No Authorization header at all (the `call` helper leaves out an empty token). */
const GUEST = '';

interface WireCategory {
  _id: string;
  name: string;
  slug: string;
}

describe('category API', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;
  let counter = 0;
  /** A category name no other test in this file uses. */
  const freshName = (prefix = 'Category') => `${prefix} ${++counter}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db);
    shopper = await makeUser(t.database.db);
  });
  afterAll(() => t.close());

  const list = async (): Promise<WireCategory[]> => {
    const res = await call(t.app, 'GET', `${BASE}/get-category`);
    expect(res.statusCode).toBe(200);
    return res.json().category;
  };
  const create = (name: unknown, token = admin.token) =>
    call(t.app, 'POST', `${BASE}/create-category`, { token, body: { name } });
  const update = (id: number | string, name: unknown, token = admin.token) =>
    call(t.app, 'PUT', `${BASE}/update-category/${id}`, { token, body: { name } });
  const remove = (id: number | string, token = admin.token) =>
    call(t.app, 'DELETE', `${BASE}/delete-category/${id}`, { token });
  const bySlug = (slug: string) => call(t.app, 'GET', `/api/v1/product/product-category/${slug}`);

  describe('get-category', () => {
    it('lists every category sorted by name (ignoring case) with the wire shape {_id, name, slug}', async () => {
      const made = [];
      for (const name of ['mango Tools', 'Apple Crates', 'banana Boxes', 'Cherry Pits', 'Zucchini Seeds']) {
        made.push(await makeCategory(t.database.db, name));
      }
      const res = await call(t.app, 'GET', `${BASE}/get-category`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(Object.keys(body).sort()).toEqual(['category', 'message', 'success']);

      const all: WireCategory[] = body.category;
      const ids = new Set(made.map((row) => String(row.id)));
      const mine = all.filter((category) => ids.has(category._id));
      expect(mine.map((category) => category.name)).toEqual([
        'Apple Crates',
        'banana Boxes',
        'Cherry Pits',
        'mango Tools',
        'Zucchini Seeds',
      ]);
      const apple = made[1];
      expect(mine[0]).toEqual({ _id: String(apple?.id), name: 'Apple Crates', slug: 'apple-crates' });
      for (const category of all) {
        expect(Object.keys(category).sort()).toEqual(['_id', 'name', 'slug']);
        expect(category._id).toMatch(/^\d+$/);
        expect(typeof category.name).toBe('string');
        expect(category.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      }
    });

    it('is public (no token needed)', async () => {
      const res = await call(t.app, 'GET', `${BASE}/get-category`);
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
    });
  });

  describe('create-category', () => {
    it('creates a category (201) with a URL-safe slug and the message "{name} is created"', async () => {
      const res = await create('Home & Garden');
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'Home & Garden is created',
        category: { _id: expect.stringMatching(/^\d+$/), name: 'Home & Garden', slug: 'home-and-garden' },
      });
      expect(await list()).toContainEqual(body.category);
      const resolved = await bySlug('home-and-garden');
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json().category).toEqual(body.category);
    });

    it('trims the name and strips accents and punctuation from the slug', async () => {
      const res = await create('   Café Crème — Special!  ');
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('Café Crème — Special! is created');
      expect(res.json().category.name).toBe('Café Crème — Special!');
      expect(res.json().category.slug).toBe('cafe-creme-special');
    });

    it('gives a category whose name slugifies like another one a different slug', async () => {
      const first = await create('Kids + Toys');
      const second = await create('Kids Toys');
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(first.json().category.slug).toBe('kids-toys');
      expect(second.json().category.slug).toBe('kids-toys-2');
    });

    it('refuses a duplicate name, also in a different case or with spaces around it (409), and creates nothing', async () => {
      const name = freshName('Books');
      expect((await create(name)).statusCode).toBe(201);
      const before = (await list()).length;

      for (const duplicate of [name, name.toUpperCase(), name.toLowerCase(), `  ${name}  `]) {
        const res = await create(duplicate);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ success: false, message: `Category "${duplicate.trim()}" already exists` });
      }
      expect((await list()).length).toBe(before);
    });

    it('refuses an empty, blank, missing, non-text, broken or too long name (400, naming the field "name")', async () => {
      const before = (await list()).length;
      const cases: Array<[unknown, string]> = [
        ['', 'name: is required'],
        ['    ', 'name: is required'],
        [undefined, 'name: is required'],
        [42, 'name: must be text'],
        ['Tea\u0000Pots', 'name: must not hold control characters or line breaks'],
        ['Tea\nPots', 'name: must not hold control characters or line breaks'],
        ['Tea \ud83d', 'name: must be valid text (it holds a broken character)'],
        ['x'.repeat(CATEGORY_NAME_MAX + 1), `name: must be at most ${CATEGORY_NAME_MAX} characters`],
      ];
      for (const [name, message] of cases) {
        const res = await create(name);
        expect(res.statusCode, JSON.stringify(name)).toBe(400);
        expect(res.json()).toEqual({ success: false, message });
      }
      expect((await list()).length).toBe(before);
    });

    it('accepts a name of exactly the maximum length', async () => {
      const name = `L${counter}`.padEnd(CATEGORY_NAME_MAX, 'x');
      const res = await create(name);
      expect(res.statusCode).toBe(201);
      expect(res.json().category.name).toBe(name);
      expect(res.json().category.name).toHaveLength(CATEGORY_NAME_MAX);
    });

    it('refuses a body that is not JSON (400)', async () => {
      const res = await call(t.app, 'POST', `${BASE}/create-category`, {
        token: admin.token,
        headers: { 'content-type': 'application/json' },
        body: '{"name":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    });
  });

  describe('update-category', () => {
    it('renames with "{name} is updated" and a new slug; the old slug still resolves', async () => {
      const created = (await create('Garden Tools')).json().category as WireCategory;
      expect(created.slug).toBe('garden-tools');

      const res = await update(created._id, 'Outdoor Equipment');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Outdoor Equipment is updated',
        category: { _id: created._id, name: 'Outdoor Equipment', slug: 'outdoor-equipment' },
      });
      expect(await list()).toContainEqual({ _id: created._id, name: 'Outdoor Equipment', slug: 'outdoor-equipment' });
      expect((await list()).some((category) => category.name === 'Garden Tools')).toBe(false);

      for (const slug of ['garden-tools', 'outdoor-equipment']) {
        const resolved = await bySlug(slug);
        expect(resolved.statusCode, slug).toBe(200);
        expect(resolved.json().category).toEqual({
          _id: created._id,
          name: 'Outdoor Equipment',
          slug: 'outdoor-equipment',
        });
      }
    });

    it("keeps a renamed category's old slug reserved: a new category with the old name gets another slug", async () => {
      const created = (await create('Lamps')).json().category as WireCategory;
      expect((await update(created._id, 'Lighting')).statusCode).toBe(200);
      const again = await create('Lamps');
      expect(again.statusCode).toBe(201);
      expect(again.json().category.slug).not.toBe('lamps');
      expect(again.json().category.slug).toBe('lamps-2');
      expect((await bySlug('lamps')).json().category._id).toBe(created._id);
      expect((await bySlug('lamps-2')).json().category._id).toBe(again.json().category._id);
    });

    it('can be renamed back to its first name: it gets its first slug back and both slugs resolve', async () => {
      const created = (await create('Boomerangs')).json().category as WireCategory;
      expect((await update(created._id, 'Returning Things')).json().category.slug).toBe('returning-things');
      const back = await update(created._id, 'Boomerangs');
      expect(back.statusCode).toBe(200);
      expect(back.json().category).toEqual({ _id: created._id, name: 'Boomerangs', slug: 'boomerangs' });
      for (const slug of ['boomerangs', 'returning-things']) {
        const resolved = await bySlug(slug);
        expect(resolved.statusCode, slug).toBe(200);
        expect(resolved.json().category).toEqual({ _id: created._id, name: 'Boomerangs', slug: 'boomerangs' });
      }
    });

    it('shows the new name on the products of a renamed category, also through its old slug', async () => {
      const db = t.database.db;
      const category = await makeCategory(db, freshName('Before Rename'));
      const product = await makeProduct(db, { categoryId: category.id });
      const newName = freshName('After Rename');
      const renamed = (await update(category.id, newName)).json().category as WireCategory;
      expect(renamed.name).toBe(newName);

      const fetched = await call(t.app, 'GET', `/api/v1/product/get-product/${product.slug}`);
      expect(fetched.json().product.category).toEqual(renamed);
      const viaOldSlug = await bySlug(category.slug);
      expect(viaOldSlug.statusCode).toBe(200);
      expect(viaOldSlug.json().category).toEqual(renamed);
      expect(viaOldSlug.json().total).toBe(1);
      expect(viaOldSlug.json().products.map((p: { _id: string }) => p._id)).toEqual([String(product.id)]);
    });

    it('allows a change of case only, keeping the slug', async () => {
      const created = (await create('Sports Gear')).json().category as WireCategory;
      const res = await update(created._id, 'SPORTS GEAR');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'SPORTS GEAR is updated',
        category: { _id: created._id, name: 'SPORTS GEAR', slug: 'sports-gear' },
      });
    });

    it('refuses a name another category already has, in any case (409), and changes nothing', async () => {
      const taken = freshName('Taken');
      expect((await create(taken)).statusCode).toBe(201);
      const mine = (await create(freshName('Mine'))).json().category as WireCategory;

      const res = await update(mine._id, taken.toLowerCase());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: `Category "${taken.toLowerCase()}" already exists` });
      expect(await list()).toContainEqual(mine);
    });

    it('answers 404 for an unknown id and 400 for an id that is not an id', async () => {
      const missing = await update(999_999, 'Nothing Here');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Category not found' });

      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await update(id, 'Bad Id');
        expect(res.statusCode, id).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().message).toMatch(/^id: /);
      }
      expect((await list()).some((category) => category.name === 'Bad Id')).toBe(false);
    });

    it('refuses an empty, blank or too long new name (400, naming "name") and keeps the old one', async () => {
      const mine = (await create(freshName('Keep'))).json().category as WireCategory;
      for (const name of ['', '   ', 'y'.repeat(CATEGORY_NAME_MAX + 1), undefined]) {
        const res = await update(mine._id, name);
        expect(res.statusCode).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().message).toMatch(/^name: /);
      }
      expect(await list()).toContainEqual(mine);
    });
  });

  describe('delete-category', () => {
    it('deletes with "category is deleted"; the category is gone from the list and its slug', async () => {
      const mine = (await create(freshName('Doomed'))).json().category as WireCategory;
      const res = await remove(mine._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'category is deleted' });
      expect((await list()).some((category) => category._id === mine._id)).toBe(false);
      const gone = await bySlug(mine.slug);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ success: false, message: 'Category not found' });

      const again = await remove(mine._id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ success: false, message: 'Category not found' });
    });

    it('refuses to delete a category that still has products (409) and deletes nothing', async () => {
      const db = t.database.db;
      const category = await makeCategory(db, freshName('Stocked'));
      const product = await makeProduct(db, { categoryId: category.id, name: 'Stocked Item' });
      const second = await makeProduct(db, { categoryId: category.id, name: 'Another Stocked Item' });

      const res = await remove(category.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: `Category "${category.name}" still has 2 products; move or delete them first`,
      });
      expect(await list()).toContainEqual({ _id: String(category.id), name: category.name, slug: category.slug });
      const inCategory = await bySlug(category.slug);
      expect(inCategory.json().total).toBe(2);
      for (const slug of [product.slug, second.slug]) {
        expect((await call(t.app, 'GET', `/api/v1/product/get-product/${slug}`)).statusCode).toBe(200);
      }
    });

    it('answers 404 for an unknown id and 400 for a malformed id', async () => {
      const missing = await remove(999_998);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Category not found' });
      const bad = await remove('abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().success).toBe(false);
      expect(bad.json().message).toMatch(/^id: /);
    });
  });

  describe('who may change categories', () => {
    it('refuses guests (401) and normal users (403) on create, update and delete; changes nothing', async () => {
      const target = (await create(freshName('Guarded'))).json().category as WireCategory;
      const before = await list();

      const attempts = (token: string) => [
        create(freshName('Sneaky'), token),
        update(target._id, freshName('Renamed'), token),
        remove(target._id, token),
      ];
      for (const res of await Promise.all(attempts(GUEST))) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, message: 'Please sign in' });
      }
      for (const res of await Promise.all(attempts(shopper.token))) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, message: 'Administrators only' });
      }
      expect(await list()).toEqual(before);
    });

    it('accepts the admin token raw and as "Bearer <token>"', async () => {
      const raw = await create(freshName('Raw'), admin.token);
      expect(raw.statusCode).toBe(201);
      const bearer = await create(freshName('Bearer'), `Bearer ${admin.token}`);
      expect(bearer.statusCode).toBe(201);
      const id = bearer.json().category._id;
      const renamed = await update(id, freshName('Bearer Renamed'), `Bearer ${admin.token}`);
      expect(renamed.statusCode).toBe(200);
      expect((await remove(id, `Bearer ${admin.token}`)).statusCode).toBe(200);
      expect((await remove(raw.json().category._id, admin.token)).statusCode).toBe(200);
    });

    it('refuses a garbage, tampered or empty token (401)', async () => {
      const tampered = `${admin.token.slice(0, -4)}${admin.token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
      for (const token of ['garbage', 'Bearer garbage', tampered, `Bearer ${tampered}`]) {
        const res = await create(freshName('Bad Token'), token);
        expect(res.statusCode, token).toBe(401);
        expect(res.json()).toEqual({
          success: false,
          message: 'Your session is invalid or has expired, please sign in again',
        });
      }
      const empty = await call(t.app, 'POST', `${BASE}/create-category`, {
        headers: { authorization: 'Bearer ' },
        body: { name: freshName('Empty Token') },
      });
      expect(empty.statusCode).toBe(401);
      expect(empty.json()).toEqual({ success: false, message: 'Please sign in' });
    });

    it('takes access away at once from an admin demoted in the database (403 with the same token)', async () => {
      const db = t.database.db;
      const temporary = await makeAdmin(db);
      const first = await create(freshName('Before Demotion'), temporary.token);
      expect(first.statusCode).toBe(201);

      await db.update(users).set({ role: 0 }).where(eq(users.id, temporary.id));

      const id = first.json().category._id;
      const refused = [
        await create(freshName('After Demotion'), temporary.token),
        await update(id, freshName('After Demotion'), temporary.token),
        await remove(id, temporary.token),
      ];
      for (const res of refused) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, message: 'Administrators only' });
      }
      expect(await list()).toContainEqual(first.json().category);
    });

    it('refuses the token of a user that no longer exists (401)', async () => {
      const db = t.database.db;
      const gone = await makeAdmin(db);
      await db.delete(users).where(eq(users.id, gone.id));
      const res = await create(freshName('Ghost'), gone.token);
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    });
  });
});
