import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, discountCodes, discountCodeUses, mailOutbox, orderItems, orders, products } from '../../src/server/db/schema.ts';
import { createTokens, resolveJwtSecret } from '../../src/server/modules/auth/tokens.ts';
import { type MadeUser, makeAccounts, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';

type Product = Awaited<ReturnType<typeof makeProduct>>;
interface WireCode {
  _id: string;
  code: string;
  kind: string;
  value: number;
  uses: number;
  revenue: number;
  discounted: number;
  disabled: boolean;
}
interface WireOrder {
  _id: string;
  total: number;
  discount?: { code: string; amount: number; subtotal: number };
}

let serial = 0;
const fresh = (prefix = 'CODE') => `${prefix}${Date.now().toString(36).toUpperCase()}${(serial += 1)}`;

describe('discount codes', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;
  let books: number;
  let toys: number;
  let book: Product;
  let toy: Product;
  beforeAll(async () => {
    t = await createTestApp({ ...NO_ORDER_LIMITS, SHOP_TIMEZONE: 'UTC' });
    const { db } = t.database;
    admin = await makeAdmin(db, { name: 'Owner' });
    shopper = await makeUser(db);
    books = (await makeCategory(db)).id;
    toys = (await makeCategory(db)).id;
    book = await makeProduct(db, { categoryId: books, price: 20, quantity: 1000 });
    toy = await makeProduct(db, { categoryId: toys, price: 12.5, quantity: 1000 });
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, token = admin.token) => call(t.app, 'POST', '/api/v1/admin/discount-codes', { token, body });
  const made = async (body: Record<string, unknown>) => {
    const answer = await create({ code: fresh(), ...body });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ code: WireCode }>().code;
  };
  const cart = (...lines: [Product, number][]) => lines.flatMap(([product, units]) => Array.from({ length: units }, () => ({ _id: String(product.id) })));
  const order = (buyer: MadeUser, code: string | undefined, ...lines: [Product, number][]) =>
    call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart: cart(...lines), ...(code === undefined ? {} : { code }) } });
  const check = (code: string, email: string | undefined, ...lines: [Product, number][]) =>
    call(t.app, 'POST', '/api/v1/checkout/code', { body: { code, cart: cart(...lines), ...(email ? { email } : {}) } });
  const placed = async (buyer: MadeUser, code: string, ...lines: [Product, number][]) => {
    const answer = await order(buyer, code, ...lines);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ order: WireOrder }>().order;
  };
  const refused = async (answer: Awaited<ReturnType<typeof order>>, status: number, message: string) => {
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toEqual({ success: false, message });
  };
  const countOrders = async () => (await t.database.db.select({ id: orders.id }).from(orders)).length;

  describe('each kind', () => {
    it('a percentage off the whole order, split over the lines by largest remainder', async () => {
      const code = await made({ kind: 'percent', value: 15 });
      const buyer = await makeUser(t.database.db);
      // 2 × 20.00 + 3 × 12.50 = 77.50; 15% = 11.625 → 11.63 (half up), split 40.00 : 37.50 → 6.00 + 5.63 (6.0019… and 5.6250…: the remainders give the extra cent to the toy).
      const got = await placed(buyer, code.code.toLowerCase(), [book, 2], [toy, 3]);
      expect(got.discount).toEqual({ code: code.code, amount: 11.63, subtotal: 77.5 });
      expect(got.total).toBe(65.87);
      const lines = await t.database.db
        .select({ productId: orderItems.productId, discount: orderItems.discountMinor })
        .from(orderItems)
        .where(eq(orderItems.orderId, Number(got._id)));
      expect(lines.map((line) => line.discount).reduce((a, b) => a + b, 0)).toBe(1163);
      expect(Object.fromEntries(lines.map((line) => [line.productId, line.discount]))).toEqual({ [book.id]: 600, [toy.id]: 563 });
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, Number(got._id)));
      expect(row?.totalCents).toBe(6587);
      expect(row?.discountMinor).toBe(1163);
    });

    it('a fixed amount, never more than the goods', async () => {
      const code = await made({ kind: 'fixed', value: 5 });
      expect((await placed(await makeUser(t.database.db), code.code, [toy, 1])).total).toBe(7.5);
      const big = await made({ kind: 'fixed', value: 100 });
      const got = await placed(await makeUser(t.database.db), big.code, [toy, 1]);
      expect(got.total).toBe(0);
      expect(got.discount?.amount).toBe(12.5);
    });

    it('free shipping takes nothing off the goods and is kept on the order', async () => {
      const code = await made({ kind: 'free_shipping' });
      const got = await placed(await makeUser(t.database.db), code.code, [book, 1]);
      expect(got.total).toBe(20);
      expect(got.discount).toEqual({ code: code.code, amount: 0, subtotal: 20 });
      const checked = await check(code.code, undefined, [book, 1]);
      expect(checked.json()).toMatchObject({ applies: true, freeShipping: true, discount: 0, total: 20 });
    });
  });

  describe('scope', () => {
    it('on a category: only its lines are discounted', async () => {
      const code = await made({ kind: 'percent', value: 10, categories: [String(toys)] });
      const got = await placed(await makeUser(t.database.db), code.code, [book, 1], [toy, 2]);
      expect(got.discount?.amount).toBe(2.5);
      expect(got.total).toBe(42.5);
    });

    it('on a product: only its lines; a cart without it is told so, nothing placed', async () => {
      const code = await made({ kind: 'fixed', value: 3, products: [String(book.id)] });
      const got = await placed(await makeUser(t.database.db), code.code, [book, 1], [toy, 1]);
      expect(got.total).toBe(29.5);
      const before = await countOrders();
      await refused(await order(await makeUser(t.database.db), code.code, [toy, 1]), 409, 'code: this code does not apply to anything in your cart');
      expect(await countOrders()).toBe(before);
    });
  });

  describe('conditions, each refusal in words, nothing changed', () => {
    it('a minimum subtotal not met', async () => {
      const code = await made({ kind: 'percent', value: 10, minimumSubtotal: 50 });
      // 2 × 20.00 + 1 × 2.50 short: 42.50 is 7.50 short of 50.
      const cheap = await makeProduct(t.database.db, { categoryId: books, price: 2.5, quantity: 100 });
      const stockBefore = (await t.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, book.id)))[0]?.q;
      await refused(await order(shopper, code.code, [book, 2], [cheap, 1]), 409, 'code: $7.50 short of the $50 minimum');
      const stockAfter = (await t.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, book.id)))[0]?.q;
      expect(stockAfter).toBe(stockBefore);
      expect((await check(code.code, undefined, [book, 2], [cheap, 1])).json()).toMatchObject({
        applies: false,
        message: '$7.50 short of the $50 minimum',
        discount: 0,
        total: 42.5,
      });
      expect((await placed(await makeUser(t.database.db), code.code, [book, 3])).total).toBe(54);
    });

    it('a minimum quantity; rules sent empty (null or "") are no rules', async () => {
      const open = await made({ kind: 'percent', value: 10, minimumQuantity: null, minimumSubtotal: '', maxUses: null, startsAt: null, endsAt: '' });
      expect(open).toMatchObject({ minimumQuantity: null, minimumSubtotal: null, maxUses: null, startsAt: null, endsAt: null });
      const code = await made({ kind: 'percent', value: 10, minimumQuantity: 3 });
      await refused(await order(shopper, code.code, [toy, 1]), 409, 'code: add 2 more items: this code needs 3');
    });

    it('a start and an end date', async () => {
      const later = await made({ kind: 'percent', value: 10, startsAt: '2099-12-01T00:00:00Z' });
      await refused(await order(shopper, later.code, [toy, 1]), 409, 'code: this code starts on December 1');
      const over = await made({ kind: 'percent', value: 10, startsAt: '2020-10-01', endsAt: '2020-11-01' });
      await refused(await order(shopper, over.code, [toy, 1]), 409, 'code: this code ended on October 31');
      const now = await made({ kind: 'percent', value: 10, startsAt: '2020-01-01', endsAt: '2099-01-01' });
      expect((await placed(await makeUser(t.database.db), now.code, [book, 1])).total).toBe(18);
    });

    it('first order only: a shopper who has ordered is refused; a new one is not', async () => {
      const code = await made({ kind: 'percent', value: 20, firstOrderOnly: true });
      const returning = await makeUser(t.database.db);
      expect((await order(returning, undefined, [toy, 1])).statusCode).toBe(201);
      await refused(await order(returning, code.code, [book, 1]), 409, 'code: this code is for a first order only');
      expect((await check(code.code, returning.email.toUpperCase(), [book, 1])).json()).toMatchObject({ applies: false, message: 'this code is for a first order only' });
      const newcomer = await makeUser(t.database.db);
      expect((await placed(newcomer, code.code, [book, 1])).total).toBe(16);
    });

    it('per-customer limit by normalised e-mail; the total limit: used up', async () => {
      const code = await made({ kind: 'fixed', value: 1, maxUsesPerCustomer: 1, maxUses: 2 });
      const ann = await makeUser(t.database.db);
      await placed(ann, code.code, [toy, 1]);
      await refused(await order(ann, code.code, [toy, 1]), 409, 'code: you have already used this code');
      expect((await check(code.code, `  ${ann.email.toUpperCase()} `, [toy, 1])).json()).toMatchObject({ applies: false, message: 'you have already used this code' });
      await placed(await makeUser(t.database.db), code.code, [toy, 1]);
      await refused(await order(await makeUser(t.database.db), code.code, [toy, 1]), 409, 'code: this code has been used up');
      const [row] = await t.database.db.select({ uses: discountCodes.uses }).from(discountCodes).where(eq(discountCodes.id, Number(code._id)));
      expect(row?.uses).toBe(2);
      const uses = await t.database.db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, Number(code._id)));
      expect(uses.map((use) => use.email).sort()).toContain(ann.email.toLowerCase());
    });

    it('a disabled code is refused; a code that does not exist is a 400 naming the field', async () => {
      const code = await made({ kind: 'fixed', value: 1, disabled: true });
      await refused(await order(shopper, code.code, [toy, 1]), 409, 'code: this code is no longer valid');
      await refused(await order(shopper, 'NOPE-NOPE', [toy, 1]), 400, 'code: no such code "NOPE-NOPE"');
      await refused(await check('NOPE-NOPE', undefined, [toy, 1]), 400, 'code: no such code "NOPE-NOPE"');
      await refused(await order(shopper, 'a b', [toy, 1]), 400, 'code: may hold only letters, digits, - and _');
    });
  });

  it('a partial refund gives back the lines less their share of the discount', async () => {
    const code = await made({ kind: 'fixed', value: 10 });
    const buyer = await makeUser(t.database.db);
    // 3 × 20.00 + 1 × 12.50 = 72.50; 10.00 split 60 : 12.5 → 8.28 + 1.72.
    const got = await placed(buyer, code.code, [book, 3], [toy, 1]);
    expect(got.total).toBe(62.5);
    // A cash on delivery order is paid when delivered.
    const delivered = await call(t.app, 'PUT', `/api/v1/auth/order-status/${got._id}`, { token: admin.token, body: { status: 'deliverd' } });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const refund = (quantity: number) =>
      call(t.app, 'POST', `/api/v1/auth/order-refund/${got._id}`, { token: admin.token, body: { lines: [{ productId: book.id, quantity }] } });
    // 1 book: 20.00 − floor(828 × 1 / 3) = 20.00 − 2.76 = 17.24; then 2 more: 40.00 − (8.28 − 2.76) = 34.48.
    const first = await refund(1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ refund: { amount: number } }>().refund.amount).toBe(17.24);
    const rest = await refund(2);
    expect(rest.json<{ refund: { amount: number } }>().refund.amount).toBe(34.48);
  });

  it('mails and the orders CSV show the discount and the code', async () => {
    const code = await made({ kind: 'fixed', value: 2 });
    const got = await placed(await makeUser(t.database.db), code.code, [book, 1]);
    const mails = await t.database.db.select().from(mailOutbox);
    const mail = mails.find((row) => JSON.stringify(row).includes(`Discount (${code.code})`));
    expect(mail, 'the confirmation names the code').toBeDefined();
    const csv = await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token, query: { ids: got._id } });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header).toContain('discount');
    expect(header).toContain('discount_code');
    expect(row).toContain(code.code);
    expect(row).toContain('2.00');
  });

  it('the confirmation mail has the exact discount row: "Discount (CODE)" and the amount off, negative; at 0 for free shipping; none without a code', async () => {
    const fixed = await made({ kind: 'fixed', value: 2 });
    const freeShipping = await made({ kind: 'free_shipping' });
    const confirmation = async (buyer: MadeUser) => {
      const rows = await t.database.db.select({ subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html }).from(mailOutbox).where(eq(mailOutbox.toAddress, buyer.email));
      expect(rows.map((row) => row.subject.replace(/#\d+/, '#N'))).toEqual([expect.stringMatching(/^Your order #N at /)]);
      return rows[0] as { text: string; html: string };
    };
    const money = (row: string) => `<td style="padding:4px 8px;text-align:right">${row}</td>`;

    const withCode = await makeUser(t.database.db);
    await placed(withCode, fixed.code.toLowerCase(), [book, 1], [toy, 2]);
    const mail = await confirmation(withCode);
    expect(mail.text).toContain(
      [`  1 × ${book.name} — $20.00`, `  2 × ${toy.name} — $25.00`, `  Discount (${fixed.code}): -$2.00`, '  Total: $43.00', ''].join('\n'),
    );
    expect(mail.html).toContain(`<td colspan="3" style="padding:4px 8px;text-align:right">Discount (${fixed.code})</td>${money('-$2.00')}</tr>`);

    const withFreeShipping = await makeUser(t.database.db);
    await placed(withFreeShipping, freeShipping.code, [book, 1]);
    expect((await confirmation(withFreeShipping)).text).toContain([`  1 × ${book.name} — $20.00`, `  Discount (${freeShipping.code}): $0.00`, '  Total: $20.00', ''].join('\n'));

    const withoutCode = await makeUser(t.database.db);
    expect((await order(withoutCode, undefined, [book, 1])).statusCode).toBe(201);
    const plain = await confirmation(withoutCode);
    expect(plain.text).toContain([`  1 × ${book.name} — $20.00`, '  Total: $20.00', ''].join('\n'));
    expect(plain.text).not.toContain('Discount');
    expect(plain.html).not.toContain('Discount');
  });

  describe('the owner', () => {
    it('lists codes with their uses and revenue, searched, paged', async () => {
      const code = await made({ kind: 'fixed', value: 1, code: fresh('LISTED') });
      await placed(await makeUser(t.database.db), code.code, [book, 1]);
      await placed(await makeUser(t.database.db), code.code, [book, 2]);
      const list = await call(t.app, 'GET', '/api/v1/admin/discount-codes', { token: admin.token, query: { q: code.code.toLowerCase() } });
      expect(list.statusCode).toBe(200);
      const body = list.json<{ codes: WireCode[]; total: number }>();
      expect(body.total).toBe(1);
      expect(body.codes[0]).toMatchObject({ code: code.code, uses: 2, revenue: 19 + 39, discounted: 2 });
      const one = await call(t.app, 'GET', `/api/v1/admin/discount-codes/${code._id}`, { token: admin.token });
      expect(one.json<{ code: WireCode }>().code).toMatchObject({ uses: 2, revenue: 58 });
    });

    it('generates a batch of unique codes with the same rules, each in the audit log', async () => {
      const answer = await call(t.app, 'POST', '/api/v1/admin/discount-codes/batch', {
        token: admin.token,
        body: { count: 200, prefix: 'vip-', kind: 'percent', value: 5, maxUsesPerCustomer: 1 },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const { codes, batch } = answer.json<{ codes: string[]; batch: string }>();
      expect(codes).toHaveLength(200);
      expect(new Set(codes).size).toBe(200);
      for (const code of codes) expect(code).toMatch(/^VIP-[A-HJ-NP-Z2-9]{8}$/);
      const rows = await t.database.db.select().from(discountCodes).where(eq(discountCodes.batch, batch));
      expect(rows).toHaveLength(200);
      expect(rows.every((row) => row.kind === 'percent' && row.value === 500 && row.maxUsesPerCustomer === 1)).toBe(true);
      const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'discount.create'));
      expect(entries.filter((entry) => (entry.after as { batch?: string }).batch === batch)).toHaveLength(200);
      expect((await placed(await makeUser(t.database.db), (codes[0] as string).toLowerCase(), [book, 1])).total).toBe(19);
    });

    it('every change is an audit entry naming the code; a used code is disabled, not deleted', async () => {
      const code = await made({ kind: 'percent', value: 10 });
      const entry = async (action: string) =>
        (await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, Number(code._id)))))[0];
      expect((await entry('discount.create'))?.after).toMatchObject({ name: code.code, code: code.code, kind: 'percent', value: 1000 });
      const put = (body: Record<string, unknown>) => call(t.app, 'PUT', `/api/v1/admin/discount-codes/${code._id}`, { token: admin.token, body });
      const changed = await put({ code: code.code, kind: 'percent', value: 12.5 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await entry('discount.update'))).toMatchObject({ entity: 'discount', before: { name: code.code, value: 1000 }, after: { name: code.code, value: 1250 } });
      await placed(await makeUser(t.database.db), code.code, [book, 1]);
      const gone = await call(t.app, 'DELETE', `/api/v1/admin/discount-codes/${code._id}`, { token: admin.token });
      await refused(gone, 409, `${code.code} has been used 1 time: disable it instead`);
      expect((await put({ code: code.code, kind: 'percent', value: 12.5, disabled: true })).statusCode).toBe(200);
      expect((await entry('discount.disable'))?.after).toMatchObject({ name: code.code, disabled: true });
      const unused = await made({ kind: 'fixed', value: 1 });
      const deleted = await call(t.app, 'DELETE', `/api/v1/admin/discount-codes/${unused._id}`, { token: admin.token });
      expect(deleted.statusCode).toBe(200);
      const deletion = (await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'discount.delete'), eq(auditLog.entityId, Number(unused._id)))))[0];
      expect(deletion?.before).toMatchObject({ name: unused.code });
      const audit = await call(t.app, 'GET', '/api/v1/admin/audit', { token: admin.token, query: { kind: 'discount' } });
      expect(audit.statusCode).toBe(200);
    });

    it('guards: a shopper and a stranger cannot see or change codes', async () => {
      for (const [method, url] of [
        ['GET', '/api/v1/admin/discount-codes'],
        ['POST', '/api/v1/admin/discount-codes'],
        ['POST', '/api/v1/admin/discount-codes/batch'],
        ['GET', '/api/v1/admin/discount-codes/1'],
        ['PUT', '/api/v1/admin/discount-codes/1'],
        ['DELETE', '/api/v1/admin/discount-codes/1'],
      ] as const) {
        expect((await call(t.app, method, url, { token: shopper.token, body: {} })).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(t.app, method, url, { body: {} })).statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('bad input: 400 naming the field, nothing made', async () => {
      const before = (await t.database.db.select({ id: discountCodes.id }).from(discountCodes)).length;
      const bad = async (body: Record<string, unknown>, message: string) => refused(await create({ code: fresh(), ...body }), 400, message);
      await bad({ kind: 'percent', value: 101 }, 'value: must be more than 0 and at most 100 (percent)');
      await bad({ kind: 'percent', value: 0 }, 'value: must be more than 0 and at most 100 (percent)');
      await bad({ kind: 'fixed', value: 0 }, 'value: must be more than 0');
      await bad({ kind: 'fixed', value: 1.234 }, 'value: must have at most 2 decimals');
      await bad({ kind: 'fixed', value: 5, startsAt: '2030-01-02', endsAt: '2030-01-01' }, 'endsAt: must be after startsAt');
      await bad({ kind: 'fixed', value: 5, products: ['999999'] }, 'products: no such product 999999');
      await bad({ kind: 'fixed', value: 5, categories: ['999999'] }, 'categories: no such category 999999');
      await bad({ kind: 'bogus', value: 5 }, 'kind: must be one of: percent, fixed, free_shipping');
      await bad({ kind: 'fixed', value: 5, maxUses: 0 }, 'maxUses: must be 1 or more');
      await refused(await create({ code: 'x', kind: 'fixed', value: 1 }), 400, 'code: must be at least 3 characters');
      const taken = await made({ kind: 'fixed', value: 1 });
      await refused(await create({ code: taken.code.toLowerCase(), kind: 'fixed', value: 1 }), 409, `code: ${taken.code} already exists`);
      const batch = await call(t.app, 'POST', '/api/v1/admin/discount-codes/batch', { token: admin.token, body: { count: 1001, kind: 'fixed', value: 1 } });
      await refused(batch, 400, 'count: must be at most 1000');
      expect((await t.database.db.select({ id: discountCodes.id }).from(discountCodes)).length).toBe(before + 1);
    });
  });
});

describe('a 10-use code under 50 simultaneous checkouts over real HTTP', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    // Each shopper from its own address (X-Forwarded-For), so that only the code's row lock orders them.
    t = await createTestApp({ ...NO_ORDER_LIMITS, TRUST_PROXY: 'true' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('gives exactly 10 discounted orders and 40 refusals that say why', { timeout: 120_000 }, async () => {
    const { db } = t.database;
    const admin = await makeAdmin(db);
    const category = await makeCategory(db);
    // A product per shopper: no checkout waits on another's stock lock, only on the code's.
    const shelf = await Promise.all(Array.from({ length: 50 }, () => makeProduct(db, { categoryId: category.id, quantity: 5, price: 40 })));
    const made = await call(t.app, 'POST', '/api/v1/admin/discount-codes', { token: admin.token, body: { code: 'TEN-ONLY', kind: 'percent', value: 25, maxUses: 10 } });
    expect(made.statusCode, made.body).toBe(201);
    // Fifty distinct shoppers (one shared password hash: hashing is slow on purpose), each with a token.
    const tokens = createTokens(await resolveJwtSecret(db, undefined), '1h');
    const accounts = await makeAccounts(db, Array.from({ length: 50 }, (_, index) => `rusher-${index}@example.com`));
    const buyers = await Promise.all(accounts.map(async (account) => ({ token: await tokens.sign({ userId: account.id, sessionVersion: 0 }) })));

    const answers = await Promise.all(
      buyers.map(async (buyer, index) => {
        const answer = await fetch(`${baseUrl}/api/v1/auth/orders`, {
          method: 'POST',
          headers: { authorization: buyer.token, 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${index + 1}` },
          body: JSON.stringify({ cart: [{ _id: String(shelf[index]?.id) }], code: 'ten-only' }),
        });
        return { status: answer.status, body: (await answer.json()) as { message?: string; order?: WireOrder } };
      }),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    const refusals = answers.filter((answer) => answer.status !== 201);
    expect(placed).toHaveLength(10);
    for (const answer of placed) expect(answer.body.order).toMatchObject({ total: 30, discount: { code: 'TEN-ONLY', amount: 10 } });
    expect(refusals).toHaveLength(40);
    for (const answer of refusals) expect(answer).toEqual({ status: 409, body: { success: false, message: 'code: this code has been used up' } });

    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, 'TEN-ONLY'));
    expect(code?.uses).toBe(10);
    expect(await db.select({ id: discountCodeUses.id }).from(discountCodeUses)).toHaveLength(10);
    expect(await db.select({ id: orders.id }).from(orders)).toHaveLength(10);
    const stock = await db.select({ quantity: products.quantity }).from(products);
    expect(stock.reduce((sum, row) => sum + row.quantity, 0)).toBe(50 * 5 - 10);
  });
});
