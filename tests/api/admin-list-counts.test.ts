import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';

/**
 * The admin lists' totals (issue 20): kept by triggers (admin_order_counts, admin_product_counts) for the
 * filters they count by, and counted for the others. Whatever changes the orders or the products (a
 * checkout, a bulk status change, an SQL statement, a delete), every kept total equals the same filter's
 * counted total, and an order placed is in the very next list read.
 */
describe('admin lists: kept totals', () => {
  let t: TestApp;
  let admin: MadeUser;
  let ada: MadeUser;
  let lamps: { id: number };
  let books: { id: number };

  beforeAll(async () => {
    t = await createTestApp({ ...NO_ORDER_LIMITS, ORDER_UNDO_SECONDS: '0', SHOP_TIMEZONE: 'UTC' });
    admin = await makeAdmin(t.database.db);
    ada = await makeUser(t.database.db, { name: 'Ada Counted', email: 'ada@counted.example' });
    lamps = await makeCategory(t.database.db, 'Lamps');
    books = await makeCategory(t.database.db, 'Books');
  });
  afterAll(() => t.close());

  const get = async (path: string, query: Record<string, string>) => {
    const res = await call(t.app, 'GET', path, { token: admin.token, query });
    expect(res.statusCode, `${path} ${JSON.stringify(query)}: ${res.body}`).toBe(200);
    return res.json() as { total: number; totalIsCapped: boolean; orders?: { _id: string }[]; products?: { _id: string }[] };
  };
  const place = async (productIds: number[]) => {
    const res = await call(t.app, 'POST', '/api/v1/auth/orders', { token: ada.token, body: { cart: productIds.map((id) => ({ _id: String(id) })) } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order._id as string;
  };

  const ORDER_FILTERS: Record<string, string>[] = [{}];
  for (const status of ['not_processed', 'processing', 'shipped', 'delivered', 'cancelled']) ORDER_FILTERS.push({ status });
  for (const payment of ['pending', 'paid', 'refunded']) ORDER_FILTERS.push({ payment }, { payment, status: 'shipped' });
  ORDER_FILTERS.push({ toShip: 'true' }, { toShip: 'false' }, { toShip: 'true', payment: 'pending' }, { toShip: 'false', status: 'cancelled' });

  /** Each filter's kept total against the same filter counted (a day range that holds every order). */
  async function expectOrderTotalsKept(): Promise<void> {
    const [counted] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    for (const filter of ORDER_FILTERS) {
      const kept = await get('/api/v1/admin/orders', filter);
      const countedTotal = (await get('/api/v1/admin/orders', { ...filter, from: '2000-01-01', to: '2100-01-01' })).total;
      expect(kept.total, JSON.stringify(filter)).toBe(countedTotal);
    }
    expect((await get('/api/v1/admin/orders', {})).total).toBe(counted?.n);
  }

  const PRODUCT_FILTERS: Record<string, string>[] = [{}];
  for (const stock of [undefined, 'in', 'low', 'out']) {
    for (const draft of [undefined, 'draft', 'published', 'all']) {
      for (const category of [undefined, 'lamps', 'books']) {
        PRODUCT_FILTERS.push({ ...(stock ? { stock } : {}), ...(draft ? { draft } : {}), ...(category ? { category } : {}) });
      }
    }
  }

  /** Each filter's kept total against the same filter with words every product has (counted). */
  async function expectProductTotalsKept(): Promise<void> {
    for (const filter of PRODUCT_FILTERS) {
      const query = { ...filter, ...(filter.category ? { category: String(filter.category === 'lamps' ? lamps.id : books.id) } : {}) };
      const kept = await get('/api/v1/admin/products', query);
      const counted = await get('/api/v1/admin/products', { ...query, q: 'Counted' });
      expect(kept.total, JSON.stringify(filter)).toBe(counted.total);
    }
    // The stock the admin's sort and stock filters read (admin_product_stock) is every product's own.
    const kept = await t.database.db.execute(sql`select product_id as id, quantity, low_stock_threshold as threshold from admin_product_stock order by 1`);
    const own = await t.database.db.execute(sql`select id, quantity, low_stock_threshold as threshold from products order by 1`);
    expect((kept as unknown as { rows: unknown[] }).rows).toEqual((own as unknown as { rows: unknown[] }).rows);
  }

  it('an order placed is in the next list read, and counted in every total at once', async () => {
    const lamp = await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Counted Lamp', quantity: 50 });
    const before = await get('/api/v1/admin/orders', { toShip: 'true' });
    const id = await place([lamp.id]);
    const after = await get('/api/v1/admin/orders', { toShip: 'true' });
    expect(after.orders?.[0]?._id).toBe(id);
    expect(after.total).toBe(before.total + 1);
    expect((await get('/api/v1/admin/orders', { status: 'not_processed', payment: 'pending' })).orders?.map((order) => order._id)).toContain(id);
    await expectOrderTotalsKept();
  });

  it('orders: totals stay right through bulk changes, cancels, SQL updates and deletes, and once summed up', async () => {
    const lamp = await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Counted Lamp', quantity: 500 });
    const ids: string[] = [];
    for (let index = 0; index < 8; index++) ids.push(await place([lamp.id]));
    expect((await call(t.app, 'POST', '/api/v1/admin/orders/status', { token: admin.token, body: { ids: ids.slice(0, 3), status: 'shipped' } })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/v1/admin/orders/status', { token: admin.token, body: { ids: ids.slice(3, 5), status: 'cancelled' } })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/v1/admin/orders/status', { token: admin.token, body: { ids: [ids[5]], status: 'delivered' } })).statusCode).toBe(200);
    await expectOrderTotalsKept();
    // Changes the shop did not make through its calls (a statement in psql) are counted too.
    await t.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, Number(ids[6])));
    await t.database.db.update(orders).set({ paymentStatus: 'refunded', status: 'cancelled' }).where(eq(orders.id, Number(ids[7])));
    await t.database.db.update(orders).set({ totalCents: 1 }).where(eq(orders.id, Number(ids[0])));
    await t.database.db.delete(orders).where(eq(orders.id, Number(ids[1])));
    await expectOrderTotalsKept();
    // Many changes, one statement each: the rows of changes are summed up as they go (every 64 added).
    for (let index = 0; index < 40; index++) {
      const status = index % 2 === 0 ? 'processing' : 'not_processed';
      await t.database.db.update(orders).set({ status }).where(eq(orders.id, Number(ids[2 + (index % 2)])));
    }
    const rows = await t.database.db.execute(sql`select count(*)::int as n from admin_order_counts`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeLessThan(64 + 30);
    await expectOrderTotalsKept();
  });

  it('products: totals by category, stock and draft stay right through sales, bulk changes and deletes', async () => {
    const made = [
      await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Counted Walnut', quantity: 6 }),
      await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Counted Brass', quantity: 3 }),
      await makeProduct(t.database.db, { categoryId: lamps.id, name: 'Counted Paper', quantity: 0 }),
      await makeProduct(t.database.db, { categoryId: books.id, name: 'Counted Atlas', quantity: 40, draft: true }),
      await makeProduct(t.database.db, { categoryId: books.id, name: 'Counted Novel', quantity: 1 }),
    ];
    await expectProductTotalsKept();
    const lowBefore = (await get('/api/v1/admin/products', { stock: 'low', category: String(lamps.id) })).total;
    // A sale takes the walnut lamp from 6 to 5: at its threshold, low in stock in the next read.
    await place([made[0]?.id as number]);
    expect((await get('/api/v1/admin/products', { stock: 'low', category: String(lamps.id) })).total).toBe(lowBefore + 1);
    // The novel's last one sold: out of stock.
    await place([made[4]?.id as number]);
    await expectProductTotalsKept();
    const bulk = (body: unknown) => call(t.app, 'POST', '/api/v1/admin/products/bulk', { token: admin.token, body });
    expect((await bulk({ ids: [String(made[1]?.id), String(made[2]?.id)], category: String(books.id) })).statusCode).toBe(200);
    expect((await bulk({ ids: [String(made[3]?.id)], draft: false, quantity: 2 })).statusCode).toBe(200);
    expect((await bulk({ ids: [String(made[0]?.id)], draft: true })).statusCode).toBe(200);
    await expectProductTotalsKept();
    await t.database.db.update(products).set({ lowStockThreshold: 50 }).where(eq(products.id, made[3]?.id as number));
    await t.database.db.delete(products).where(eq(products.id, made[2]?.id as number));
    await expectProductTotalsKept();
  });
});
