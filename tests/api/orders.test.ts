import { MAX_CART_ENTRIES, ORDERS_PAGE_SIZE, TOTAL_COUNT_HEADER } from '../../src/contract/limits.ts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWireStatus, WIRE_ORDER_STATUSES, type WireOrderStatus } from '../../src/contract/order-status-wire.ts';


import { auditLog, orderItems, orders } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, multipart } from '../factories.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';

// The specification's keys, and issue 19's figures (subtotal, shipping, tax and its lines; `discount` only on orders with a code).
const ORDER_KEYS = ['_id', 'buyer', 'createAt', 'createdAt', 'delivery', 'payment', 'products', 'shipping', 'status', 'subtotal', 'tax', 'taxIncluded', 'taxes', 'total'];
const ORDER_PRODUCT_KEYS = ['_id', 'description', 'name', 'price', 'slug'];
const PLEASE_SIGN_IN = { success: false, message: 'Please sign in' };
const ADMINS_ONLY = { success: false, message: 'Administrators only' };
const NOT_AVAILABLE = {
  success: false,
  message: 'Some products in your cart are no longer available; remove them and try again',
};
const BAD_STATUS = {
  success: false,
  message: 'status: must be one of: Not Process, Processing, Shipped, deliverd, cancel',
};

interface WireOrder {
  _id: string;
  status: string;
  buyer: { _id: string; name: string };
  createAt: string;
  createdAt: string;
  payment: { success: boolean; method: string };
  products: { _id: string; name: string; slug: string; description: string; price: number }[];
  total: number;
}

type Product = Awaited<ReturnType<typeof makeProduct>>;

/**
 * A 400 whose message is made of this one clause. Some bad ids fail two checks of the shared id schema and
 * the clause comes twice ('x: must be an id; x: must be an id'); every clause must still be exactly this one.
 */
function expectOnlyClause(body: { success: boolean; message: string }, clause: string) {
  expect(body.success).toBe(false);
  const clauses = body.message.split('; ');
  expect(clauses.length).toBeGreaterThanOrEqual(1);
  for (const part of clauses) expect(part).toBe(clause);
}

describe('orders API', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;
  beforeAll(async () => {
    // Many orders from one buyer (paging, carts of 100): the limits on unpaid orders are off here.
    t = await createTestApp(NO_ORDER_LIMITS);
    admin = await makeAdmin(t.database.db, { name: 'Store Admin' });
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  const product = (options: { name?: string; price?: number; quantity?: number; description?: string; draft?: boolean } = {}) =>
    makeProduct(t.database.db, { categoryId, ...options });
  const checkout = (token: string | undefined, cart: unknown) =>
    call(t.app, 'POST', '/api/v1/auth/orders', { token, body: { cart } });
  const myOrders = (token: string, page?: number) =>
    call(t.app, 'GET', '/api/v1/auth/orders', { token, ...(page ? { query: { page: String(page) } } : {}) });
  const allOrders = (page?: number) =>
    call(t.app, 'GET', '/api/v1/auth/all-orders', {
      token: admin.token,
      ...(page ? { query: { page: String(page) } } : {}),
    });
  const setStatus = (orderId: string, body: unknown, token: string | null = admin.token) =>
    call(t.app, 'PUT', `/api/v1/auth/order-status/${orderId}`, { token: token ?? undefined, body });

  /** The product as the public API shows it (a whole product object, as the cart holds it). */
  async function wireProduct(slug: string) {
    const res = await call(t.app, 'GET', `/api/v1/product/get-product/${slug}`);
    expect(res.statusCode).toBe(200);
    return res.json().product as Record<string, unknown> & { _id: string; quantity: number; price: number };
  }
  const stockOf = async (row: Product) => (await wireProduct(row.slug)).quantity;

  async function orderCount(): Promise<number> {
    const [row] = await t.database.db.select({ value: count() }).from(orders);
    return Number(row?.value ?? 0);
  }

  async function placeOrder(buyer: MadeUser, items: Product[]): Promise<WireOrder> {
    const res = await checkout(
      buyer.token,
      items.map((item) => ({ _id: String(item.id) })),
    );
    expect(res.statusCode).toBe(201);
    return res.json().order;
  }

  /** An order as the admin list shows it, looking through every page. */
  async function fromAllOrders(orderId: string): Promise<WireOrder> {
    for (let page = 1; page < 100; page++) {
      const res = await allOrders(page);
      expect(res.statusCode).toBe(200);
      const list = res.json() as WireOrder[];
      const found = list.find((order) => order._id === orderId);
      if (found) return found;
      if (list.length < ORDERS_PAGE_SIZE) break;
    }
    throw new Error(`order ${orderId} is not in all-orders`);
  }

  describe('POST /orders (checkout)', () => {
    let buyer: MadeUser;
    beforeAll(async () => {
      buyer = await makeUser(t.database.db, { name: 'Checkout Buyer' });
    });

    it('answers 401 for a guest and creates nothing', async () => {
      const item = await product({ quantity: 5 });
      const before = await orderCount();
      const res = await checkout(undefined, [{ _id: String(item.id) }]);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(PLEASE_SIGN_IN);
      const bad = await checkout('not-a-token', [{ _id: String(item.id) }]);
      expect(bad.statusCode).toBe(401);
      expect(await orderCount()).toBe(before);
      expect(await stockOf(item)).toBe(5);
    });

    it('turns a cart of whole products with duplicates into one order priced from the database', async () => {
      const a = await product({ name: 'Alpha Lamp', price: 19.99, quantity: 10, description: 'A lamp of alpha.' });
      const b = await product({ name: 'Beta Chair', price: 5.01, quantity: 4, description: 'A chair of beta.' });
      const wireA = await wireProduct(a.slug);
      const wireB = await wireProduct(b.slug);
      // The cart lies about names and prices: the server must not believe it.
      const cart = [
        { ...wireA, price: 0.01, name: 'Free Lamp' },
        { ...wireB, price: 0, name: 'Free Chair', quantity: 999 },
        { ...wireA, price: 0.01, name: 'Free Lamp' },
      ];
      const before = await orderCount();
      const res = await checkout(buyer.token, cart);
      expect(res.statusCode).toBe(201);
      const json = res.json();
      expect(Object.keys(json).sort()).toEqual(['message', 'order', 'success']);
      expect(json.success).toBe(true);
      expect(json.message).toBe('Order placed successfully');

      const order = json.order as WireOrder;
      expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
      expect(order._id).toMatch(/^\d+$/);
      expect(order.status).toBe('Not Process');
      expect(order.payment).toEqual({ success: false, method: 'cash_on_delivery' });
      expect(order.buyer).toEqual({ _id: String(buyer.id), name: 'Checkout Buyer' });
      expect(order.createAt).toBe(order.createdAt);
      expect(Math.abs(Date.parse(order.createdAt) - Date.now())).toBeLessThan(60_000);
      expect(order.total).toBe(44.99);
      expect(order.products).toHaveLength(3);
      for (const entry of order.products) expect(Object.keys(entry).sort()).toEqual(ORDER_PRODUCT_KEYS);
      const unitA = {
        _id: String(a.id),
        name: 'Alpha Lamp',
        slug: a.slug,
        description: 'A lamp of alpha.',
        price: 19.99,
      };
      const unitB = {
        _id: String(b.id),
        name: 'Beta Chair',
        slug: b.slug,
        description: 'A chair of beta.',
        price: 5.01,
      };
      expect([...order.products].sort((x, y) => x.name.localeCompare(y.name))).toEqual([unitA, unitA, unitB]);

      expect(await orderCount()).toBe(before + 1);
      expect(await stockOf(a)).toBe(8);
      expect(await stockOf(b)).toBe(3);

      const [stored] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, Number(order._id)));
      expect(stored?.totalCents).toBe(4499);
      // Stored under the shop's own name; the wire keeps the specification's spelling.
      expect(stored?.status).toBe('not_processed');
      expect(stored?.buyerId).toBe(buyer.id);
    });

    it('accepts a cart of bare {_id} entries and may empty the stock exactly', async () => {
      const item = await product({ price: 2.5, quantity: 3 });
      const res = await checkout(buyer.token, [
        { _id: String(item.id) },
        { _id: String(item.id) },
        { _id: String(item.id) },
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json().order.total).toBe(7.5);
      expect(res.json().order.products).toHaveLength(3);
      expect(await stockOf(item)).toBe(0);
    });

    it("keeps a line's name and description exactly, whatever characters they hold (the lines are written as arrays)", async () => {
      const odd = [
        { name: 'NULL', description: 'null' },
        { name: 'Quote " and, comma', description: 'Braces {a,b} and a backslash \\ and \\" too' },
        { name: "Café « déjà » l'été ☕", description: '' },
      ];
      const made = [];
      for (const texts of odd) made.push(await product({ ...texts, quantity: 2 }));
      const res = await checkout(
        buyer.token,
        made.map((item) => ({ _id: String(item.id) })),
      );
      expect(res.statusCode).toBe(201);
      const orderId = Number(res.json().order._id);
      const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
      expect(lines.map((line) => [line.name, line.description, line.slug])).toEqual(made.map((item) => [item.name, item.description, item.slug]));
      expect(res.json().order.products.map((line: { name: string; description: string }) => [line.name, line.description])).toEqual(
        odd.map((texts) => [texts.name, texts.description]),
      );
    });

    it('refuses more than the stock (409), names the product, creates nothing and keeps every stock', async () => {
      const plenty = await product({ name: 'Plenty Mug', quantity: 10 });
      const scarce = await product({ name: 'Scarce Vase', quantity: 2 });
      const before = await orderCount();
      const res = await checkout(buyer.token, [
        { _id: String(plenty.id) },
        { _id: String(scarce.id) },
        { _id: String(scarce.id) },
        { _id: String(scarce.id) },
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: 'Not enough stock: Scarce Vase (only 2 left)' });
      expect(await orderCount()).toBe(before);
      expect(await stockOf(plenty)).toBe(10);
      expect(await stockOf(scarce)).toBe(2);
    });

    it('says a product is sold out when its stock is 0 (409)', async () => {
      const gone = await product({ name: 'Gone Teapot', quantity: 0 });
      const res = await checkout(buyer.token, [{ _id: String(gone.id) }]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: 'Not enough stock: Gone Teapot (sold out)' });
      expect(await stockOf(gone)).toBe(0);
    });

    it('refuses an unknown product (404), creates nothing and keeps the stock of the others', async () => {
      const known = await product({ quantity: 6 });
      const before = await orderCount();
      const res = await checkout(buyer.token, [{ _id: String(known.id) }, { _id: '2147483000' }]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_AVAILABLE);
      expect(await orderCount()).toBe(before);
      expect(await stockOf(known)).toBe(6);
    });

    it('refuses a deleted product (404)', async () => {
      const doomed = await product({ quantity: 6 });
      const removed = await call(t.app, 'DELETE', `/api/v1/product/delete-product/${doomed.id}`, {
        token: admin.token,
      });
      expect(removed.statusCode).toBe(200);
      const res = await checkout(buyer.token, [{ _id: String(doomed.id) }]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_AVAILABLE);
    });

    it('refuses a draft (409 naming it) and takes none of the stock', async () => {
      const shown = await product({ quantity: 4 });
      const hidden = await product({ name: 'Unreleased Kettle', quantity: 4, draft: true });
      const secret = await product({ name: 'Secret Toaster', quantity: 4, draft: true });
      const before = await orderCount();
      const res = await checkout(buyer.token, [{ _id: String(shown.id) }, { _id: String(hidden.id) }, { _id: String(secret.id) }]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Not for sale now: Unreleased Kettle, Secret Toaster; remove it from your cart and try again');
      expect(await orderCount()).toBe(before);
      expect(await stockOf(shown)).toBe(4);
    });

    it('refuses an empty cart, a cart that is not a list and a missing cart (400)', async () => {
      const before = await orderCount();
      const empty = await checkout(buyer.token, []);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ success: false, message: 'cart: is empty' });
      for (const notList of ['abc', 42, { _id: '1' }, null]) {
        const res = await checkout(buyer.token, notList);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: 'cart: must be a list of products' });
      }
      const missing = await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ success: false, message: 'cart: must be a list of products' });
      expect(await orderCount()).toBe(before);
    });

    it('refuses entries without a valid id (400)', async () => {
      const item = await product({ quantity: 5 });
      const before = await orderCount();
      for (const bad of ['abc', '0', '-1', '1.5', '', '99999999999', '2147483648']) {
        const res = await checkout(buyer.token, [{ _id: String(item.id) }, { _id: bad }]);
        expect(res.statusCode, bad).toBe(400);
        expectOnlyClause(res.json(), 'cart.1._id: must be an id');
      }
      for (const bad of [{}, { name: 'No id' }, 'just-a-string', 7, { _id: 7 }]) {
        const res = await checkout(buyer.token, [bad]);
        expect(res.statusCode).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().message).toMatch(/^cart\.0/);
      }
      // An id sent as a number is told in words (not zod's "expected string, received number").
      const numeric = await checkout(buyer.token, [{ _id: item.id }]);
      expect(numeric.statusCode).toBe(400);
      expect(numeric.json()).toEqual({ success: false, message: `cart.0._id: must be an id written as text ("${item.id}", not ${item.id})` });
      expect(await orderCount()).toBe(before);
      expect(await stockOf(item)).toBe(5);
    });

    it(`refuses more than MAX_CART_ENTRIES (${MAX_CART_ENTRIES}) entries (400) and accepts exactly that many`, async () => {
      const item = await product({ price: 1, quantity: MAX_CART_ENTRIES + 50 });
      const entry = { _id: String(item.id) };
      const tooMany = await checkout(
        buyer.token,
        Array.from({ length: MAX_CART_ENTRIES + 1 }, () => entry),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ success: false, message: `cart: must hold at most ${MAX_CART_ENTRIES} items` });
      expect(await stockOf(item)).toBe(MAX_CART_ENTRIES + 50);

      const full = await checkout(
        buyer.token,
        Array.from({ length: MAX_CART_ENTRIES }, () => entry),
      );
      expect(full.statusCode).toBe(201);
      expect(full.json().order.products).toHaveLength(MAX_CART_ENTRIES);
      expect(full.json().order.total).toBe(MAX_CART_ENTRIES);
      expect(await stockOf(item)).toBe(50);
    });

    it('refuses a payment method the shop does not offer (400), taking nothing; a placed order is in the audit log', async () => {
      const item = await product({ price: 3, quantity: 2 });
      const refused = await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart: [{ _id: String(item.id) }], paymentMethod: 'card' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ success: false, message: 'paymentMethod: card is not offered by this shop (offered: cash_on_delivery)' });
      expect(await stockOf(item)).toBe(2);

      const order = await placeOrder(buyer, [item]);
      const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.placed'), eq(auditLog.entityId, Number(order._id))));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorId: buyer.id, entity: 'order' });
      expect(entries[0]?.after).toEqual({ status: 'not_processed', totalCents: 300, paymentMethod: 'cash_on_delivery' });
    });
  });

  describe('GET /orders (my orders)', () => {
    it('answers 401 for a guest', async () => {
      const res = await call(t.app, 'GET', '/api/v1/auth/orders');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(PLEASE_SIGN_IN);
    });

    it("shows only the user's own orders, newest first, in the wire shape, with X-Total-Count", async () => {
      const me = await makeUser(t.database.db, { name: 'Mine Only' });
      const stranger = await makeUser(t.database.db, { name: 'Somebody Else' });
      const lamp = await product({ name: 'Order Lamp', price: 12.5, description: 'Lamp for listing.' });
      const rug = await product({ name: 'Order Rug', price: 30 });
      const first = await placeOrder(me, [lamp, lamp]);
      const theirs = await placeOrder(stranger, [rug]);
      const second = await placeOrder(me, [rug, lamp]);

      const res = await myOrders(me.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe('2');
      const list = res.json() as WireOrder[];
      expect(Array.isArray(list)).toBe(true);
      expect(list.map((order) => order._id)).toEqual([second._id, first._id]);
      expect(list.map((order) => order._id)).not.toContain(theirs._id);

      const [latest, oldest] = list as [WireOrder, WireOrder];
      expect(Object.keys(latest).sort()).toEqual(ORDER_KEYS);
      expect(latest).toEqual(second);
      expect(oldest).toEqual({
        _id: first._id,
        status: 'Not Process',
        buyer: { _id: String(me.id), name: 'Mine Only' },
        createAt: first.createdAt,
        createdAt: first.createdAt,
        payment: { success: false, method: 'cash_on_delivery' },
        products: [
          { _id: String(lamp.id), name: 'Order Lamp', slug: lamp.slug, description: 'Lamp for listing.', price: 12.5 },
          { _id: String(lamp.id), name: 'Order Lamp', slug: lamp.slug, description: 'Lamp for listing.', price: 12.5 },
        ],
        total: 25,
        // Issue 19's figures: a shop without zones charges no shipping and no tax.
        subtotal: 25,
        shipping: null,
        tax: 0,
        taxIncluded: false,
        taxes: [],
        // The buyer's details when the order was placed (the factory's user).
        delivery: { name: 'Mine Only', address: '1 Market Street', phone: '555-0100' },
      });
      expect(Date.parse(latest.createdAt)).toBeGreaterThanOrEqual(Date.parse(oldest.createdAt));

      const theirList = await myOrders(stranger.token);
      expect(theirList.headers[TOTAL_COUNT_HEADER]).toBe('1');
      expect((theirList.json() as WireOrder[]).map((order) => order._id)).toEqual([theirs._id]);
    });

    it('answers an empty list and a total of 0 for a user without orders', async () => {
      const newcomer = await makeUser(t.database.db);
      const res = await myOrders(newcomer.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe('0');
    });

    it(`pages by ${ORDERS_PAGE_SIZE} with ?page`, async () => {
      const pager = await makeUser(t.database.db);
      const item = await product({ quantity: 100, price: 1 });
      const placed: string[] = [];
      for (let i = 0; i < ORDERS_PAGE_SIZE + 2; i++) placed.push((await placeOrder(pager, [item]))._id);
      const newestFirst = [...placed].reverse();

      const page1 = await myOrders(pager.token, 1);
      expect(page1.statusCode).toBe(200);
      expect(page1.headers[TOTAL_COUNT_HEADER]).toBe(String(ORDERS_PAGE_SIZE + 2));
      expect((page1.json() as WireOrder[]).map((order) => order._id)).toEqual(newestFirst.slice(0, ORDERS_PAGE_SIZE));
      // Without a page (as the specification's client asks): every order, newest first.
      const noPage = await myOrders(pager.token);
      expect((noPage.json() as WireOrder[]).map((order) => order._id)).toEqual(newestFirst);
      expect(noPage.headers[TOTAL_COUNT_HEADER]).toBe(String(ORDERS_PAGE_SIZE + 2));

      const page2 = await myOrders(pager.token, 2);
      expect(page2.statusCode).toBe(200);
      expect(page2.headers[TOTAL_COUNT_HEADER]).toBe(String(ORDERS_PAGE_SIZE + 2));
      expect((page2.json() as WireOrder[]).map((order) => order._id)).toEqual(newestFirst.slice(ORDERS_PAGE_SIZE));

      const page3 = await myOrders(pager.token, 3);
      expect(page3.json()).toEqual([]);
      expect(page3.headers[TOTAL_COUNT_HEADER]).toBe(String(ORDERS_PAGE_SIZE + 2));
    });

    it('refuses an invalid page (400)', async () => {
      const someone = await makeUser(t.database.db);
      const cases: [string, string][] = [
        ['0', 'page: must be 1 or more'],
        ['-2', 'page: must be 1 or more'],
        ['1.5', 'page: must be a whole number'],
        ['abc', 'page: must be a number'],
      ];
      for (const [page, message] of cases) {
        const res = await call(t.app, 'GET', '/api/v1/auth/orders', { token: someone.token, query: { page } });
        expect(res.statusCode, page).toBe(400);
        expect(res.json()).toEqual({ success: false, message });
      }
    });
  });

  describe('GET /all-orders (admin)', () => {
    it('answers 401 for a guest and 403 for a user', async () => {
      const guest = await call(t.app, 'GET', '/api/v1/auth/all-orders');
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual(PLEASE_SIGN_IN);
      const shopper = await makeUser(t.database.db);
      const user = await call(t.app, 'GET', '/api/v1/auth/all-orders', { token: shopper.token });
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual(ADMINS_ONLY);
    });

    it("shows every buyer's orders, newest first, with the true total", async () => {
      const ann = await makeUser(t.database.db, { name: 'Ann Buyer' });
      const bob = await makeUser(t.database.db, { name: 'Bob Buyer' });
      const item = await product({ quantity: 20, price: 3 });
      const a1 = await placeOrder(ann, [item]);
      const b1 = await placeOrder(bob, [item, item]);
      const a2 = await placeOrder(ann, [item, item, item]);

      const res = await allOrders();
      expect(res.statusCode).toBe(200);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(await orderCount()));
      const list = res.json() as WireOrder[];
      // Without a page (as the specification's client asks): every order.
      expect(list.length).toBe(await orderCount());
      expect((await allOrders(1)).json()).toHaveLength(Math.min(ORDERS_PAGE_SIZE, await orderCount()));
      expect(list.slice(0, 3).map((order) => [order._id, order.buyer.name, order.total])).toEqual([
        [a2._id, 'Ann Buyer', 9],
        [b1._id, 'Bob Buyer', 6],
        [a1._id, 'Ann Buyer', 3],
      ]);
      for (const order of list) expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
      for (let i = 1; i < list.length; i++) {
        const newer = list[i - 1] as WireOrder;
        const older = list[i] as WireOrder;
        expect(Date.parse(newer.createdAt)).toBeGreaterThanOrEqual(Date.parse(older.createdAt));
        if (newer.createdAt === older.createdAt) expect(Number(newer._id)).toBeGreaterThan(Number(older._id));
      }
    });

    it('pages by ?page and reaches every order exactly once', async () => {
      const total = await orderCount();
      expect(total).toBeGreaterThan(ORDERS_PAGE_SIZE);
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(total / ORDERS_PAGE_SIZE); page++) {
        const res = await allOrders(page);
        expect(res.statusCode).toBe(200);
        expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(total));
        seen.push(...(res.json() as WireOrder[]).map((order) => order._id));
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      const ids = (await t.database.db.select({ id: orders.id }).from(orders)).map((row) => String(row.id));
      expect([...seen].sort()).toEqual(ids.sort());
      const bad = await call(t.app, 'GET', '/api/v1/auth/all-orders', { token: admin.token, query: { page: '0' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, message: 'page: must be 1 or more' });
    });
  });

  describe('PUT /order-status/:orderId', () => {
    let buyer: MadeUser;
    beforeAll(async () => {
      buyer = await makeUser(t.database.db, { name: 'Status Buyer' });
    });

    it('accepts each of the five statuses and keeps it; only deliverd marks the payment as done', async () => {
      const item = await product({ quantity: 10, price: 4 });
      const order = await placeOrder(buyer, [item]);
      const labels: Record<string, string> = {
        'Not Process': 'Not Processed',
        Processing: 'Processing',
        Shipped: 'Shipped',
        deliverd: 'Delivered',
        cancel: 'Cancelled',
      };
      const statuses = ['Processing', 'Shipped', 'deliverd', 'cancel', 'Not Process'];
      // The wire values of the contract are exactly these five.
      expect([...WIRE_ORDER_STATUSES].sort()).toEqual([...statuses].sort());
      for (const status of statuses) {
        const res = await setStatus(order._id, { status });
        expect(res.statusCode, status).toBe(200);
        const json = res.json();
        expect(json.success).toBe(true);
        expect(json.message).toBe(`Order status set to ${labels[status]}`);
        expect(json.order._id).toBe(order._id);
        expect(json.order.status).toBe(status);
        expect(json.order.payment).toEqual({ success: status === 'deliverd', method: 'cash_on_delivery' });

        const listed = await fromAllOrders(order._id);
        expect(listed.status).toBe(status);
        expect(listed.payment).toEqual({ success: status === 'deliverd', method: 'cash_on_delivery' });
        const [stored] = await t.database.db
          .select()
          .from(orders)
          .where(eq(orders.id, Number(order._id)));
        expect(stored?.status).toBe(fromWireStatus(status as WireOrderStatus));
        // The buyer sees the same status.
        const mine = (await myOrders(buyer.token)).json() as WireOrder[];
        expect(mine.find((entry) => entry._id === order._id)?.status).toBe(status);
      }
    });

    it('refuses any other status (400) and leaves the order unchanged', async () => {
      const order = await placeOrder(buyer, [await product()]);
      for (const status of [
        'Delivered',
        'shipped',
        'delivered',
        'Cancelled',
        'Not Processed',
        '',
        ' cancel',
        3,
        null,
      ]) {
        const res = await setStatus(order._id, { status });
        expect(res.statusCode, String(status)).toBe(400);
        expect(res.json()).toEqual(BAD_STATUS);
      }
      const missing = await setStatus(order._id, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual(BAD_STATUS);
      expect((await fromAllOrders(order._id)).status).toBe('Not Process');
    });

    it('answers 404 for an unknown order and 400 for an id that is not one', async () => {
      const unknown = await setStatus('2147483000', { status: 'Shipped' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ success: false, message: 'Order not found' });
      for (const bad of ['abc', '0', '-1', '99999999999']) {
        const res = await setStatus(bad, { status: 'Shipped' });
        expect(res.statusCode, bad).toBe(400);
        expectOnlyClause(res.json(), 'orderId: must be an id');
      }
    });

    it('answers 401 for a guest and 403 for a user (even the buyer), changing nothing', async () => {
      const order = await placeOrder(buyer, [await product()]);
      const guest = await setStatus(order._id, { status: 'deliverd' }, null);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual(PLEASE_SIGN_IN);
      const own = await setStatus(order._id, { status: 'deliverd' }, buyer.token);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual(ADMINS_ONLY);
      expect((await fromAllOrders(order._id)).status).toBe('Not Process');
    });

    it('cancelling returns the stock once; reopening takes it again', async () => {
      const item = await product({ quantity: 5 });
      const order = await placeOrder(buyer, [item, item]);
      expect(await stockOf(item)).toBe(3);

      expect((await setStatus(order._id, { status: 'cancel' })).statusCode).toBe(200);
      expect(await stockOf(item)).toBe(5);
      // Cancelling a cancelled order returns nothing more.
      expect((await setStatus(order._id, { status: 'cancel' })).statusCode).toBe(200);
      expect(await stockOf(item)).toBe(5);

      expect((await setStatus(order._id, { status: 'Processing' })).statusCode).toBe(200);
      expect(await stockOf(item)).toBe(3);
      // Moving between open statuses does not touch the stock.
      expect((await setStatus(order._id, { status: 'Shipped' })).statusCode).toBe(200);
      expect((await setStatus(order._id, { status: 'deliverd' })).statusCode).toBe(200);
      expect(await stockOf(item)).toBe(3);
      // A delivered order that is cancelled after all gives its stock back.
      expect((await setStatus(order._id, { status: 'cancel' })).statusCode).toBe(200);
      expect(await stockOf(item)).toBe(5);
    });

    it('refuses to reopen a cancelled order when the stock is gone (409) and changes nothing', async () => {
      const item = await product({ name: 'Rare Clock', quantity: 5 });
      const order = await placeOrder(buyer, [item, item]);
      expect((await setStatus(order._id, { status: 'cancel' })).statusCode).toBe(200);
      expect(await stockOf(item)).toBe(5);
      const other = await makeUser(t.database.db);
      await placeOrder(other, [item, item, item, item]);
      expect(await stockOf(item)).toBe(1);

      const reopen = await setStatus(order._id, { status: 'Processing' });
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json()).toEqual({ success: false, message: 'Not enough stock to reopen this order: Rare Clock' });
      expect((await fromAllOrders(order._id)).status).toBe('cancel');
      expect(await stockOf(item)).toBe(1);

      // Delivering is reopening too.
      const deliver = await setStatus(order._id, { status: 'deliverd' });
      expect(deliver.statusCode).toBe(409);
      expect((await fromAllOrders(order._id)).payment.success).toBe(false);
    });

    it('without an undo window (ORDER_UNDO_SECONDS 0, as here) a change is final: no undo offered or taken', async () => {
      const item = await product({ quantity: 5 });
      const order = await placeOrder(buyer, [item]);
      const changed = await call(t.app, 'POST', '/api/v1/admin/orders/status', { token: admin.token, body: { ids: [order._id], status: 'shipped' } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().results).toEqual([{ _id: order._id, outcome: 'changed', status: 'Shipped', message: 'Marked Shipped', undoUntil: null }]);
      const undo = await call(t.app, 'POST', '/api/v1/admin/orders/status-undo', { token: admin.token, body: { ids: [order._id] } });
      expect(undo.json().results[0]).toMatchObject({ outcome: 'refused', message: 'This order has no status change to undo' });
      expect((await fromAllOrders(order._id)).status).toBe('Shipped');
    });

    it('refuses to reopen a cancelled order whose product was deleted (409)', async () => {
      const item = await product({ name: 'Vanished Kettle', quantity: 5 });
      const order = await placeOrder(buyer, [item]);
      expect((await setStatus(order._id, { status: 'cancel' })).statusCode).toBe(200);
      const removed = await call(t.app, 'DELETE', `/api/v1/product/delete-product/${item.id}`, { token: admin.token });
      expect(removed.statusCode).toBe(200);

      const reopen = await setStatus(order._id, { status: 'Processing' });
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json()).toEqual({
        success: false,
        message: 'Not enough stock to reopen this order: Vanished Kettle',
      });
      expect((await fromAllOrders(order._id)).status).toBe('cancel');
    });
  });

  describe('order snapshot', () => {
    it('keeps the name, description and price of the time of purchase after the product is edited or deleted', async () => {
      const buyer = await makeUser(t.database.db);
      const item = await product({ name: 'Snapshot Desk', price: 120, quantity: 4, description: 'Oak desk.' });
      const order = await placeOrder(buyer, [item]);
      const original = {
        _id: String(item.id),
        name: 'Snapshot Desk',
        slug: item.slug,
        description: 'Oak desk.',
        price: 120,
      };

      const form = await multipart({
        name: 'Renamed Desk',
        description: 'Pine desk now.',
        price: '75.5',
        quantity: '9',
        category: String(categoryId),
      });
      const updated = await call(t.app, 'PUT', `/api/v1/product/update-product/${item.id}`, {
        token: admin.token,
        headers: form.headers,
        body: form.payload,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().product).toMatchObject({ name: 'Renamed Desk', price: 75.5 });

      const afterEdit = ((await myOrders(buyer.token)).json() as WireOrder[])[0];
      expect(afterEdit?._id).toBe(order._id);
      expect(afterEdit?.products).toEqual([original]);
      expect(afterEdit?.total).toBe(120);

      const removed = await call(t.app, 'DELETE', `/api/v1/product/delete-product/${item.id}`, { token: admin.token });
      expect(removed.statusCode).toBe(200);
      const afterDelete = ((await myOrders(buyer.token)).json() as WireOrder[])[0];
      expect(afterDelete?.products).toEqual([original]);
      expect(afterDelete?.total).toBe(120);
      const adminView = await fromAllOrders(order._id);
      expect(adminView.products).toEqual([original]);
      const items = await t.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, Number(order._id)));
      expect(items).toHaveLength(1);
    });
  });
});
