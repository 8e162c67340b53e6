/**
 * The shop's own words in its mails (issue 20): the contact details the owner writes in the admin (Shop
 * pages) are in the shopper's mails, replies go to the contact e-mail, and nothing stands in for details not
 * written. A guest's mails link to their order's signed page, an account's to its orders (issue 19). Through
 * a real SMTP server, on both engines.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { startSmtpServer, type ReceivedMail } from '../setup/smtp.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';

const PUBLIC_URL = 'https://shop.example';
const DETAILS = { email: 'help@corner.example', phone: '+44 20 7946 0958', address: '1 High Street\nLondon' };
const GUEST_DELIVERY = { name: 'Gwen Guest', phone: '555-0199', country: 'GB', city: 'Portsmouth', lines: '4 Harbour Road' };
const BANK = { BANK_ACCOUNT_NAME: 'Corner Shop Ltd', BANK_IBAN: 'GB33BUKB20201555555555', BANK_BIC: 'BUKBGB22' };

describe("the shop's contact details and the buyer's own link in its mails", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      ...NO_ORDER_LIMITS,
      ...BANK,
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      SHOP_NAME: 'Corner Shop',
      OWNER_EMAIL: 'owner@shop.example',
      MAIL_RETRY_SECONDS: '0.05',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // The buyer's status mail waits out the undo window: long enough to change the details meanwhile.
      ORDER_UNDO_SECONDS: '2',
    });
    admin = await makeAdmin(t.database.db, { name: 'Olive Owner' });
    categoryId = (await makeCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const arrived = (address: string, subject: RegExp) => smtp.arrived(address, subject);
  const writeDetails = async (body: Record<string, string>) => {
    const res = await call(t.app, 'PUT', '/api/v1/shop/details', { token: admin.token, body });
    expect(res.statusCode, res.body).toBe(200);
  };
  const product = () => makeProduct(t.database.db, { categoryId, price: 20, quantity: 50 });
  async function accountOrder(buyer: MadeUser, body: Record<string, unknown> = {}) {
    const res = await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart: [{ _id: String((await product()).id) }], ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order._id as string;
  }
  async function guestOrder(email: string, body: Record<string, unknown> = {}) {
    const res = await call(t.app, 'POST', '/api/v1/auth/guest-orders', {
      body: { cart: [{ _id: String((await product()).id) }], email, delivery: GUEST_DELIVERY, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().order._id as string, token: res.json().token as string };
  }
  const setStatus = async (orderId: string, status: string) => {
    const res = await call(t.app, 'PUT', `/api/v1/auth/order-status/${orderId}`, { token: admin.token, body: { status } });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The plain text's end: what follows the last blank line (the signature). */
  const signature = (mail: ReceivedMail) => mail.text.trimEnd().split('\n\n').at(-1);

  it('shows no contact details and sets no reply-to while the owner has written none (no placeholder)', async () => {
    const buyer = await makeUser(t.database.db, { name: 'Nora None', email: 'nora@example.com' });
    const orderId = await accountOrder(buyer);
    const mail = await arrived('nora@example.com', new RegExp(`^Your order #${orderId} at Corner Shop$`));
    expect(mail.replyTo).toBe('');
    expect(signature(mail)).toBe('Corner Shop');
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/emporium\.example|555-0100 ?\(|010-0199|1-800|toll-free|mailto:|tel:/i);
    }
  });

  it("puts the owner's e-mail, phone and address in the shopper's mails, and replies go to that e-mail", async () => {
    await writeDetails(DETAILS);
    const buyer = await makeUser(t.database.db, { name: 'Cora Contact', email: 'cora@example.com' });
    const orderId = await accountOrder(buyer);
    const confirmation = await arrived('cora@example.com', new RegExp(`^Your order #${orderId} at Corner Shop$`));
    expect(confirmation.replyTo).toBe(DETAILS.email);
    expect(signature(confirmation)).toBe('Corner Shop\nE-mail: help@corner.example\nPhone: +44 20 7946 0958\nAddress: 1 High Street, London');
    expect(confirmation.html).toContain('<a href="mailto:help@corner.example"');
    expect(confirmation.html).toContain('<a href="tel:+442079460958"');
    expect(confirmation.html).toContain('Address: 1 High Street, London');

    await setStatus(orderId, 'Shipped');
    const shipped = await arrived('cora@example.com', new RegExp(`^Order #${orderId}: Shipped$`));
    expect(shipped.replyTo).toBe(DETAILS.email);
    expect(signature(shipped)).toContain('E-mail: help@corner.example');
    // The owner's own notice is the shop's: no reply-to the shop itself.
    const notice = await arrived('owner@shop.example', new RegExp(`^New order #${orderId}:`));
    expect(notice.replyTo).toBe('');

    // Only what is written: the phone taken away, the mail leaves it out (no placeholder in its place).
    await writeDetails({ phone: '' });
    const later = await accountOrder(buyer);
    const partial = await arrived('cora@example.com', new RegExp(`^Your order #${later} at Corner Shop$`));
    expect(signature(partial)).toBe('Corner Shop\nE-mail: help@corner.example\nAddress: 1 High Street, London');
    expect(partial.html).not.toContain('tel:');
    await writeDetails({ phone: DETAILS.phone });
  });

  it('takes the details once, as the mail is written: a change before it is sent changes neither its text nor its reply-to', async () => {
    const buyer = await makeUser(t.database.db, { name: 'Tess Timing', email: 'tess@example.com' });
    const orderId = await accountOrder(buyer);
    await arrived('tess@example.com', new RegExp(`^Your order #${orderId} at`));
    // The status mail is held for the undo window (2 s); the owner changes the details meanwhile.
    await setStatus(orderId, 'Processing');
    await writeDetails({ email: 'orders@corner.example' });
    const mail = await arrived('tess@example.com', new RegExp(`^Order #${orderId}: Processing$`));
    expect(mail.replyTo).toBe(DETAILS.email);
    expect(signature(mail)).toContain(`E-mail: ${DETAILS.email}`);
    // The next mail has the new address, in its text and as its reply-to.
    await setStatus(orderId, 'Shipped');
    const next = await arrived('tess@example.com', new RegExp(`^Order #${orderId}: Shipped$`));
    expect(next.replyTo).toBe('orders@corner.example');
    expect(signature(next)).toContain('E-mail: orders@corner.example');
    await writeDetails({ email: DETAILS.email });
  });

  it('keeps the details in memory: a change made outside this process is in the first mail written after its notice', async () => {
    const buyer = await makeUser(t.database.db, { name: 'Oona Outside', email: 'oona@example.com' });
    // A mail written now keeps the details as they are.
    await arrived('oona@example.com', new RegExp(`^Your order #${await accountOrder(buyer)} at`));
    await t.database.db.execute(sql`update shop_details set email = 'desk@corner.example' where id = 1`);
    await t.noticesSettled();
    const orderId = await accountOrder(buyer);
    const mail = await arrived('oona@example.com', new RegExp(`^Your order #${orderId} at`));
    expect(mail.replyTo).toBe('desk@corner.example');
    expect(signature(mail)).toContain('E-mail: desk@corner.example');
    await writeDetails({ email: DETAILS.email });
  });

  it("links a guest's status and payment mails to the order's signed page, and an account's to its orders", async () => {
    const guest = await guestOrder('gwen@example.com', { paymentMethod: 'bank_transfer' });
    const page = `${PUBLIC_URL}/order/${guest.id}#t=${guest.token}`;
    const confirmation = await arrived('gwen@example.com', new RegExp(`^Your order #${guest.id} at`));
    expect(confirmation.text).toContain(`Follow your order: ${page}`);
    const bank = await arrived('gwen@example.com', new RegExp(`^Order #${guest.id}: how to pay by bank transfer$`));
    expect(bank.text).toContain(`Your order: ${page}`);
    expect(bank.html).toContain(`href="${page}"`);
    expect(bank.text).not.toContain('/dashboard/user/orders');

    const cash = await guestOrder('gwen@example.com');
    await setStatus(cash.id, 'Shipped');
    const shipped = await arrived('gwen@example.com', new RegExp(`^Order #${cash.id}: Shipped$`));
    expect(shipped.text).toContain(`Your order: ${PUBLIC_URL}/order/${cash.id}#t=${cash.token}`);
    expect(shipped.html).toContain(`href="${PUBLIC_URL}/order/${cash.id}#t=${cash.token}"`);
    expect(shipped.text + shipped.html).not.toContain('/dashboard/user/orders');
    // The link opens the order (the token the page sends is the one in the mail).
    const opened = await call(t.app, 'POST', `/api/v1/auth/guest-orders/${cash.id}`, { body: { token: cash.token } });
    expect(opened.statusCode, opened.body).toBe(200);

    const member = await makeUser(t.database.db, { name: 'Mia Member', email: 'mia@example.com' });
    const own = await accountOrder(member, { paymentMethod: 'bank_transfer' });
    const ownBank = await arrived('mia@example.com', new RegExp(`^Order #${own}: how to pay by bank transfer$`));
    expect(ownBank.text).toContain(`Your orders: ${PUBLIC_URL}/dashboard/user/orders`);
    await setStatus(own, 'cancel');
    const cancelled = await arrived('mia@example.com', new RegExp(`^Order #${own}: Cancelled$`));
    expect(cancelled.text).toContain(`Your orders: ${PUBLIC_URL}/dashboard/user/orders`);
    expect(cancelled.text).not.toContain('/order/');
  });
});

describe("the shop's contact details kept by the process that changes them", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // No catalogue notice reaches this app: what it keeps is fresh only by its own drop at its own change.
    t = await createTestApp({ ...NO_ORDER_LIMITS, SMTP_URL: smtp.url, SHOP_NAME: 'Held Shop', MAIL_RETRY_SECONDS: '0.05' }, { notices: { held: true } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("writes the owner's change in the next mail at once, without waiting for the database's notice", async () => {
    const admin = await makeAdmin(t.database.db, { name: 'Hal Held' });
    const buyer = await makeUser(t.database.db, { name: 'Hana Held', email: 'hana@example.com' });
    const product = await makeProduct(t.database.db, { categoryId: (await makeCategory(t.database.db)).id, price: 10, quantity: 5 });
    const order = async () => {
      const res = await call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart: [{ _id: String(product.id) }] } });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().order._id as string;
      return smtp.arrived('hana@example.com', new RegExp(`^Your order #${id} at`));
    };
    expect((await order()).replyTo).toBe('');
    const res = await call(t.app, 'PUT', '/api/v1/shop/details', { token: admin.token, body: { email: 'held@corner.example' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await order()).replyTo).toBe('held@corner.example');
  });
});
