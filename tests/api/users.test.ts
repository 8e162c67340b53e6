import { USERS_PAGE_SIZE } from '../../src/contract/limits.ts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE, USER_ROLE } from '../../src/contract/user.ts';
import { users } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const PUBLIC_USER_KEYS = ['_id', 'address', 'createdAt', 'email', 'name', 'orders', 'phone', 'role', 'spent'];

interface WireUser {
  _id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  role: number;
  createdAt: string;
}

describe('GET /api/v1/auth/all-users', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;
  /** Every user made here, oldest first. */
  const made: MadeUser[] = [];
  const EXTRA = 5;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db, { name: 'Users Admin', email: 'users-admin@example.com' });
    made.push(admin);
    // One by one, so that the order of creation is the order of the dates.
    for (let i = 1; i <= USERS_PAGE_SIZE + EXTRA - 1; i++) {
      made.push(
        await makeUser(t.database.db, {
          name: `Listed User ${String(i).padStart(2, '0')}`,
          email: `listed-${i}@example.com`,
        }),
      );
    }
    shopper = made[made.length - 1] as MadeUser;
  });
  afterAll(() => t.close());

  /** `token: null` calls as a guest. */
  const list = (query?: Record<string, string>, token: string | null = admin.token) =>
    call(t.app, 'GET', '/api/v1/auth/all-users', { token: token ?? undefined, ...(query ? { query } : {}) });

  it('answers 401 for a guest and for a bad token', async () => {
    const guest = await list(undefined, null);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ success: false, message: 'Please sign in' });
    const bad = await list(undefined, 'Bearer not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().success).toBe(false);
  });

  it('answers 403 for a signed-in user who is not an administrator', async () => {
    const res = await list(undefined, shopper.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Administrators only' });
  });

  it(`lists the newest ${USERS_PAGE_SIZE} users first with the true total`, async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(['page', 'pageSize', 'success', 'total', 'users']);
    expect(json.success).toBe(true);
    expect(json.page).toBe(1);
    expect(json.pageSize).toBe(USERS_PAGE_SIZE);
    expect(json.total).toBe(USERS_PAGE_SIZE + EXTRA);
    const [row] = await t.database.db.select({ value: count() }).from(users);
    expect(json.total).toBe(Number(row?.value));

    const listed = json.users as WireUser[];
    expect(listed).toHaveLength(USERS_PAGE_SIZE);
    const newestFirst = [...made].reverse();
    expect(listed.map((user) => user._id)).toEqual(
      newestFirst.slice(0, USERS_PAGE_SIZE).map((user) => String(user.id)),
    );
    for (let i = 1; i < listed.length; i++) {
      const newer = listed[i - 1] as WireUser;
      const older = listed[i] as WireUser;
      expect(Date.parse(newer.createdAt)).toBeGreaterThanOrEqual(Date.parse(older.createdAt));
    }
  });

  it('shows each user with the public fields only: never a password or answer, nor their hashes', async () => {
    const res = await list();
    const body = res.json();
    for (const user of body.users as WireUser[]) {
      expect(Object.keys(user).sort()).toEqual(PUBLIC_USER_KEYS);
    }
    const text = res.body;
    expect(text).not.toContain('scrypt$');
    expect(text.toLowerCase()).not.toContain('hash');
    expect(text.toLowerCase()).not.toContain('password');
    expect(text.toLowerCase()).not.toContain('answer');
    for (const user of made) expect(text).not.toContain(user.password);

    const newest = (body.users as WireUser[])[0];
    expect(newest).toEqual({
      _id: String(shopper.id),
      name: shopper.name,
      email: shopper.email,
      phone: '555-0100',
      address: '1 Market Street',
      role: USER_ROLE,
      createdAt: expect.any(String),
      orders: 0,
      spent: 0,
    });
    expect(Number.isNaN(Date.parse(newest?.createdAt ?? ''))).toBe(false);
  });

  it('page 2 holds the rest, oldest last, with the administrator as role 1', async () => {
    const res = await list({ page: '2' });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.page).toBe(2);
    expect(json.pageSize).toBe(USERS_PAGE_SIZE);
    expect(json.total).toBe(USERS_PAGE_SIZE + EXTRA);
    const listed = json.users as WireUser[];
    expect(listed.map((user) => user._id)).toEqual(
      [...made]
        .reverse()
        .slice(USERS_PAGE_SIZE)
        .map((user) => String(user.id)),
    );
    const oldest = listed[listed.length - 1];
    expect(oldest).toMatchObject({
      _id: String(admin.id),
      name: 'Users Admin',
      email: 'users-admin@example.com',
      role: ADMIN_ROLE,
    });
    for (const user of listed.slice(0, -1)) expect(user.role).toBe(USER_ROLE);
  });

  it('pages 1 and 2 together hold every user exactly once', async () => {
    const page1 = (await list({ page: '1' })).json().users as WireUser[];
    const page2 = (await list({ page: '2' })).json().users as WireUser[];
    const ids = [...page1, ...page2].map((user) => user._id);
    expect(new Set(ids).size).toBe(made.length);
    expect([...ids].sort()).toEqual(made.map((user) => String(user.id)).sort());
  });

  it('answers an empty page beyond the last one, with the total still right', async () => {
    const res = await list({ page: '3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      users: [],
      total: USERS_PAGE_SIZE + EXTRA,
      page: 3,
      pageSize: USERS_PAGE_SIZE,
    });
  });

  it('shows a user registered through the API first, and counts it', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/register', {
      body: {
        name: 'Fresh Registrant',
        email: 'Fresh.Registrant@Example.com',
        password: 'fresh-password',
        phone: '555-0404',
        address: '4 Newcomer Lane',
        answer: 'Tennis',
      },
    });
    expect(res.statusCode).toBe(201);
    const registered = res.json().user as WireUser;

    const page1 = await list();
    expect(page1.json().total).toBe(USERS_PAGE_SIZE + EXTRA + 1);
    const first = (page1.json().users as WireUser[])[0];
    expect(first).toEqual({ ...registered, orders: 0, spent: 0 });
    expect(first?.email).toBe('fresh.registrant@example.com');
    expect(page1.body).not.toContain('fresh-password');
    expect(page1.body.toLowerCase()).not.toContain('tennis');

    // Everyone moved one place down: page 2 now starts with the user who was last on page 1.
    const page2 = (await list({ page: '2' })).json().users as WireUser[];
    expect(page2).toHaveLength(EXTRA + 1);
    expect(page2[0]?._id).toBe(String(made[EXTRA]?.id));
  });

  it('refuses an invalid page (400) and names it', async () => {
    const cases: [string, string][] = [
      ['0', 'page: must be 1 or more'],
      ['-1', 'page: must be 1 or more'],
      ['1.5', 'page: must be a whole number'],
      ['abc', 'page: must be a number'],
      ['2147483648', 'page: must be 2147483647 or less'],
    ];
    for (const [page, message] of cases) {
      const res = await list({ page });
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    // A whole page past the end is an empty page, however far.
    for (const page of ['100001', '2147483647']) {
      const res = await list({ page });
      expect(res.statusCode, page).toBe(200);
      expect(res.json().users).toEqual([]);
    }
  });

  it('a user promoted in the database can list users at once, and a demoted admin cannot', async () => {
    const promoted = await makeUser(t.database.db);
    const before = await list(undefined, promoted.token);
    expect(before.statusCode).toBe(403);
    await t.database.db.update(users).set({ role: ADMIN_ROLE }).where(eq(users.id, promoted.id));
    const after = await list(undefined, promoted.token);
    expect(after.statusCode).toBe(200);
    expect((after.json().users as WireUser[])[0]).toMatchObject({ _id: String(promoted.id), role: ADMIN_ROLE });

    await t.database.db.update(users).set({ role: USER_ROLE }).where(eq(users.id, promoted.id));
    const demoted = await list(undefined, promoted.token);
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json()).toEqual({ success: false, message: 'Administrators only' });
  });

  it("gives each customer their number of orders and what they came to (cancelled orders left out)", async () => {
    const category = await makeCategory(t.database.db);
    const lamp = await makeProduct(t.database.db, { categoryId: category.id, price: 12.5, quantity: 10 });
    const buy = async (count: number) => {
      const res = await call(t.app, 'POST', '/api/v1/auth/orders', {
        token: shopper.token,
        body: { cart: Array.from({ length: count }, () => ({ _id: String(lamp.id) })) },
      });
      expect(res.statusCode).toBe(201);
      return res.json().order._id as string;
    };
    await buy(2);
    const cancelled = await buy(1);
    expect((await call(t.app, 'PUT', `/api/v1/auth/order-status/${cancelled}`, { token: admin.token, body: { status: 'cancel' } })).statusCode).toBe(200);
    const listed = ((await list()).json().users as (WireUser & { orders: number; spent: number })[]).find((user) => user._id === String(shopper.id));
    expect(listed).toMatchObject({ orders: 2, spent: 25 });
  });
});
