import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../src/server/db/schema.ts';
import { loadEnv } from '../../src/server/env.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/** Stock hoarding: orders waiting for payment on delivery are limited per account and per address. */
describe('limits on orders waiting for payment (the defaults: 5 orders and 50 units an account, 20 and 200 an address)', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  const product = (quantity = 1000) => makeProduct(t.database.db, { categoryId, quantity, price: 3 });
  const checkout = (buyer: MadeUser, productId: number, units: number, ip = '198.51.100.1') =>
    call(t.app, 'POST', '/api/v1/auth/orders', {
      token: buyer.token,
      headers: { 'x-forwarded-for': ip },
      body: { cart: Array.from({ length: units }, () => ({ _id: String(productId) })) },
    });
  const setStatus = (orderId: string, status: string) =>
    call(t.app, 'PUT', `/api/v1/auth/order-status/${orderId}`, { token: admin.token, body: { status } });
  const stockOf = async (id: number) =>
    (await t.database.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, id)))[0]?.quantity;

  it('a new account cannot order the whole stock: 409 past 50 units, and nothing changes', async () => {
    const buyer = await makeUser(t.database.db);
    const lamp = await product(500);
    const before = await snapshotDatabase(t.database.db);
    const res = await checkout(buyer, lamp.id, 51, '198.51.100.2');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'Too many units for one account: this order has 51, with at most 50 units in one order; order fewer',
    });
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
    expect(await stockOf(lamp.id)).toBe(500);
    expect((await checkout(buyer, lamp.id, 50, '198.51.100.2')).statusCode).toBe(201);
  });

  it('at most 5 orders waiting per account (429); a delivered or cancelled one frees a place', async () => {
    const buyer = await makeUser(t.database.db);
    const mug = await product();
    const placed: string[] = [];
    for (let n = 0; n < 5; n++) {
      const res = await checkout(buyer, mug.id, 1, '198.51.100.3');
      expect(res.statusCode, `order ${n + 1}`).toBe(201);
      placed.push(res.json().order._id);
    }
    const sixth = await checkout(buyer, mug.id, 1, '198.51.100.3');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      success: false,
      message:
        'You have 5 orders waiting for payment on delivery, the most one account may have: place it when one of them is delivered or cancelled',
    });
    // Another address does not help.
    expect((await checkout(buyer, mug.id, 1, '203.0.113.77')).statusCode).toBe(429);
    expect(await stockOf(mug.id)).toBe(995);
    // Shipped is still unpaid; delivered is paid.
    expect((await setStatus(placed[0] as string, 'Shipped')).statusCode).toBe(200);
    expect((await checkout(buyer, mug.id, 1, '198.51.100.3')).statusCode).toBe(429);
    expect((await setStatus(placed[0] as string, 'deliverd')).statusCode).toBe(200);
    expect((await checkout(buyer, mug.id, 1, '198.51.100.3')).statusCode).toBe(201);
    expect((await checkout(buyer, mug.id, 1, '198.51.100.3')).statusCode).toBe(429);
    expect((await setStatus(placed[1] as string, 'cancel')).statusCode).toBe(200);
    expect((await checkout(buyer, mug.id, 1, '198.51.100.3')).statusCode).toBe(201);
  });

  it('units count across every waiting order of the account', async () => {
    const buyer = await makeUser(t.database.db);
    const plate = await product();
    for (let n = 0; n < 4; n++) expect((await checkout(buyer, plate.id, 12, '198.51.100.4')).statusCode).toBe(201);
    const over = await checkout(buyer, plate.id, 3, '198.51.100.4');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Too many units for one account: this order has 3, with 48 units waiting already, at most 50 in all; order fewer');
    expect((await checkout(buyer, plate.id, 2, '198.51.100.4')).statusCode).toBe(201);
    // One unit waiting is "1 unit".
    const other = await makeUser(t.database.db);
    expect((await checkout(other, plate.id, 1, '198.51.100.6')).statusCode).toBe(201);
    const past = await checkout(other, plate.id, 50, '198.51.100.6');
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toBe('Too many units for one account: this order has 50, with 1 unit waiting already, at most 50 in all; order fewer');
  });

  it('accounts sharing an address share its limit of 200 units (409)', async () => {
    const jug = await product();
    for (let n = 0; n < 4; n++) expect((await checkout(await makeUser(t.database.db), jug.id, 50, '192.0.2.60')).statusCode).toBe(201);
    const refused = await checkout(await makeUser(t.database.db), jug.id, 1, '192.0.2.60');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Too many units from your address: this order has 1, with 200 units waiting already, at most 200 in all; order fewer');
    expect(await stockOf(jug.id)).toBe(800);
  });

  it('accounts sharing an address share its limit of 20 orders; another address is not held up', async () => {
    const bowl = await product();
    const buyers = await Promise.all(Array.from({ length: 5 }, () => makeUser(t.database.db)));
    for (const buyer of buyers.slice(0, 4)) {
      for (let n = 0; n < 5; n++) expect((await checkout(buyer, bowl.id, 1, '192.0.2.50')).statusCode).toBe(201);
    }
    const fifth = buyers[4] as MadeUser;
    const refused = await checkout(fifth, bowl.id, 1, '192.0.2.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      '20 orders placed from your address are waiting for payment on delivery, the most one address may have: place it when one of them is delivered or cancelled',
    );
    expect((await checkout(fifth, bowl.id, 1, '192.0.2.51')).statusCode).toBe(201);
  });

  it('simultaneous checkouts of one account cannot pass the limit', async () => {
    const buyer = await makeUser(t.database.db);
    const cup = await product();
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkout(buyer, cup.id, 1, '198.51.100.5')));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    const rows = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.buyerId, buyer.id));
    expect(rows).toHaveLength(5);
    expect(await stockOf(cup.id)).toBe(995);
  });
});

describe('the limits are settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OPEN_ORDERS_PER_ACCOUNT: '0', OPEN_UNITS_PER_ACCOUNT: '0', OPEN_ORDERS_PER_ADDRESS: '2', OPEN_UNITS_PER_ADDRESS: '0' });
  });
  afterAll(() => t.close());

  it('0 turns a limit off; the others still hold', async () => {
    const categoryId = (await makeCategory(t.database.db)).id;
    const item = await makeProduct(t.database.db, { categoryId, quantity: 1000 });
    const buyer = await makeUser(t.database.db);
    const cart = Array.from({ length: 100 }, () => ({ _id: String(item.id) }));
    expect((await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart } })).statusCode).toBe(201);
    expect((await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart } })).statusCode).toBe(201);
    expect((await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart } })).statusCode).toBe(429);
  });

  it('a bad value stops the start with a message naming the variable', () => {
    expect(() => loadEnv({ OPEN_UNITS_PER_ACCOUNT: '-1' })).toThrow(/OPEN_UNITS_PER_ACCOUNT/);
    expect(() => loadEnv({ OPEN_ORDERS_PER_ADDRESS: 'lots' })).toThrow(/OPEN_ORDERS_PER_ADDRESS/);
    expect(loadEnv({})).toMatchObject({ OPEN_ORDERS_PER_ACCOUNT: 5, OPEN_UNITS_PER_ACCOUNT: 50, OPEN_ORDERS_PER_ADDRESS: 20, OPEN_UNITS_PER_ADDRESS: 200 });
  });
});
