import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, multipart } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

describe("the owner's page, order details and low-stock thresholds", () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp({ SHOP_TIMEZONE: 'Pacific/Kiritimati' });
    admin = await makeAdmin(t.database.db, { name: 'Olga Owner' });
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  const dashboard = async () => {
    const res = await call(t.app, 'GET', '/api/v1/auth/dashboard', { token: admin.token });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const order = async (buyer: MadeUser, ids: number[]) => {
    const res = await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart: ids.map((id) => ({ _id: String(id) })) } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { _id: string; total: number };
  };
  const setStatus = (orderId: string, status: string) =>
    call(t.app, 'PUT', `/api/v1/auth/order-status/${orderId}`, { token: admin.token, body: { status } });

  it('is for administrators only', async () => {
    const shopper = await makeUser(t.database.db);
    expect((await call(t.app, 'GET', '/api/v1/auth/dashboard', { token: shopper.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/auth/dashboard')).statusCode).toBe(401);
  });

  it('shows what needs doing and how the shop is doing', async () => {
    const before = await dashboard();
    const ann = await makeUser(t.database.db, { name: 'Ann Early' });
    const ben = await makeUser(t.database.db, { name: 'Ben Later' });
    const kettle = await makeProduct(t.database.db, { categoryId, name: 'Dash Kettle', price: 30, quantity: 20 });
    const cup = await makeProduct(t.database.db, { categoryId, name: 'Dash Cup', price: 5, quantity: 7 });
    const last = await makeProduct(t.database.db, { categoryId, name: 'Last Vase', price: 50, quantity: 1 });

    const first = await order(ann, [kettle.id, cup.id, cup.id]); // cups: 7 → 5 (at the threshold)
    const second = await order(ben, [last.id]); // the vase: sold out
    const third = await order(ben, [kettle.id]);
    const fourth = await order(ann, [cup.id]); // cups: 4
    // The oldest order waits longest: make its age plain.
    await t.database.db.update(orders).set({ createdAt: sql`now() - interval '3 hours'` }).where(eq(orders.id, Number(first._id)));
    expect((await setStatus(third._id, 'Processing')).statusCode).toBe(200);
    expect((await setStatus(second._id, 'deliverd')).statusCode).toBe(200);
    await t.database.db.insert(mailOutbox).values({ kind: 'test', toAddress: 'x@example.com', subject: 'Lost', text: 'x', html: 'x', status: 'failed', attempts: 8 });

    const now = await dashboard();
    expect(now.waiting.count).toBe(before.waiting.count + 2);
    expect(now.waiting.orders[0]).toMatchObject({ _id: first._id, buyer: 'Ann Early', total: 40 });
    expect(now.waiting.orders.map((o: { _id: string }) => o._id)).toEqual(expect.arrayContaining([first._id, fourth._id]));
    expect(now.toShip.orders.map((o: { _id: string }) => o._id)).toContain(third._id);
    expect(now.lowStock.products).toContainEqual({ _id: String(cup.id), name: 'Dash Cup', slug: cup.slug, quantity: 4, threshold: 5 });
    expect(now.lowStock.products.map((p: { _id: string }) => p._id)).not.toContain(String(kettle.id));
    expect(now.soldOut.products.map((p: { _id: string }) => p._id)).toContain(String(last.id));
    expect(now.failedMails).toBe(before.failedMails + 1);

    // 30 days, oldest first, ending today in the shop's time zone (UTC+14 here).
    expect(now.days).toHaveLength(30);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(now.days.at(-1).date).toBe(today);
    const sumOrders = now.days.reduce((sum: number, day: { orders: number }) => sum + day.orders, 0);
    const sumBefore = before.days.reduce((sum: number, day: { orders: number }) => sum + day.orders, 0);
    expect(sumOrders - sumBefore).toBe(4);
    const revenue = now.days.reduce((sum: number, day: { revenue: number }) => sum + day.revenue, 0);
    const revenueBefore = before.days.reduce((sum: number, day: { revenue: number }) => sum + day.revenue, 0);
    expect(revenue - revenueBefore).toBeCloseTo(40 + 50 + 30 + 5, 2);
    const delivered = now.days.reduce((sum: number, day: { deliveredRevenue: number }) => sum + day.deliveredRevenue, 0);
    expect(delivered).toBeCloseTo(50, 2);
    expect(now.timeZone).toBe('Pacific/Kiritimati');

    // Best sellers by units: 3 cups, 2 kettles, 1 vase.
    const names = now.bestSellers.map((row: { name: string }) => row.name);
    expect(names.indexOf('Dash Cup')).toBeLessThan(names.indexOf('Dash Kettle'));
    expect(now.bestSellers.find((row: { name: string }) => row.name === 'Dash Cup')).toMatchObject({ units: 3, revenue: 15 });
    // A cancelled order's products are not best sellers.
    expect((await setStatus(fourth._id, 'cancel')).statusCode).toBe(200);
    const afterCancel = await dashboard();
    expect(afterCancel.bestSellers.find((row: { name: string }) => row.name === 'Dash Cup')).toMatchObject({ units: 2 });
    expect(afterCancel.newCustomers.count).toBeGreaterThanOrEqual(2);
    expect(afterCancel.newCustomers.latest.map((c: { name: string }) => c.name)).toContain('Ben Later');
  });

  it("shows an order's delivery details as they were when it was placed, and who changed its status when", async () => {
    const buyer = await makeUser(t.database.db, { name: 'Dora Delivery' });
    const rug = await makeProduct(t.database.db, { categoryId, name: 'Wool Rug', price: 120, quantity: 2 });
    const placed = await order(buyer, [rug.id]);
    // The buyer moves after ordering: the order still goes to the old address.
    const moved = await call(t.app, 'PUT', '/api/v1/auth/profile', { token: buyer.token, body: { address: '2 New Street', name: 'Dora Moved' } });
    expect(moved.statusCode).toBe(200);
    expect((await setStatus(placed._id, 'Shipped')).statusCode).toBe(200);

    const res = await call(t.app, 'GET', `/api/v1/auth/order/${placed._id}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    const { order: detail, history } = res.json();
    expect(detail.delivery).toEqual({ name: 'Dora Delivery', address: '1 Market Street', phone: '555-0100' });
    expect(detail.total).toBe(120);
    expect(detail.status).toBe('Shipped');
    expect(history.map((entry: { event: string; from: string | null; status: string; by: string }) => [entry.event, entry.from, entry.status, entry.by])).toEqual([
      ['placed', null, 'Not Process', 'Dora Delivery'],
      ['status', 'Not Process', 'Shipped', 'Olga Owner'],
    ]);
    expect(Date.parse(history[1].at)).toBeGreaterThanOrEqual(Date.parse(history[0].at));
    // The lists show the same delivery details.
    const mine = (await call(t.app, 'GET', '/api/v1/auth/orders', { token: buyer.token })).json();
    expect(mine[0].delivery.address).toBe('1 Market Street');

    const shopper = await makeUser(t.database.db);
    expect((await call(t.app, 'GET', `/api/v1/auth/order/${placed._id}`, { token: shopper.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/auth/order/999999', { token: admin.token })).statusCode).toBe(404);
  });

  it('keeps a low-stock threshold per product: 5 by default, kept when an update leaves it out', async () => {
    const send = async (method: 'POST' | 'PUT', fields: Record<string, string>, id?: string) => {
      const form = await multipart({ name: 'Threshold Lamp', description: 'A lamp.', price: '10', quantity: '8', category: String(categoryId), ...fields });
      const url = method === 'POST' ? '/api/v1/product/create-product' : `/api/v1/product/update-product/${id}`;
      return call(t.app, method, url, { token: admin.token, headers: form.headers, body: form.payload });
    };
    const threshold = async (id: string) => (await call(t.app, 'GET', `/api/v1/product/admin-product/${id}`, { token: admin.token })).json().lowStockThreshold;
    const plain = (await send('POST', {})).json().product._id;
    expect(await threshold(plain)).toBe(5);
    const set = (await send('POST', { lowStockThreshold: '10' })).json().product._id;
    expect(await threshold(set)).toBe(10);
    expect((await send('PUT', { quantity: '9' }, set)).statusCode).toBe(200);
    expect(await threshold(set)).toBe(10);
    expect((await send('PUT', { lowStockThreshold: '0' }, set)).statusCode).toBe(200);
    expect(await threshold(set)).toBe(0);
    for (const bad of ['-1', '2.5', 'many', '1000001']) {
      const res = await send('PUT', { lowStockThreshold: bad }, set);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^lowStockThreshold: /);
    }
    // At or below the threshold, the owner's page lists it (10 with 8 in stock).
    const listed = await send('POST', { lowStockThreshold: '10', name: 'Listed Lamp' });
    const lowIds = async () => (await dashboard()).lowStock.products.map((p: { _id: string }) => p._id);
    expect(await lowIds()).toContain(listed.json().product._id);
    // A change of the threshold alone reaches the owner's page too (8 in stock, 5 → 10).
    expect(await lowIds()).not.toContain(plain);
    expect((await send('PUT', { lowStockThreshold: '10' }, plain)).statusCode).toBe(200);
    expect(await lowIds()).toContain(plain);
    const shopper = await makeUser(t.database.db);
    expect((await call(t.app, 'GET', `/api/v1/product/admin-product/${plain}`, { token: shopper.token })).statusCode).toBe(403);
  });
});
