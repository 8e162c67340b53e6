import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, multipart } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';
import sharp from 'sharp';

/**
 * No log line may carry a password, a hash, a security answer, a token or photo bytes, even when a
 * write fails inside the database and the error is logged. Each write path that touches one of them is
 * made to fail by a trigger that raises an error whose DETAIL repeats the whole row (as PostgreSQL's own
 * "Failing row contains (...)" does), and the captured log is searched for the secrets.
 */
describe('logs never carry secrets', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;
  let categoryId: number;
  let productId: number;
  let lines: string[] = [];

  beforeAll(async () => {
    const logStream = { write: (line: string) => void lines.push(line) };
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream });
    const db = t.database.db;
    admin = await makeAdmin(db, { password: 'admin-Password-77' });
    shopper = await makeUser(db, { password: 'shopper-Password-55', answer: 'Secret Sport Curling' });
    categoryId = (await makeCategory(db)).id;
    productId = (await makeProduct(db, { categoryId })).id;
    await db.execute(sql`
      create function fail_with_row() returns trigger language plpgsql as $$
      begin
        raise exception 'storage failed' using detail = 'Failing row contains ' || NEW::text;
      end;
      $$`);
    await db.execute(sql`create trigger users_fail before insert or update on users for each row execute function fail_with_row()`);
    await db.execute(
      sql`create trigger photos_fail before insert or update on product_photos for each row execute function fail_with_row()`,
    );
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines = [];
  });

  const log = () => lines.join('');

  function expectClean(...secrets: string[]) {
    const text = log();
    // The failure itself is logged (it is a server error), with the SQL but without the values.
    expect(text).toContain('storage failed');
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain('params:');
    expect(text).not.toContain('Failing row contains');
    for (const secret of secrets) expect(text).not.toContain(secret);
  }

  it('register: neither the password, the answer nor their hashes', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/register', {
      body: {
        name: 'Log Person',
        email: 'log-person@example.com',
        password: 'register-Password-11',
        phone: '555-0101',
        address: '1 Log Lane',
        answer: 'Underwater Hockey',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong' });
    expectClean('register-Password-11', 'Underwater Hockey', 'underwater hockey');
  });

  it('profile password change: neither the new password, its hash nor the token', async () => {
    const res = await call(t.app, 'PUT', '/api/v1/auth/profile', {
      token: shopper.token,
      body: { password: 'profile-Password-22', currentPassword: 'shopper-Password-55' },
    });
    expect(res.statusCode).toBe(500);
    expectClean('profile-Password-22', 'shopper-Password-55', shopper.token, shopper.token.split('.')[2] ?? 'no-signature');
  });

  it('security answer change: neither the answer, the password nor the token', async () => {
    const res = await call(t.app, 'PUT', '/api/v1/auth/security-answer', {
      token: shopper.token,
      body: { answer: 'New Sport Korfball', currentPassword: 'shopper-Password-55' },
    });
    expect(res.statusCode).toBe(500);
    expectClean('New Sport Korfball', 'new sport korfball', 'shopper-Password-55', shopper.token);
  });

  it('forgot-password: neither the answer, the new password nor its hash', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/forgot-password', {
      body: { email: shopper.email, answer: 'Secret Sport Curling', newPassword: 'reset-Password-33' },
    });
    expect(res.statusCode).toBe(500);
    expectClean('reset-Password-33', 'Secret Sport Curling', 'secret sport curling');
  });

  it('login: neither the password nor the token', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: shopper.email, password: 'shopper-Password-55' },
    });
    expect(res.statusCode).toBe(200);
    const text = log();
    expect(text).not.toContain('shopper-Password-55');
    expect(text).not.toContain(res.json().token);
    expect(text).not.toContain('scrypt$');
  });

  it('product photo upload (create and update): no photo bytes', async () => {
    // A photo whose bytes carry a recognisable run, in any encoding a log could print them in.
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    for (const [method, url] of [
      ['POST', '/api/v1/product/create-product'],
      ['PUT', `/api/v1/product/update-product/${productId}`],
    ] as const) {
      lines = [];
      const form = await multipart(
        { name: 'Logged Lamp', description: 'Lamp.', price: '5', quantity: '1', category: String(categoryId) },
        { field: 'photo', data: photo, filename: 'lamp.png', type: 'image/png' },
      );
      const res = await call(t.app, method, url, { token: admin.token, headers: form.headers, body: form.payload });
      expect(res.statusCode, url).toBe(500);
      const text = log();
      expect(text).toContain('storage failed');
      expect(text).not.toContain('params:');
      expect(text).not.toContain('\\\\x89504e47'); // PNG signature as bytea hex
      expect(text).not.toMatch(/"type":"Buffer"|\b137,80,78,71\b|iVBORw0KGgo/); // Buffer JSON, byte list, base64
      expect(text).not.toContain(admin.token);
      expect(text.length).toBeLessThan(20_000);
    }
  });
});
