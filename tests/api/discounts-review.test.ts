/**
 * Discount codes after review: the code check is the quote's pricing (the variant an order takes, no
 * drafts), failed guesses are limited per client, deleting a code is atomic against an order claiming it,
 * and the buyer's own orders show the discount.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client.ts';
import { discountCodes, discountCodeUses, orders } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';
import { waitFor } from '../setup/wait-for.ts';

const CHECK = '/api/v1/checkout/code';
const QUOTE = '/api/v1/checkout/quote';
const ORDERS = '/api/v1/auth/orders';
const CODES = '/api/v1/admin/discount-codes';
/** Failed codes a client may try in 15 minutes (set low here). */
const GUESSES = 3;

type Product = Awaited<ReturnType<typeof makeProduct>>;
let serial = 0;
const fresh = (prefix = 'REVIEW') => `${prefix}${Date.now().toString(36).toUpperCase()}${(serial += 1)}`;
const from = (ip: string, cookie?: string) => ({ 'x-forwarded-for': ip, ...(cookie ? { cookie: `cart_id=${cookie}` } : {}) });
/** A guest cart cookie's shape (43 base64url characters); no cart needs to exist under it. */
const cookieOf = (letter: string) => letter.repeat(43);

describe('discount codes, after review', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;
  let item: Product;
  beforeAll(async () => {
    t = await createTestApp({ ...NO_ORDER_LIMITS, SHOP_TIMEZONE: 'UTC', TRUST_PROXY: 'true', CODE_GUESSES_PER_CLIENT: String(GUESSES) });
    admin = await makeAdmin(t.database.db, { name: 'Owner' });
    categoryId = (await makeCategory(t.database.db)).id;
    item = await makeProduct(t.database.db, { categoryId, price: 20, quantity: 1000 });
  });
  afterAll(() => t.close());

  const made = async (body: Record<string, unknown>) => {
    const answer = await call(t.app, 'POST', CODES, { token: admin.token, body: { code: fresh(), ...body } });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ code: { _id: string; code: string } }>().code;
  };
  const cart = (product: Product, units = 1) => Array.from({ length: units }, () => ({ _id: String(product.id) }));
  const check = (code: string, headers: Record<string, string>, product = item) => call(t.app, 'POST', CHECK, { headers, body: { code, cart: cart(product) } });

  describe('the code check is the quote’s pricing', () => {
    it('prices the variant an order would take (the first in stock), with the quote’s figures', async () => {
      const tee = await makeProduct(t.database.db, { categoryId, name: `Tee ${fresh('')}`, price: 1, quantity: 0 });
      const options = [{ name: 'Size', values: ['S', 'M'] }];
      const grid = await call(t.app, 'PUT', `/api/v1/product/product-variants/${tee.id}`, {
        token: admin.token,
        body: {
          options,
          variants: [
            { sku: `S-${tee.id}`, price: 5, quantity: 0, options: ['S'] },
            { sku: `M-${tee.id}`, price: 8, quantity: 4, options: ['M'] },
          ],
        },
      });
      expect(grid.statusCode, grid.body).toBe(200);
      const medium = (grid.json<{ variants: { _id: string; options: string[] }[] }>().variants.find((v) => v.options[0] === 'M') as { _id: string })._id;
      const code = await made({ kind: 'percent', value: 50 });
      const checked = await check(code.code, from('10.9.0.1'), tee);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json()).toEqual({
        success: true,
        code: code.code,
        applies: true,
        message: 'this code applies',
        freeShipping: false,
        subtotal: 8,
        discount: 4,
        total: 4,
        lines: [{ _id: String(tee.id), variant: medium, subtotal: 8, discount: 4 }],
      });
      const quote = await call(t.app, 'POST', QUOTE, { headers: from('10.9.0.1'), body: { code: code.code, cart: cart(tee), address: { country: 'FR' } } });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json()).toMatchObject({ subtotal: 8, discount: 4, total: 4, lines: [{ product: String(tee.id), variant: medium, discount: 4 }] });
      // More than the stock: the quote's 409, not a price.
      const short = await call(t.app, 'POST', CHECK, { headers: from('10.9.0.1'), body: { code: code.code, cart: cart(tee, 5) } });
      expect(short.statusCode, short.body).toBe(409);
      expect(short.json().message).toMatch(/^Not enough stock: /);
    });

    it('does not price a draft (409 naming it, as the quote and the order)', async () => {
      const draft = await makeProduct(t.database.db, { categoryId, name: `Hidden ${fresh('')}`, price: 9, quantity: 5, draft: true });
      const code = await made({ kind: 'fixed', value: 1 });
      const refusal = { success: false, message: `Not for sale now: ${draft.name}; remove it from your cart and try again` };
      const checked = await check(code.code, from('10.9.0.2'), draft);
      expect(checked.statusCode, checked.body).toBe(409);
      expect(checked.json()).toEqual(refusal);
      const quote = await call(t.app, 'POST', QUOTE, { headers: from('10.9.0.2'), body: { code: code.code, cart: cart(draft), address: { country: 'FR' } } });
      expect(quote.statusCode, quote.body).toBe(409);
      expect(quote.json()).toEqual(refusal);
      const noCode = await call(t.app, 'POST', QUOTE, { body: { cart: cart(draft), address: { country: 'FR' } } });
      expect(noCode.json()).toEqual(refusal);
    });
  });

  describe('guessing codes is limited per client', () => {
    const tooMany = /^Too many failed attempts at discount codes from your address or cart\. Try again in \d+ minute\(s\)\.$/;
    const expectLimited = (answer: Awaited<ReturnType<typeof check>>) => {
      expect(answer.statusCode, answer.body).toBe(429);
      expect(answer.json().message).toMatch(tooMany);
      const retry = Number(answer.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(15 * 60);
    };

    it(`${GUESSES} codes that do not exist, then 429 with Retry-After for any code from that address; others are not blocked`, async () => {
      const good = await made({ kind: 'fixed', value: 2 });
      for (let guess = 0; guess < GUESSES; guess += 1) {
        const answer = await check(`GUESS${guess}X`, from('10.1.0.1'));
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json().message).toBe(`code: no such code "GUESS${guess}X"`);
      }
      expectLimited(await check('GUESS9X', from('10.1.0.1')));
      // The guesser's own right code is refused too (else the limit tells which guesses are right) …
      expectLimited(await check(good.code, from('10.1.0.1')));
      expectLimited(await call(t.app, 'POST', QUOTE, { headers: from('10.1.0.1'), body: { code: good.code, cart: cart(item), address: { country: 'FR' } } }));
      // … a call without a code is not.
      expect((await call(t.app, 'POST', QUOTE, { headers: from('10.1.0.1'), body: { cart: cart(item), address: { country: 'FR' } } })).statusCode).toBe(200);
      // Another shopper's right code is not blocked by those failures, and their own wrong one is a plain 400.
      const other = await check(good.code, from('10.1.0.2'));
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json()).toMatchObject({ applies: true, discount: 2 });
      expect((await check('NOPE-ONCE', from('10.1.0.2'))).statusCode).toBe(400);
    });

    it('right codes are not counted: only failures are', async () => {
      const good = await made({ kind: 'fixed', value: 1 });
      for (let round = 0; round < GUESSES + 2; round += 1) expect((await check(good.code, from('10.2.0.1'))).statusCode).toBe(200);
      // Many shoppers behind one address (an office, a proxy) using the right code at once: none is refused.
      const together = await Promise.all(Array.from({ length: 4 * GUESSES }, () => check(good.code, from('10.2.0.1'))));
      expect(together.map((answer) => answer.statusCode)).toEqual(together.map(() => 200));
      for (let guess = 0; guess < GUESSES; guess += 1) expect((await check(`MISS${guess}X`, from('10.2.0.1'))).statusCode).toBe(400);
      expectLimited(await check('MISS9X', from('10.2.0.1')));
    });

    it('counted per guest cart too: a new address with the same cart cookie is still limited', async () => {
      const good = await made({ kind: 'fixed', value: 1 });
      const cookie = cookieOf('k');
      for (let guess = 0; guess < GUESSES; guess += 1) expect((await check(`CART${guess}X`, from('10.3.0.1', cookie))).statusCode).toBe(400);
      expectLimited(await check(good.code, from('10.3.0.2', cookie)));
      // The new address without that cookie, and another cart from the first address's neighbour, are fine.
      expect((await check(good.code, from('10.3.0.2'))).statusCode).toBe(200);
      expect((await check(good.code, from('10.3.0.3', cookieOf('m')))).statusCode).toBe(200);
    });

    it('concurrent guesses cannot pass the limit: each failure is counted with its own number', async () => {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => check(`RACE${index}X`, from('10.4.0.1'))));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((status) => status === 400)).toHaveLength(GUESSES);
      expect(statuses.filter((status) => status === 429)).toHaveLength(12 - GUESSES);
    });

    it('placing orders with made-up codes is counted too; nothing is ordered', async () => {
      const buyer = await makeUser(t.database.db);
      const before = (await t.database.db.select({ id: orders.id }).from(orders)).length;
      const order = (code: string) => call(t.app, 'POST', ORDERS, { token: buyer.token, headers: from('10.5.0.1'), body: { cart: cart(item), code } });
      for (let guess = 0; guess < GUESSES; guess += 1) expect((await order(`ORDER${guess}X`)).statusCode).toBe(400);
      expectLimited(await order('ORDER9X'));
      expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    });
  });

  it('a delete that comes while an order holds the code waits for it, then is refused: the use is kept', async () => {
    const code = await made({ kind: 'fixed', value: 1 });
    const buyer = await makeUser(t.database.db);
    const order = await call(t.app, 'POST', ORDERS, { token: buyer.token, body: { cart: cart(item) } });
    expect(order.statusCode, order.body).toBe(201);
    const { db } = t.database;
    const id = Number(code._id);
    let deleting: ReturnType<typeof call> | undefined;
    // An order's claim, held open: the code's row locked, its use written, not yet committed.
    await db.transaction(async (tx) => {
      await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      await tx.insert(discountCodeUses).values({ codeId: id, orderId: Number(order.json().order._id), email: buyer.email, discountMinor: 100 });
      await tx
        .update(discountCodes)
        .set({ uses: sql`${discountCodes.uses} + 1` })
        .where(eq(discountCodes.id, id));
      deleting = call(t.app, 'DELETE', `${CODES}/${code._id}`, { token: admin.token });
      // PostgreSQL: the delete has reached the code's row and waits on its lock (PGlite runs one transaction at a time).
      if (t.database.engine === 'postgres') {
        await waitFor(
          async () => {
            const waiting = await db.execute(sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%discount_codes%'`);
            return rowsOf(waiting).length > 0;
          },
          { what: 'the delete to wait on the code’s row lock' },
        );
      }
    });
    const deleted = await (deleting as ReturnType<typeof call>);
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(deleted.json()).toEqual({ success: false, message: `${code.code} has been used 1 time: disable it instead` });
    expect((await db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, id))).length).toBe(1);
  });

  it('the buyer’s own orders list the code and the amount it took off', async () => {
    const buyer = await makeUser(t.database.db);
    const code = await made({ kind: 'fixed', value: 3 });
    const withCode = await call(t.app, 'POST', ORDERS, { token: buyer.token, headers: from('10.7.0.1'), body: { cart: cart(item, 2), code: code.code.toLowerCase() } });
    expect(withCode.statusCode, withCode.body).toBe(201);
    const without = await call(t.app, 'POST', ORDERS, { token: buyer.token, headers: from('10.7.0.1'), body: { cart: cart(item) } });
    expect(without.statusCode, without.body).toBe(201);
    const mine = await call(t.app, 'GET', ORDERS, { token: buyer.token });
    expect(mine.statusCode).toBe(200);
    const list = mine.json<{ _id: string; total: number; discount?: unknown }[]>();
    const first = list.find((order) => order._id === withCode.json().order._id);
    const second = list.find((order) => order._id === without.json().order._id);
    expect(first).toMatchObject({ total: 37, discount: { code: code.code, amount: 3, subtotal: 40 } });
    expect(second).toBeDefined();
    expect(second).not.toHaveProperty('discount');
  });
});
