import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE } from '../../src/contract/user.ts';
import { systemActor } from '../../src/server/modules/audit/repo.ts';
import { setAdministrator } from '../../src/server/modules/auth/bootstrap-admin.ts';
import { type MadeUser, makeAdmin, makeUser, multipart, pngImage } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

interface Entry {
  _id: string;
  at: string;
  actor: { _id: string | null; name: string };
  address: string | null;
  action: string;
  kind: string;
  entityId: string | null;
  name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('the audit log: every administrator change, who, when, from where, before and after', () => {
  let t: TestApp;
  let admin: MadeUser;
  let other: MadeUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db, { name: 'Ada Auditor' });
    other = await makeAdmin(t.database.db, { name: 'Otto Other' });
  });
  afterAll(() => t.close());

  const entries = async (query: Record<string, string> = {}, token = admin.token) => {
    const res = await call(t.app, 'GET', '/api/v1/admin/audit', { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { entries: Entry[]; total: number; page: number; pageSize: number };
  };
  const latest = async () => (await entries()).entries[0] as Entry;

  it('records categories: created, renamed (name and slug before and after), deleted', async () => {
    const created = await call(t.app, 'POST', '/api/v1/category/create-category', { token: admin.token, body: { name: 'Audit Shelf' } });
    const id = created.json().category._id;
    expect(await latest()).toMatchObject({
      actor: { _id: String(admin.id), name: 'Ada Auditor' },
      action: 'category.create',
      kind: 'category',
      entityId: id,
      before: null,
      after: { name: 'Audit Shelf', slug: 'audit-shelf' },
    });
    expect((await latest()).address).toBeTruthy();
    await call(t.app, 'PUT', `/api/v1/category/update-category/${id}`, { token: other.token, body: { name: 'Audit Rack' } });
    expect(await latest()).toMatchObject({
      actor: { name: 'Otto Other' },
      action: 'category.update',
      before: { name: 'Audit Shelf', slug: 'audit-shelf' },
      after: { name: 'Audit Rack', slug: 'audit-rack' },
    });
    // A save that changes nothing records nothing.
    const total = (await entries()).total;
    await call(t.app, 'PUT', `/api/v1/category/update-category/${id}`, { token: admin.token, body: { name: 'Audit Rack' } });
    expect((await entries()).total).toBe(total);
    await call(t.app, 'DELETE', `/api/v1/category/delete-category/${id}`, { token: admin.token });
    expect(await latest()).toMatchObject({ action: 'category.delete', before: { name: 'Audit Rack' }, after: null });
  });

  it('records products: created with every field, only the changed fields of an update (price, stock, photo), deleted', async () => {
    const category = (await call(t.app, 'POST', '/api/v1/category/create-category', { token: admin.token, body: { name: 'Audit Goods' } })).json().category._id;
    const fields = { name: 'Audit Lamp', description: 'A lamp.', price: '19.99', quantity: '7', category };
    const send = async (method: 'POST' | 'PUT', values: Record<string, string>, id?: string, photo?: Buffer) => {
      const form = await multipart(values, photo ? { field: 'photo', data: photo, filename: 'p.png', type: 'image/png' } : undefined);
      const url = method === 'POST' ? '/api/v1/product/create-product' : `/api/v1/product/update-product/${id}`;
      const res = await call(t.app, method, url, { token: admin.token, headers: form.headers, body: form.payload });
      expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
      return res.json().product;
    };
    const product = await send('POST', fields);
    expect(await latest()).toMatchObject({
      action: 'product.create',
      kind: 'product',
      entityId: product._id,
      after: { name: 'Audit Lamp', price: 19.99, quantity: 7, shipping: false, categoryId: Number(category), lowStockThreshold: 5, photo: null },
    });
    await send('PUT', { ...fields, price: '24.5', quantity: '3' }, product._id);
    const update = await latest();
    expect(update).toMatchObject({ action: 'product.update', before: { price: 19.99, quantity: 7 }, after: { price: 24.5, quantity: 3 } });
    expect(Object.keys(update.after ?? {}).sort()).toEqual(['price', 'quantity']);
    // Every entry names the product as it is called now (a rename renames the older entries too).
    await send('PUT', { ...fields, name: 'Walnut Desk Lamp', price: '24.5', quantity: '3' }, product._id);
    const named = (await entries({ kind: 'product' })).entries.filter((entry) => entry.entityId === product._id);
    expect(named.map((entry) => entry.name)).toEqual(['Walnut Desk Lamp', 'Walnut Desk Lamp', 'Walnut Desk Lamp']);
    await send('PUT', { ...fields, price: '24.5', quantity: '3' }, product._id);
    await send('PUT', { ...fields, price: '24.5', quantity: '3' }, product._id, await pngImage('#ff8800'));
    const photo = await latest();
    expect(Object.keys(photo.after ?? {})).toEqual(['photo']);
    expect(photo.before).toEqual({ photo: null });
    expect(String(photo.after?.photo)).toMatch(/^"[\w-]+"$/);
    await call(t.app, 'DELETE', `/api/v1/product/delete-product/${product._id}`, { token: admin.token });
    expect(await latest()).toMatchObject({ action: 'product.delete', entityId: product._id, name: 'Audit Lamp', before: { name: 'Audit Lamp', price: 24.5 } });
  });

  it('records order status changes, and promotions of users (from the command line too)', async () => {
    const shopper = await makeUser(t.database.db, { name: 'Promo Person' });
    const changed = await setAdministrator(t.database.db, shopper.email, true, systemActor('command line (ops)'));
    expect(changed?.role).toBe(ADMIN_ROLE);
    expect(await latest()).toMatchObject({
      actor: { _id: null, name: 'command line (ops)' },
      address: null,
      action: 'user.role',
      kind: 'user',
      before: { email: shopper.email, role: 0 },
      after: { email: shopper.email, role: 1 },
    });
  });

  it('filters by kind and by person, pages newest first, and is for administrators only', async () => {
    const byKind = await entries({ kind: 'category' });
    expect(byKind.entries.length).toBeGreaterThan(0);
    expect(byKind.entries.every((entry) => entry.kind === 'category')).toBe(true);
    const byOtto = await entries({ actor: String(other.id) });
    expect(byOtto.entries.map((entry) => entry.actor.name)).toEqual(['Otto Other']);
    const bySystem = await entries({ actor: '0' });
    expect(bySystem.entries.every((entry) => entry.actor._id === null)).toBe(true);
    const all = await entries();
    for (let i = 1; i < all.entries.length; i++) {
      expect(Date.parse(all.entries[i - 1]?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(all.entries[i]?.at ?? ''));
    }
    const people = (await call(t.app, 'GET', '/api/v1/admin/audit/people', { token: admin.token })).json().people;
    expect(people.map((person: { name: string }) => person.name)).toEqual(expect.arrayContaining(['Ada Auditor', 'Otto Other', 'command line (ops)']));
    const shopper = await makeUser(t.database.db);
    expect((await call(t.app, 'GET', '/api/v1/admin/audit', { token: shopper.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/admin/audit.csv')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/admin/audit', { token: admin.token, query: { kind: 'weather' } })).statusCode).toBe(400);
  });

  it('exports as CSV, the same entries', async () => {
    const res = await call(t.app, 'GET', '/api/v1/admin/audit.csv', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    const { total, entries: page } = await entries();
    expect(rows).toHaveLength(total);
    expect(rows[0]).toMatchObject({ by: page[0]?.actor.name, action: page[0]?.action, kind: page[0]?.kind });
    const renamed = rows.find((row) => row.action === 'category.update');
    expect(JSON.parse(renamed?.after ?? '{}')).toEqual({ name: 'Audit Rack', slug: 'audit-rack' });
  });
});
