import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, ServerCart } from '../../src/contract/cart.ts';
import { cartLines, carts, productVariants } from '../../src/server/db/schema.ts';
import { hashCartToken } from '../../src/server/modules/cart/service.ts';
import { createCartService } from '../../src/server/modules/cart/service.ts';
import { type MadeUser, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';

const CART = '/api/v1/cart';
const LINES = '/api/v1/cart/lines';

describe('the cart kept by the server', () => {
  let t: TestApp;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp({ ...NO_ORDER_LIMITS, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  /** A product with its one variant (the trigger makes it): `stock` units at `price`. */
  async function item(price = 12, stock = 10) {
    const product = await makeProduct(t.database.db, { categoryId, price, quantity: stock });
    const [variant] = await t.database.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, product.id));
    if (!variant) throw new Error('no variant');
    return { productId: String(product.id), variantId: String(variant.id), name: product.name };
  }

  /** The cart cookie a response sets: its value (empty when cleared) and its attributes. */
  function setCookie(res: LightMyRequestResponse): { value: string; attributes: string } | null {
    const header = res.headers['set-cookie'];
    const text = Array.isArray(header) ? header.find((c) => c.startsWith('cart_id=')) : header;
    if (!text?.startsWith('cart_id=')) return null;
    const [pair = '', ...rest] = text.split('; ');
    return { value: pair.slice('cart_id='.length), attributes: rest.join('; ') };
  }
  const cookieHeader = (value: string) => ({ cookie: `theme=dark; cart_id=${value}` });

  const cartOf = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().cart as ServerCart;
  };
  const units = (cart: ServerCart) => Object.fromEntries(cart.lines.map((line) => [line.variant._id, line.quantity]));

  /** A guest's cart with these lines: its cookie's value. */
  async function guestCart(lines: [string, number][]): Promise<string> {
    let cookie: string | null = null;
    for (const [variant, quantity] of lines) {
      const res = await call(t.app, 'POST', LINES, { body: { variant, quantity }, headers: cookie ? cookieHeader(cookie) : {} });
      expect(res.statusCode, res.body).toBe(200);
      cookie ??= setCookie(res)?.value ?? null;
    }
    if (!cookie) throw new Error('no cookie');
    return cookie;
  }

  async function accountCart(user: MadeUser, lines: [string, number][]) {
    for (const [variant, quantity] of lines) {
      const res = await call(t.app, 'PUT', LINES, { token: user.token, body: { variant, quantity } });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  const login = (user: MadeUser, cookie: string) =>
    call(t.app, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password }, headers: cookieHeader(cookie) });

  it('a guest gets a cart under an httpOnly, SameSite=Lax cookie of 30 days, with an unguessable id', async () => {
    const a = await item();
    const empty = await call(t.app, 'GET', CART);
    expect(cartOf(empty)).toEqual({ lines: [], count: 0, total: 0, canCheckout: false });
    expect(setCookie(empty)).toBeNull();

    const added = await call(t.app, 'POST', LINES, { body: { product: a.productId } });
    const cookie = setCookie(added);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toBe('Path=/api/v1; Max-Age=2592000; HttpOnly; SameSite=Lax');
    expect(units(cartOf(added))).toEqual({ [a.variantId]: 1 });

    const again = cartOf(await call(t.app, 'POST', LINES, { body: { variant: a.variantId, quantity: 2 }, headers: cookieHeader(cookie?.value ?? '') }));
    expect(again.count).toBe(3);
    expect(again.total).toBe(36);
    expect(again.lines[0]?.product.name).toBe(a.name);
    // Only the id's hash is kept; another guest (no cookie, or a made-up one) sees an empty cart.
    const [stored] = await t.database.db.select({ tokenHash: carts.tokenHash }).from(carts).where(eq(carts.tokenHash, hashCartToken(cookie?.value ?? '')));
    expect(stored?.tokenHash).toHaveLength(64);
    expect(cartOf(await call(t.app, 'GET', CART)).lines).toEqual([]);
    expect(cartOf(await call(t.app, 'GET', CART, { headers: cookieHeader('A'.repeat(43)) })).lines).toEqual([]);
  });

  it('the cookie is Secure when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const category = await makeCategory(proxied.database.db);
      const product = await makeProduct(proxied.database.db, { categoryId: category.id });
      const res = await call(proxied.app, 'POST', LINES, { body: { product: String(product.id) }, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(setCookie(res)?.attributes).toContain('; Secure');
    } finally {
      await proxied.close();
    }
  });

  it("a signed-in user's cart is kept in their account: one per user, seen from any device", async () => {
    const user = await makeUser(t.database.db);
    const a = await item();
    const added = await call(t.app, 'PUT', LINES, { token: user.token, body: { variant: a.variantId, quantity: 2 } });
    expect(setCookie(added)).toBeNull();
    await call(t.app, 'PUT', LINES, { token: `Bearer ${user.token}`, body: { variant: a.variantId, quantity: 3 } });
    expect(units(cartOf(await call(t.app, 'GET', CART, { token: user.token })))).toEqual({ [a.variantId]: 3 });
    const rows = await t.database.db.select().from(carts).where(eq(carts.userId, user.id));
    expect(rows).toHaveLength(1);
    // A guest on the same machine does not see it; a bad token is refused, not taken for a guest.
    expect(cartOf(await call(t.app, 'GET', CART)).lines).toEqual([]);
    expect((await call(t.app, 'GET', CART, { token: 'not-a-token' })).statusCode).toBe(401);
  });

  it('signing in merges the guest cart into the account: units summed per variant, capped by stock; the cookie is cleared', async () => {
    const user = await makeUser(t.database.db);
    const [a, b, c, d] = [await item(12, 10), await item(5, 10), await item(7, 10), await item(3, 4)];
    await accountCart(user, [[a.variantId, 1], [b.variantId, 2], [d.variantId, 3]]);
    const cookie = await guestCart([[a.variantId, 2], [c.variantId, 1], [d.variantId, 3]]);

    const res = await login(user, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(setCookie(res)).toEqual({ value: '', attributes: 'Path=/api/v1; Max-Age=0; HttpOnly; SameSite=Lax' });
    const merged = cartOf(await call(t.app, 'GET', CART, { token: user.token }));
    expect(units(merged)).toEqual({ [a.variantId]: 3, [b.variantId]: 2, [c.variantId]: 1, [d.variantId]: 4 });
    // The guest cart is gone: the old cookie opens nothing.
    expect(cartOf(await call(t.app, 'GET', CART, { headers: cookieHeader(cookie) })).lines).toEqual([]);
  });

  it('registering with a guest cart keeps the cart in the new account', async () => {
    const a = await item();
    const cookie = await guestCart([[a.variantId, 2]]);
    const email = `new-${Date.now()}@example.com`;
    const res = await call(t.app, 'POST', '/api/v1/auth/register', {
      headers: cookieHeader(cookie),
      body: { name: 'New Shopper', email, password: 'a-long-password-1', phone: '555-0100', address: '1 Market Street', answer: 'Football' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const signedIn = await call(t.app, 'POST', '/api/v1/auth/login', { body: { email, password: 'a-long-password-1' } });
    const token = signedIn.json().token as string;
    expect(units(cartOf(await call(t.app, 'GET', CART, { token })))).toEqual({ [a.variantId]: 2 });
  });

  it('two tabs signing in at once give one correct cart: no line twice, none lost, no unit counted twice', async () => {
    const user = await makeUser(t.database.db);
    const [a, b, c] = [await item(), await item(), await item()];
    await accountCart(user, [[a.variantId, 1], [b.variantId, 2]]);
    const cookie = await guestCart([[a.variantId, 2], [c.variantId, 1]]);
    // Both tabs carry the same cookie: two logins, and two cart reads with the token and the cookie, at once.
    const answers = await Promise.all([
      login(user, cookie),
      login(user, cookie),
      call(t.app, 'GET', CART, { token: user.token, headers: cookieHeader(cookie) }),
      call(t.app, 'GET', CART, { token: user.token, headers: cookieHeader(cookie) }),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const cart = cartOf(await call(t.app, 'GET', CART, { token: user.token }));
    expect(units(cart)).toEqual({ [a.variantId]: 3, [b.variantId]: 2, [c.variantId]: 1 });
    expect(cart.lines).toHaveLength(3);
  });

  it('ten merges at once (the same guest cart, and other guests) sum every guest once', async () => {
    const user = await makeUser(t.database.db);
    const [a, b] = [await item(1, 100), await item(1, 100)];
    await accountCart(user, [[a.variantId, 1]]);
    const shared = await guestCart([[a.variantId, 2], [b.variantId, 1]]);
    const others = await Promise.all(Array.from({ length: 4 }, () => guestCart([[a.variantId, 1], [b.variantId, 1]])));
    const service = createCartService(t.database.db);
    const merges = [...Array.from({ length: 6 }, () => shared), ...others].map((cookie) => service.merge(hashCartToken(cookie), user.id));
    await Promise.all(merges);
    const cart = cartOf(await call(t.app, 'GET', CART, { token: user.token }));
    expect(units(cart)).toEqual({ [a.variantId]: 1 + 2 + 4, [b.variantId]: 1 + 4 });
    const rows = await t.database.db.select({ variantId: cartLines.variantId }).from(cartLines).innerJoin(carts, eq(carts.id, cartLines.cartId)).where(eq(carts.userId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('a line shows the live price and flags a change since it was added; setting it again takes the new price', async () => {
    const a = await item(12);
    const cookie = await guestCart([[a.variantId, 2]]);
    await t.database.db.update(productVariants).set({ priceCents: 1000 }).where(eq(productVariants.id, Number(a.variantId)));
    const cart = cartOf(await call(t.app, 'GET', CART, { headers: cookieHeader(cookie) }));
    expect(cart.lines[0]).toMatchObject({ price: 10, seenPrice: 12, priceChanged: true, subtotal: 20 } satisfies Partial<CartLine>);
    expect(cart.total).toBe(20);
    const set = cartOf(await call(t.app, 'PUT', LINES, { headers: cookieHeader(cookie), body: { variant: a.variantId, quantity: 1 } }));
    expect(set.lines[0]).toMatchObject({ price: 10, seenPrice: 10, priceChanged: false, quantity: 1 });
  });

  it('a sold-out line is marked and cannot be bought; a line over the stock is short', async () => {
    const user = await makeUser(t.database.db, { role: 0 });
    const [a, b] = [await item(5, 3), await item(5, 3)];
    await accountCart(user, [[a.variantId, 2], [b.variantId, 3]]);
    await t.database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, Number(a.variantId)));
    await t.database.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, Number(b.variantId)));
    const cart = cartOf(await call(t.app, 'GET', CART, { token: user.token }));
    expect(cart.lines.map((line) => [line.soldOut, line.short, line.stock])).toEqual([[true, false, 0], [false, true, 1]]);
    expect(cart.canCheckout).toBe(false);
    // Adding more of it says it is sold out; checkout refuses the sold-out line.
    const more = await call(t.app, 'POST', LINES, { token: user.token, body: { variant: a.variantId } });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/^quantity: .* is sold out/);
    const order = await call(t.app, 'POST', '/api/v1/auth/orders', { token: user.token, body: { cart: [{ _id: a.productId, variant: a.variantId }] } });
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toContain('sold out');
  });

  it('bad input is a 4xx naming the field, and changes nothing', async () => {
    const a = await item(5, 3);
    const cookie = await guestCart([[a.variantId, 1]]);
    const headers = cookieHeader(cookie);
    const cases: [string, unknown, number, RegExp][] = [
      ['PUT', { variant: a.variantId, quantity: 4 }, 409, /^quantity: only 3 of .* in stock/],
      ['POST', { variant: a.variantId, quantity: 3 }, 409, /^quantity: only 3 of .* in stock, and your cart would hold 4/],
      ['PUT', { variant: a.variantId, quantity: -1 }, 400, /^quantity: must be 0 or more/],
      ['PUT', { variant: a.variantId, quantity: 1.5 }, 400, /^quantity: must be a whole number/],
      ['PUT', { variant: a.variantId, quantity: 101 }, 400, /^quantity: must be 100 or less/],
      ['POST', { variant: a.variantId, quantity: 0 }, 400, /^quantity: must be 1 or more/],
      ['PUT', { variant: a.variantId, quantity: '2' }, 400, /^quantity: must be a number/],
      ['PUT', { quantity: 1 }, 400, /^variant: name a variant or a product/],
      ['PUT', { variant: 'abc', quantity: 1 }, 400, /^variant: must be an id/],
      ['POST', { product: 7 }, 400, /^product: must be an id written as text \("7", not 7\)$/],
      ['PUT', { variant: 7, quantity: 1 }, 400, /^variant: must be an id written as text \("7", not 7\)$/],
      ['PUT', { variant: '999999999', quantity: 1 }, 404, /^variant: 999999999 is not a variant/],
      ['POST', { product: '999999999' }, 404, /^product: 999999999 is not in this shop/],
      ['PUT', { variant: a.variantId, product: '999999999', quantity: 1 }, 404, /^variant: .* of product 999999999/],
    ];
    for (const [method, body, status, message] of cases) {
      const res = await call(t.app, method as 'PUT', LINES, { headers, body });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const cart = cartOf(await call(t.app, 'GET', CART, { headers }));
    expect(units(cart)).toEqual({ [a.variantId]: 1 });
    expect(cart.lines[0]?.seenPrice).toBe(5);
  });

  it("another's cart line is 404 naming it, and stays", async () => {
    const a = await item();
    const owner = await makeUser(t.database.db);
    const stranger = await makeUser(t.database.db);
    await accountCart(owner, [[a.variantId, 1]]);
    const guest = await guestCart([[a.variantId, 1]]);
    const ownerLine = cartOf(await call(t.app, 'GET', CART, { token: owner.token })).lines[0]?._id ?? '';
    const guestLine = cartOf(await call(t.app, 'GET', CART, { headers: cookieHeader(guest) })).lines[0]?._id ?? '';
    const attempts = [
      call(t.app, 'DELETE', `${LINES}/${ownerLine}`, { token: stranger.token }),
      call(t.app, 'DELETE', `${LINES}/${ownerLine}`, { headers: cookieHeader(guest) }),
      call(t.app, 'DELETE', `${LINES}/${ownerLine}`),
      call(t.app, 'DELETE', `${LINES}/${guestLine}`, { token: owner.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toMatch(/^lineId: line \d+ is not in your cart/);
    }
    expect((await call(t.app, 'DELETE', `${LINES}/x`, { token: owner.token })).json().message).toMatch(/^lineId: must be an id/);
    expect(cartOf(await call(t.app, 'GET', CART, { token: owner.token })).lines).toHaveLength(1);
    expect(cartOf(await call(t.app, 'GET', CART, { headers: cookieHeader(guest) })).lines).toHaveLength(1);
    // The owner removes their own line.
    expect(cartOf(await call(t.app, 'DELETE', `${LINES}/${ownerLine}`, { token: owner.token })).lines).toEqual([]);
  });

  it('PUT 0 removes a line; DELETE /cart empties the cart', async () => {
    const [a, b] = [await item(), await item()];
    const cookie = await guestCart([[a.variantId, 1], [b.variantId, 2]]);
    const headers = cookieHeader(cookie);
    expect(units(cartOf(await call(t.app, 'PUT', LINES, { headers, body: { variant: a.variantId, quantity: 0 } })))).toEqual({ [b.variantId]: 2 });
    expect(cartOf(await call(t.app, 'DELETE', CART, { headers })).lines).toEqual([]);
    expect(cartOf(await call(t.app, 'GET', CART, { headers })).lines).toEqual([]);
  });

  it('placing an order takes the ordered units out of the server cart (the spec\'s cart body still works)', async () => {
    const user = await makeUser(t.database.db);
    const [a, b] = [await item(4, 10), await item(6, 10)];
    await accountCart(user, [[a.variantId, 3], [b.variantId, 1]]);
    // The specification's client sends whole products, one per unit, with no variant.
    const order = await call(t.app, 'POST', '/api/v1/auth/orders', {
      token: user.token,
      body: { cart: [{ _id: a.productId, name: 'x', price: 4 }, { _id: a.productId }, { _id: b.productId }] },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().order.total).toBe(14);
    expect(units(cartOf(await call(t.app, 'GET', CART, { token: user.token })))).toEqual({ [a.variantId]: 1 });
  });

  it("a guest's order takes what it bought out of the cart of the guest's cookie, and no one else's", async () => {
    const [a, b] = [await item(5, 10), await item(7, 10)];
    const cookie = await guestCart([[a.variantId, 2], [b.variantId, 1]]);
    const other = await guestCart([[a.variantId, 2]]);
    const order = await call(t.app, 'POST', '/api/v1/auth/guest-orders', {
      headers: cookieHeader(cookie),
      body: { cart: [{ _id: a.productId, variant: a.variantId }], email: 'cart-guest@example.com', delivery: { name: 'Cart Guest', phone: '555-0101', country: 'FR', city: 'Lyon', lines: '1 Lane' } },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(units(cartOf(await call(t.app, 'GET', CART, { headers: cookieHeader(cookie) })))).toEqual({ [a.variantId]: 1, [b.variantId]: 1 });
    expect(units(cartOf(await call(t.app, 'GET', CART, { headers: cookieHeader(other) })))).toEqual({ [a.variantId]: 2 });
  });
});
