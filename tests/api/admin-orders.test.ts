import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, orders, orderStatusUndo } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';
import { waitFor } from '../setup/wait-for.ts';

/**
 * The admin's orders list (search, filters, sorts, keyset pages), the bulk status change (one mail per
 * order, through the outbox, held for the undo window) and its undo (status, stock and mail as before).
 */
describe('admin orders: list, bulk status and undo', () => {
  let t: TestApp;
  let admin: MadeUser;
  let ada: MadeUser;
  let bob: MadeUser;
  let categoryId: number;

  beforeAll(async () => {
    // Bank transfer offered too: its orders follow the lifecycle's steps, and a cancel of a paid one refunds it.
    t = await createTestApp({ ...NO_ORDER_LIMITS, ORDER_UNDO_SECONDS: '60', MAIL_RETRY_SECONDS: '1', SHOP_TIMEZONE: 'UTC', BANK_IBAN: 'GB33BUKB20201555555555' });
    admin = await makeAdmin(t.database.db, { name: 'Owner' });
    ada = await makeUser(t.database.db, { name: 'Ada Lovelace', email: 'ada@analytical.example' });
    bob = await makeUser(t.database.db, { name: 'Bob Builder', email: 'bob@build.example' });
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string> = {}, token = admin.token) => call(t.app, 'GET', '/api/v1/admin/orders', { token, query });
  const bulk = (ids: string[], status: string) => call(t.app, 'POST', '/api/v1/admin/orders/status', { token: admin.token, body: { ids, status } });
  const undo = (ids: string[]) => call(t.app, 'POST', '/api/v1/admin/orders/status-undo', { token: admin.token, body: { ids } });
  const stock = async (productId: number) =>
    (await t.database.db.execute(sql`select quantity from products where id = ${productId}`)) as unknown as { rows: { quantity: number }[] };
  const stockOf = async (productId: number) => (await stock(productId)).rows[0]?.quantity;

  async function place(buyer: MadeUser, productIds: number[], paymentMethod?: string): Promise<string> {
    const res = await call(t.app, 'POST', '/api/v1/auth/orders', {
      token: buyer.token,
      body: { cart: productIds.map((id) => ({ _id: String(id) })), ...(paymentMethod ? { paymentMethod } : {}) },
    });
    expect(res.statusCode).toBe(201);
    return res.json().order._id as string;
  }
  const setCreated = (id: string, at: string) =>
    t.database.db.update(orders).set({ createdAt: new Date(at) }).where(eq(orders.id, Number(id)));
  const statusMails = (ids: string[]) =>
    t.database.db
      .select({ kind: mailOutbox.kind, to: mailOutbox.toAddress, subject: mailOutbox.subject, status: mailOutbox.status })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order-shipped'), inArray(mailOutbox.subject, ids.map((id) => `Order #${id}: Shipped`))));

  describe('the list', () => {
    let lamp: Awaited<ReturnType<typeof makeProduct>>;
    let first: string;
    let second: string;
    let third: string;
    beforeAll(async () => {
      lamp = await makeProduct(t.database.db, { categoryId, name: 'Walnut Desk Lamp', price: 40, quantity: 100 });
      first = await place(ada, [lamp.id]);
      second = await place(bob, [lamp.id, lamp.id, lamp.id]);
      third = await place(ada, [lamp.id, lamp.id]);
      await setCreated(first, '2026-03-01T10:00:00Z');
      await setCreated(second, '2026-03-02T10:00:00Z');
      await setCreated(third, '2026-03-03T10:00:00Z');
    });

    it('answers the newest first with the buyer e-mail, the total and the cursors; exact body', async () => {
      const res = await list({ from: '2026-03-01', to: '2026-03-03' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.orders.map((order: { _id: string }) => order._id)).toEqual([third, second, first]);
      expect(body.orders[0]).toEqual({
        _id: third,
        status: 'Not Process',
        buyer: { _id: String(ada.id), name: 'Ada Lovelace', email: 'ada@analytical.example' },
        createAt: '2026-03-03T10:00:00.000Z',
        createdAt: '2026-03-03T10:00:00.000Z',
        payment: { success: false, method: 'cash_on_delivery' },
        products: [
          { _id: String(lamp.id), name: 'Walnut Desk Lamp', slug: lamp.slug, description: lamp.description, price: 40 },
          { _id: String(lamp.id), name: 'Walnut Desk Lamp', slug: lamp.slug, description: lamp.description, price: 40 },
        ],
        total: 80,
        // Issue 19's figures: this shop has no zones, so no shipping and no tax.
        subtotal: 80,
        shipping: null,
        tax: 0,
        taxIncluded: false,
        taxes: [],
        delivery: { name: 'Ada Lovelace', address: '1 Market Street', phone: '555-0100' },
      });
      expect({ ...body, orders: undefined }).toEqual({ success: true, total: 3, totalIsCapped: false, next: null, prev: null, pageSize: 20 });
    });

    it('searches by order number, by name and by e-mail, and filters by customer and day', async () => {
      const ids = async (query: Record<string, string>) => {
        const res = await list({ from: '2026-03-01', to: '2026-03-03', ...query });
        expect(res.statusCode, JSON.stringify(query)).toBe(200);
        return res.json().orders.map((order: { _id: string }) => order._id);
      };
      expect(await ids({ q: second })).toEqual([second]);
      expect(await ids({ q: `#${first}` })).toEqual([first]);
      expect(await ids({ q: 'lovelace' })).toEqual([third, first]);
      expect(await ids({ q: 'BUILD.example' })).toEqual([second]);
      expect(await ids({ q: '100%' })).toEqual([]);
      expect(await ids({ customer: String(bob.id) })).toEqual([second]);
      expect(await ids({ from: '2026-03-02', to: '2026-03-02' })).toEqual([second]);
    });

    it('sorts by total and by date both ways', async () => {
      const ids = async (sort: string) => (await list({ from: '2026-03-01', to: '2026-03-03', sort })).json().orders.map((order: { _id: string }) => order._id);
      expect(await ids('total-desc')).toEqual([second, third, first]);
      expect(await ids('total-asc')).toEqual([first, third, second]);
      expect(await ids('oldest')).toEqual([first, second, third]);
    });

    it('filters by fulfilment status, payment status and "to ship"', async () => {
      const ids = async (query: Record<string, string>) =>
        (await list({ from: '2026-03-01', to: '2026-03-03', ...query })).json().orders.map((order: { _id: string }) => order._id);
      expect((await bulk([first], 'delivered')).statusCode).toBe(200);
      expect((await bulk([second], 'shipped')).statusCode).toBe(200);
      expect(await ids({ status: 'delivered' })).toEqual([first]);
      expect(await ids({ payment: 'paid' })).toEqual([first]);
      expect(await ids({ payment: 'pending' })).toEqual([third, second]);
      // Cash on delivery and not shipped yet: only the third.
      expect(await ids({ toShip: 'true' })).toEqual([third]);
      expect(await ids({ toShip: 'false' })).toEqual([second, first]);
    });

    it('answers 400 naming the field for bad parameters', async () => {
      const bad = async (query: Record<string, string>, field: string) => {
        const res = await list(query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().message).toMatch(new RegExp(`^${field}: `));
      };
      await bad({ status: 'Shipped' }, 'status');
      await bad({ payment: 'free' }, 'payment');
      await bad({ toShip: 'yes' }, 'toShip');
      await bad({ sort: 'price' }, 'sort');
      await bad({ from: '2026-13-01' }, 'from');
      await bad({ from: '2026-03-02', to: '2026-03-01' }, 'to');
      await bad({ after: 'x' }, 'after');
      await bad({ after: '1', before: '2' }, 'before');
      await bad({ customer: '0' }, 'customer');
      await bad({ q: 'a'.repeat(101) }, 'q');
    });
  });

  it('pages by cursor: Next and Previous give the same pages, every order once', async () => {
    const mug = await makeProduct(t.database.db, { categoryId, quantity: 1000 });
    const placed: string[] = [];
    for (let index = 0; index < 45; index++) placed.push(await place(bob, [mug.id]));
    // Equal dates for some: ties are broken by id.
    for (const [index, id] of placed.entries()) await setCreated(id, `2026-05-${String(1 + Math.floor(index / 3)).padStart(2, '0')}T08:00:00Z`);
    const range = { from: '2026-05-01', to: '2026-05-31' };
    const forward: string[][] = [];
    const cursors: (string | null)[] = [];
    let after: string | null = null;
    do {
      const res = await list({ ...range, ...(after ? { after } : {}) });
      const body = res.json();
      expect(body.total).toBe(45);
      forward.push(body.orders.map((order: { _id: string }) => order._id));
      cursors.push(body.prev);
      after = body.next;
    } while (after);
    expect(forward.map((page) => page.length)).toEqual([20, 20, 5]);
    expect(forward.flat()).toEqual([...placed].reverse());
    expect(cursors[0]).toBeNull();
    // Back from the last page: the second, then the first (which has no Previous).
    const back = (await list({ ...range, before: cursors[2] as string })).json();
    expect(back.orders.map((order: { _id: string }) => order._id)).toEqual(forward[1]);
    const front = (await list({ ...range, before: back.prev })).json();
    expect(front.orders.map((order: { _id: string }) => order._id)).toEqual(forward[0]);
    expect(front.prev).toBeNull();
    expect(front.next).toBe(forward[0]?.at(-1));
  });

  it('bulk-ships three orders: three mails in the outbox, one to each buyer, held for the undo window', async () => {
    const kettle = await makeProduct(t.database.db, { categoryId, quantity: 10 });
    const ids = [await place(ada, [kettle.id]), await place(bob, [kettle.id]), await place(ada, [kettle.id])];
    const res = await bulk(ids, 'shipped');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('3 orders marked Shipped');
    expect(body.results.map((result: { _id: string; outcome: string; status: string; message: string }) => [result._id, result.outcome, result.status, result.message])).toEqual(
      ids.map((id) => [id, 'changed', 'Shipped', 'Marked Shipped']),
    );
    for (const result of body.results) expect(Date.parse(result.undoUntil) - Date.now()).toBeGreaterThan(50_000);
    const mails = await statusMails(ids);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ada@analytical.example', 'ada@analytical.example', 'bob@build.example']);
    expect(mails.every((mail) => mail.status === 'pending')).toBe(true);
    // Not sent before the window ends.
    const held = (await t.database.db.execute(
      sql`select count(*)::int as n from mail_outbox where subject in (${sql.join(ids.map((id) => sql`${`Order #${id}: Shipped`}`), sql`, `)}) and next_attempt_at > now() + interval '50 seconds'`,
    )) as unknown as { rows: { n: number }[] };
    expect(held.rows[0]?.n).toBe(3);
    // Shipping them again changes nothing and mails nobody.
    const again = await bulk(ids, 'shipped');
    expect(again.json().message).toBe('0 orders marked Shipped; 3 unchanged');
    expect(await statusMails(ids)).toHaveLength(3);
    // Once the window has passed, each mail goes out once.
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(inArray(mailOutbox.subject, ids.map((id) => `Order #${id}: Shipped`)));
    await waitFor(async () => (await statusMails(ids)).every((mail) => mail.status === 'kept'), { what: 'the three mails kept' });
    expect(await statusMails(ids)).toHaveLength(3);
  });

  it('refuses what the lifecycle refuses, order by order, and changes the others', async () => {
    const chair = await makeProduct(t.database.db, { categoryId, quantity: 10 });
    const ok = await place(bob, [chair.id]);
    const res = await bulk([ok, '987654'], 'processing');
    expect(res.json().results).toEqual([
      expect.objectContaining({ _id: ok, outcome: 'changed', status: 'Processing' }),
      { _id: '987654', outcome: 'refused', status: null, message: 'Order not found', undoUntil: null },
    ]);
    expect(res.json().message).toBe('1 order marked Processing; 1 refused');
  });

  it('undoes a cancel: the status and the stock as before, its mail deleted unsent', async () => {
    const vase = await makeProduct(t.database.db, { categoryId, quantity: 5 });
    const id = await place(ada, [vase.id, vase.id]);
    expect(await stockOf(vase.id)).toBe(3);
    expect((await bulk([id], 'processing')).statusCode).toBe(200);
    const cancelled = await bulk([id], 'cancelled');
    expect(cancelled.json().results[0].outcome).toBe('changed');
    expect(await stockOf(vase.id)).toBe(5);
    const cancelMail = () =>
      t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.subject, `Order #${id}: Cancelled`));
    expect(await cancelMail()).toHaveLength(1);

    const res = await undo([id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '1 order put back',
      results: [{ _id: id, outcome: 'changed', status: 'Processing', message: 'Back to Processing', undoUntil: null }],
    });
    expect(await stockOf(vase.id)).toBe(3);
    expect(await cancelMail()).toHaveLength(0);
    // The Processing mail of the change before still goes: only the undone change's mail is gone.
    expect(await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.subject, `Order #${id}: Processing`))).toHaveLength(1);
    // The order's history tells it.
    const detail = (await call(t.app, 'GET', `/api/v1/auth/order/${id}`, { token: admin.token })).json();
    expect(detail.history.map((entry: { from: string | null; status: string }) => `${entry.from}→${entry.status}`)).toEqual([
      'null→Not Process',
      'Not Process→Processing',
      'Processing→cancel',
      'cancel→Processing',
    ]);
    // The audit log says it was an undo.
    const [entry] = await t.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, Number(id)), eq(auditLog.action, 'order.status')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toEqual({ before: { status: 'cancelled', payment: 'pending' }, after: { status: 'processing', payment: 'pending', undone: true } });
    // Nothing more to undo: the undo is used.
    expect((await undo([id])).json().results[0]).toEqual({
      _id: id,
      outcome: 'refused',
      status: null,
      message: 'This order has no status change to undo',
      undoUntil: null,
    });
  });

  it('undoes a delivery of a cash order: unpaid again', async () => {
    const rug = await makeProduct(t.database.db, { categoryId, quantity: 5 });
    const id = await place(bob, [rug.id]);
    await bulk([id], 'delivered');
    expect((await undo([id])).json().results[0].status).toBe('Not Process');
    const [row] = await t.database.db.select({ payment: orders.paymentStatus, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, Number(id)));
    expect(row).toEqual({ payment: 'pending', paidAt: null });
    // The delivery moved no stock, so its undo moves none.
    expect(await stockOf(rug.id)).toBe(4);
  });

  it('undoes a reopening: the stock it took given back, cancelled again', async () => {
    const jug = await makeProduct(t.database.db, { categoryId, quantity: 5 });
    const id = await place(bob, [jug.id, jug.id]);
    await bulk([id], 'cancelled');
    expect(await stockOf(jug.id)).toBe(5);
    expect((await bulk([id], 'processing')).json().results[0].outcome).toBe('changed');
    expect(await stockOf(jug.id)).toBe(3);
    expect((await undo([id])).json().results[0]).toMatchObject({ outcome: 'changed', status: 'cancel' });
    expect(await stockOf(jug.id)).toBe(5);
  });

  it("undoes a bank transfer order's cancel and its reopening, each with its stock, as a cash order's", async () => {
    const mug = await makeProduct(t.database.db, { categoryId, quantity: 6 });
    const id = await place(ada, [mug.id, mug.id], 'bank_transfer');
    expect(await stockOf(mug.id)).toBe(4);
    const cancelled = (await bulk([id], 'cancelled')).json().results[0];
    expect(cancelled).toMatchObject({ outcome: 'changed', status: 'cancel' });
    expect(Date.parse(cancelled.undoUntil) - Date.now()).toBeGreaterThan(50_000);
    expect(await stockOf(mug.id)).toBe(6);
    expect((await undo([id])).json().results[0]).toMatchObject({ outcome: 'changed', status: 'Not Process' });
    expect(await stockOf(mug.id)).toBe(4);

    await bulk([id], 'cancelled');
    const reopened = (await bulk([id], 'processing')).json().results[0];
    expect(reopened).toMatchObject({ outcome: 'changed', status: 'Processing' });
    expect(reopened.undoUntil).not.toBeNull();
    expect(await stockOf(mug.id)).toBe(4);
    expect((await undo([id])).json().results[0]).toMatchObject({ outcome: 'changed', status: 'cancel' });
    expect(await stockOf(mug.id)).toBe(6);
  });

  it('cancelling a paid transfer order refunds it and is final: no undo', async () => {
    const bowl = await makeProduct(t.database.db, { categoryId, quantity: 5 });
    const id = await place(bob, [bowl.id], 'bank_transfer');
    const paid = await call(t.app, 'PUT', `/api/v1/auth/order-paid/${id}`, { token: admin.token, body: { paid: true } });
    expect(paid.statusCode, paid.body).toBe(200);
    const cancelled = (await bulk([id], 'cancelled')).json().results[0];
    expect(cancelled).toMatchObject({ outcome: 'changed', status: 'cancel', undoUntil: null });
    expect((await undo([id])).json().results[0]).toMatchObject({ outcome: 'refused', message: 'This order has no status change to undo' });
    const [row] = await t.database.db.select({ status: orders.status, payment: orders.paymentStatus }).from(orders).where(eq(orders.id, Number(id)));
    expect(row).toEqual({ status: 'cancelled', payment: 'refunded' });
    expect(await stockOf(bowl.id)).toBe(5);
  });

  it('refuses the undo of an order that does not exist as not found', async () => {
    expect((await undo(['987654'])).json().results).toEqual([{ _id: '987654', outcome: 'refused', status: null, message: 'Order not found', undoUntil: null }]);
  });

  it('refuses an undo once the window has passed, or once the mail is being sent; the change stays', async () => {
    const pot = await makeProduct(t.database.db, { categoryId, quantity: 5 });
    const late = await place(ada, [pot.id]);
    await bulk([late], 'shipped');
    await t.database.db.update(orderStatusUndo).set({ until: new Date(Date.now() - 1000) }).where(eq(orderStatusUndo.orderId, Number(late)));
    expect((await undo([late])).json().results[0].message).toBe('Too late to undo: the change is final and the buyer is being mailed');

    const taken = await place(ada, [pot.id]);
    await bulk([taken], 'shipped');
    await t.database.db.update(mailOutbox).set({ status: 'sending', attempts: 1 }).where(eq(mailOutbox.subject, `Order #${taken}: Shipped`));
    expect((await undo([taken])).json().results[0].message).toBe('Too late to undo: the mail to the buyer is being sent');
    const statuses = await t.database.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, [Number(late), Number(taken)]));
    expect(statuses.map((row) => row.status)).toEqual(['shipped', 'shipped']);
  });

  it('refuses an undo of a cancel whose stock has been sold since (409), changing nothing', async () => {
    const last = await makeProduct(t.database.db, { categoryId, quantity: 1 });
    const id = await place(ada, [last.id]);
    await bulk([id], 'cancelled');
    await place(bob, [last.id]);
    const res = await undo([id]);
    expect(res.json().results[0]).toMatchObject({ outcome: 'refused', message: `Not enough stock to reopen this order: ${last.name}` });
    expect(await stockOf(last.id)).toBe(0);
    expect(await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.subject, `Order #${id}: Cancelled`))).toHaveLength(1);
  });

  it('bad bodies answer 400 naming the field', async () => {
    const bad = async (body: unknown, message: string) => {
      const res = await call(t.app, 'POST', '/api/v1/admin/orders/status', { token: admin.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    };
    await bad({ ids: [], status: 'shipped' }, 'ids: must name at least one order');
    await bad({ ids: ['1', '1'], status: 'shipped' }, 'ids: must not name an order twice');
    await bad({ ids: ['1'], status: 'Shipped' }, 'status: must be one of: not_processed, processing, shipped, delivered, cancelled');
    await bad({ ids: Array.from({ length: 101 }, (_, index) => String(index + 1)), status: 'shipped' }, 'ids: must name at most 100 orders');
  });

  it('exports the selected orders as CSV', async () => {
    const cup = await makeProduct(t.database.db, { categoryId, name: 'Selected Cup', quantity: 10 });
    const one = await place(ada, [cup.id]);
    await place(bob, [cup.id]);
    const res = await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token, query: { ids: one } });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith(`${one},`)).toBe(true);
    const bad = await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token, query: { ids: '1,x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ids: must be up to 100 order ids separated by commas');
  });
});
