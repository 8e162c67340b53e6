import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { mailOutbox } from '../../src/server/db/schema.ts';
import { RESET_LINK_SENT } from '../../src/server/modules/auth/service.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { outboxSettled, snapshotDatabase } from '../setup/db-snapshot.ts';
import { startSmtpServer } from '../setup/smtp.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const PUBLIC_URL = 'https://shop.example';

describe('mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      SHOP_NAME: 'Corner Shop',
      OWNER_EMAIL: 'owner@shop.example',
      MAIL_RETRY_SECONDS: '0.05',
      MAIL_ATTEMPTS: '3',
    });
    admin = await makeAdmin(t.database.db, { name: 'Olive Owner' });
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The outbox row of the mail to `address` once it is sent, kept or failed (retries included). */
  async function finalState(address: string) {
    const started = Date.now();
    for (;;) {
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
      if (row && ['sent', 'kept', 'failed'].includes(row.status)) return row;
      if (Date.now() - started > 10_000) throw new Error(`the mail to ${address} is still ${row?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
  const arrived = (address: string, subject: RegExp, timeoutMs?: number) => smtp.arrived(address, subject, { ...(timeoutMs ? { timeoutMs } : {}) });

  it('welcomes a new account', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/register', {
      body: { name: 'Wendy Welcome', email: 'wendy@example.com', password: 'wendy-pass', phone: '1', address: 'Here', answer: 'Golf' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await arrived('wendy@example.com', /^Welcome to Corner Shop$/);
    expect(mail.text).toContain('Hello Wendy Welcome');
    expect(mail.text).toContain(PUBLIC_URL);
  });

  it('confirms an order to the shopper (products, quantities, prices, total, pay on delivery, address) and tells the owner', async () => {
    const buyer = await makeUser(t.database.db, { name: 'Bea Buyer', email: 'bea@example.com' });
    const kettle = await makeProduct(t.database.db, { categoryId, name: 'Copper Kettle', price: 39.5, quantity: 5 });
    const mug = await makeProduct(t.database.db, { categoryId, name: 'Stone Mug', price: 8.25, quantity: 9 });
    const res = await call(t.app, 'POST', '/api/v1/auth/orders', {
      token: buyer.token,
      body: { cart: [{ _id: String(kettle.id) }, { _id: String(mug.id) }, { _id: String(mug.id) }] },
    });
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order._id;
    const confirmation = await arrived('bea@example.com', new RegExp(`^Your order #${orderId} at Corner Shop$`));
    for (const part of ['1 × Copper Kettle — $39.50', '2 × Stone Mug — $16.50', 'Total: $56.00', 'pay on delivery', '1 Market Street', '555-0100']) {
      expect(confirmation.text).toContain(part);
    }
    expect(confirmation.html).toContain('Copper Kettle');
    expect(confirmation.html).toContain('$56.00');
    expect(confirmation.text).toContain(`${PUBLIC_URL}/dashboard/user/orders`);
    const notice = await arrived('owner@shop.example', new RegExp(`^New order #${orderId}: \\$56\\.00 from Bea Buyer$`));
    expect(notice.text).toContain(`${PUBLIC_URL}/dashboard/admin/orders/${orderId}`);
  });

  it('tells the shopper of each status change it should know of', async () => {
    const buyer = await makeUser(t.database.db, { name: 'Sam Status', email: 'sam@example.com' });
    const lamp = await makeProduct(t.database.db, { categoryId, name: 'Desk Lamp', quantity: 3 });
    const order = (await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart: [{ _id: String(lamp.id) }] } })).json().order;
    for (const [wire, label] of [['Processing', 'Processing'], ['Shipped', 'Shipped'], ['deliverd', 'Delivered'], ['cancel', 'Cancelled']] as const) {
      const res = await call(t.app, 'PUT', `/api/v1/auth/order-status/${order._id}`, { token: admin.token, body: { status: wire } });
      expect(res.statusCode).toBe(200);
      const mail = await arrived('sam@example.com', new RegExp(`^Order #${order._id}: ${label}$`));
      expect(mail.text).toContain(`Status: ${label}`);
    }
    // Back to Not Processed (reopened): no mail; the same status again: nothing at all.
    await call(t.app, 'PUT', `/api/v1/auth/order-status/${order._id}`, { token: admin.token, body: { status: 'Not Process' } });
    await call(t.app, 'PUT', `/api/v1/auth/order-status/${order._id}`, { token: admin.token, body: { status: 'Not Process' } });
    await outboxSettled(t.database.db);
    expect(mailsTo('sam@example.com').filter((mail) => mail.subject.startsWith(`Order #${order._id}`))).toHaveLength(4);
  });

  it('mails a reset link that works once, within 30 minutes, and ends earlier sessions', async () => {
    const user = await makeUser(t.database.db, { name: 'Rita Reset', email: 'rita@example.com', password: 'old-password' });
    const ask = await call(t.app, 'POST', '/api/v1/auth/reset-link', { body: { email: 'RITA@example.com' } });
    expect(ask.statusCode).toBe(200);
    expect(ask.json()).toEqual({ success: true, message: RESET_LINK_SENT });
    const mail = await arrived('rita@example.com', /^Reset your Corner Shop password$/);
    const link = /https:\/\/shop\.example\/reset-password#token=([\w%-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    expect(mail.html).toContain(`${PUBLIC_URL}/reset-password#token=`);

    const used = await call(t.app, 'POST', '/api/v1/auth/reset-password', { body: { token, newPassword: 'new-password' } });
    expect(used.statusCode).toBe(200);
    const again = await call(t.app, 'POST', '/api/v1/auth/reset-password', { body: { token, newPassword: 'third-password' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/not valid any more/);
    expect((await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: user.token })).statusCode).toBe(401);
    const login = await call(t.app, 'POST', '/api/v1/auth/login', { body: { email: 'rita@example.com', password: 'new-password' } });
    expect(login.statusCode).toBe(200);
  });

  it('answers an unknown address the same way and mails nothing; limits links per account', async () => {
    const unknown = await call(t.app, 'POST', '/api/v1/auth/reset-link', { body: { email: 'nobody-here@example.com' } });
    expect(unknown.json()).toEqual({ success: true, message: RESET_LINK_SENT });
    await makeUser(t.database.db, { email: 'many@example.com' });
    for (let n = 0; n < 5; n++) {
      const res = await call(t.app, 'POST', '/api/v1/auth/reset-link', { body: { email: 'many@example.com' } });
      expect(res.json()).toEqual({ success: true, message: RESET_LINK_SENT });
    }
    await outboxSettled(t.database.db);
    // Only this test's addresses count (a late mail of an earlier test may arrive meanwhile).
    expect(mailsTo('many@example.com').map((mail) => mail.subject)).toEqual(Array(3).fill(expect.stringMatching(/^Reset your/)));
    expect(mailsTo('nobody-here@example.com')).toHaveLength(0);
    const outbox = await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, ['many@example.com', 'nobody-here@example.com']));
    expect(outbox.map((row) => row.toAddress)).toEqual(Array(3).fill('many@example.com'));
  });

  it('refuses a token that is made up, too old, or not a token (400), and changes nothing', async () => {
    const unchanged = await snapshotDatabase(t.database.db);
    for (const token of ['made-up-token', 'x'.repeat(200)]) {
      const res = await call(t.app, 'POST', '/api/v1/auth/reset-password', { body: { token, newPassword: 'whatever-pass' } });
      expect(res.statusCode).toBe(400);
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(unchanged);
    const user = await makeUser(t.database.db, { email: 'late@example.com' });
    await call(t.app, 'POST', '/api/v1/auth/reset-link', { body: { email: 'late@example.com' } });
    const mail = await arrived('late@example.com', /^Reset your/);
    const token = decodeURIComponent(/#token=([\w%-]+)/.exec(mail.text)?.[1] ?? '');
    // 31 minutes later: the link has expired.
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = ${user.id}`,
    );
    const expired = await snapshotDatabase(t.database.db);
    const late = await call(t.app, 'POST', '/api/v1/auth/reset-password', { body: { token, newPassword: 'too-late-pass' } });
    expect(late.statusCode).toBe(400);
    expect(await snapshotDatabase(t.database.db)).toEqual(expired);
    // The old password still signs in; the one sent with the expired token does not.
    const signIn = (password: string) => call(t.app, 'POST', '/api/v1/auth/login', { body: { email: 'late@example.com', password } });
    expect((await signIn('too-late-pass')).statusCode).toBe(401);
    expect((await signIn(user.password)).statusCode).toBe(200);
  });

  it('retries while the SMTP server refuses, then marks the mail failed; the owner sees it and sends it again', async () => {
    smtp.refuse.on = true;
    try {
      await makeUser(t.database.db); // (the factory writes no mail)
      const res = await call(t.app, 'POST', '/api/v1/auth/register', {
        body: { name: 'Fay Failing', email: 'fay@example.com', password: 'fay-password', phone: '1', address: 'Here', answer: 'Chess' },
      });
      expect(res.statusCode).toBe(201);
      const row = await finalState('fay@example.com');
      expect(row?.status).toBe('failed');
      expect(row?.attempts).toBe(3);
      expect(row?.lastError).toMatch(/550/);
      const list = await call(t.app, 'GET', '/api/v1/auth/mails', { token: admin.token, query: { status: 'failed' } });
      expect(list.json().failed).toBeGreaterThanOrEqual(1);
      const failed = list.json().mails.find((mail: { to: string }) => mail.to === 'fay@example.com');
      expect(failed.status).toBe('failed');
      expect((await call(t.app, 'GET', '/api/v1/auth/dashboard', { token: admin.token })).json().failedMails).toBeGreaterThanOrEqual(1);

      smtp.refuse.on = false;
      const resend = await call(t.app, 'POST', `/api/v1/auth/mails/${failed._id}/resend`, { token: admin.token });
      expect(resend.statusCode).toBe(200);
      expect((await arrived('fay@example.com', /^Welcome to Corner Shop$/)).text).toContain('Fay Failing');
      expect((await finalState('fay@example.com'))?.status).toBe('sent');
    } finally {
      smtp.refuse.on = false;
    }
  });

  it('a start on the embedded database sends at once a mail a stopped process left sending; on PostgreSQL it waits for the lease', async () => {
    const { db } = t.database;
    const [inserted] = await db
      .insert(mailOutbox)
      .values({ kind: 'test', toAddress: 'left@example.com', subject: 'Left behind', text: 'Left', html: '<p>Left</p>', status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 hour'` })
      .returning({ id: mailOutbox.id });
    const left = inserted?.id ?? 0;
    // A second start on the same database (as after a crash: the embedded engine has one process at a time).
    const restarted = await buildApp({ env: t.env, database: t.database });
    try {
      await restarted.ready();
      if (t.database.engine === 'pglite') {
        expect((await arrived('left@example.com', /^Left behind$/)).text).toContain('Left');
        const row = await finalState('left@example.com');
        expect([row?.status, row?.attempts]).toEqual(['sent', 2]);
      } else {
        // Another server may be sending it right now: it is left to its lease.
        const [row] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, left));
        expect(row?.status).toBe('sending');
        expect(mailsTo('left@example.com')).toHaveLength(0);
      }
    } finally {
      await restarted.close();
      await db.delete(mailOutbox).where(eq(mailOutbox.id, left));
    }
  });

  it('lists the outbox to administrators only, newest first, with a mail\'s text', async () => {
    const shopper = await makeUser(t.database.db);
    expect((await call(t.app, 'GET', '/api/v1/auth/mails', { token: shopper.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/auth/mails')).statusCode).toBe(401);
    // Three sent mails written in another order than their ids (as an import or a restore may leave them).
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    const written = await t.database.db
      .insert(mailOutbox)
      .values([3, 1, 2].map((n) => ({ kind: 'test', toAddress: `order-${n}@example.com`, subject: `Written ${n}`, text: 'Written to test the order of the list.', html: '<p>Written.</p>', status: 'sent', createdAt: minutesAgo(60 + n) })))
      .returning({ id: mailOutbox.id });
    const list = await call(t.app, 'GET', '/api/v1/auth/mails', { token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().delivery).toBe('smtp');
    const mails = list.json().mails as { _id: string; createdAt: string }[];
    expect(mails.length).toBeGreaterThanOrEqual(3);
    // Newest first: by the time written (ties by id, as the outbox's index orders them).
    const times = mails.map((mail) => Date.parse(mail.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(times).size).toBeGreaterThan(1);
    const ours = mails.filter((mail) => written.some((row) => String(row.id) === mail._id)).map((mail) => Number(mail._id));
    expect(ours).toEqual([written[1]?.id, written[2]?.id, written[0]?.id]);
    const rows = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(mails.length);
    expect(mails.map((mail) => Number(mail._id))).toEqual(rows.map((row) => row.id));
    const newest = mails[0] as { _id: string };
    const one = await call(t.app, 'GET', `/api/v1/auth/mails/${newest._id}`, { token: admin.token });
    expect(one.json().mail.text.length).toBeGreaterThan(10);
    expect((await call(t.app, 'GET', '/api/v1/auth/mails/999999', { token: admin.token })).statusCode).toBe(404);
  });

  it('searches the outbox by recipient or subject in any case, and sorts it oldest first', async () => {
    // Written long ago, so they are the outbox's oldest; ids in another order than their times.
    const yearsAgo = (n: number) => new Date(Date.UTC(2001, 0, 1) - n * 86_400_000);
    const sample = [
      { toAddress: 'Quill.Reader@Example.com', subject: 'Your order', age: 2 },
      { toAddress: 'someone@example.com', subject: 'The QUILL pens are back', age: 3 },
      { toAddress: 'other@example.com', subject: 'Nothing of note', age: 1 },
      { toAddress: 'percent@example.com', subject: '100% off quills', age: 4 },
    ];
    const rows = await t.database.db
      .insert(mailOutbox)
      .values(sample.map(({ age, ...mail }) => ({ kind: 'test', ...mail, text: 'Written to test the search.', html: '<p>Written.</p>', status: 'sent', createdAt: yearsAgo(age) })))
      .returning({ id: mailOutbox.id });
    const ids = (mails: { _id: string }[]) => mails.map((mail) => Number(mail._id));
    const [reader, pens, other, percent] = rows.map((row) => row.id);
    const list = async (query: string) => {
      const res = await call(t.app, 'GET', `/api/v1/auth/mails?${query}`, { token: admin.token });
      expect(res.statusCode).toBe(200);
      return res.json() as { mails: { _id: string }[]; total: number };
    };

    const found = await list('q=quIll');
    expect(ids(found.mails)).toEqual([reader, pens, percent]);
    expect(found.total).toBe(3);
    expect(ids((await list('q=quill&sort=oldest')).mails)).toEqual([percent, pens, reader]);
    // `%` and `_` are letters to look for, not patterns.
    expect(ids((await list(`q=${encodeURIComponent('100%')}`)).mails)).toEqual([percent]);
    expect((await list('q=quill&status=failed')).total).toBe(0);
    expect(ids((await list('sort=oldest')).mails).slice(0, 4)).toEqual([percent, pens, reader, other]);
    // Newest first stays the default.
    expect(ids((await list('q=quill&sort=newest')).mails)).toEqual([reader, pens, percent]);
    expect((await list('sort=newest')).mails).toEqual((await list('')).mails);

    const unchanged = await snapshotDatabase(t.database.db);
    for (const [query, field] of [['sort=biggest', 'sort'], [`q=${'x'.repeat(101)}`, 'q'], ['q=%20%20', 'q']] as const) {
      const res = await call(t.app, 'GET', `/api/v1/auth/mails?${query}`, { token: admin.token });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(unchanged);
  });
});

describe('mail without an SMTP server: kept as .eml files and listed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterAll(() => t.close());

  it('writes each mail as an .eml file in DATA_DIR/mail and marks it kept', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/register', {
      body: { name: 'Kim Kept', email: 'kim@example.com', password: 'kim-password', phone: '1', address: 'Here', answer: 'Polo' },
    });
    expect(res.statusCode).toBe(201);
    await outboxSettled(t.database.db);
    const dir = join(t.env.DATA_DIR, 'mail');
    const files = readdirSync(dir).filter((name) => name.endsWith('-welcome.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: kim@example.com');
    expect(eml).toContain('Subject: Welcome to Emporium');
    const admin = await makeAdmin(t.database.db);
    const list = (await call(t.app, 'GET', '/api/v1/auth/mails', { token: admin.token })).json();
    expect(list.delivery).toBe('file');
    expect(list.mails[0]).toMatchObject({ to: 'kim@example.com', status: 'kept', kind: 'welcome' });
    // The folder is there for the next mail; removed meanwhile, it is made again.
    const register = async (name: string, email: string) => {
      const made = await call(t.app, 'POST', '/api/v1/auth/register', { body: { name, email, password: 'kept-password', phone: '1', address: 'Here', answer: 'Polo' } });
      expect(made.statusCode).toBe(201);
      await outboxSettled(t.database.db);
    };
    await register('Lou Kept', 'lou@example.com');
    rmSync(dir, { recursive: true });
    await register('Max Kept', 'max@example.com');
    const kept = readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8').match(/^To: (.*)$/m)?.[1]);
    expect(kept).toEqual(['max@example.com']);
    expect((await call(t.app, 'GET', '/api/v1/auth/mails', { token: admin.token })).json().mails.slice(0, 3).map((mail: { to: string; status: string }) => [mail.to, mail.status])).toEqual([
      ['max@example.com', 'kept'],
      ['lou@example.com', 'kept'],
      ['kim@example.com', 'kept'],
    ]);
  });
});
