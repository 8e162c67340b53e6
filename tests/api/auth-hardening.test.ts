import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailures } from '../../src/server/db/schema.ts';
import { ADDRESS_FAILURE_LIMIT, RESET_FAILURE_LIMIT, SESSION_ENDED } from '../../src/server/modules/auth/service.ts';
import { pruneFailures } from '../../src/server/modules/auth/failures-repo.ts';
import { makeUser } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const PASSWORD_CHANGED = { success: false, message: SESSION_ENDED };

describe('sessions end when the password changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const whoAmI = (token: string) => call(t.app, 'GET', '/api/v1/auth/user-auth', { token });
  const login = async (email: string, password: string) => {
    const res = await call(t.app, 'POST', '/api/v1/auth/login', { body: { email, password } });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };

  it('a password changed in the profile revokes every earlier token; the caller gets a new one', async () => {
    const user = await makeUser(t.database.db, { password: 'first-password' });
    const phone = await login(user.email, 'first-password');
    const laptop = await login(user.email, 'first-password');
    expect((await whoAmI(phone)).statusCode).toBe(200);

    const res = await call(t.app, 'PUT', '/api/v1/auth/profile', { token: laptop, body: { password: 'second-password', currentPassword: 'first-password' } });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect(typeof fresh).toBe('string');
    expect(fresh).not.toBe(laptop);

    for (const old of [phone, laptop, user.token]) {
      const refused = await whoAmI(old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(PASSWORD_CHANGED);
    }
    expect((await whoAmI(fresh)).statusCode).toBe(200);
    expect(await login(user.email, 'second-password')).toBeTruthy();
  });

  it('a profile change without a password keeps every session and sends no token', async () => {
    const user = await makeUser(t.database.db);
    const res = await call(t.app, 'PUT', '/api/v1/auth/profile', { token: user.token, body: { name: 'Renamed', password: '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    expect((await whoAmI(user.token)).statusCode).toBe(200);
  });

  it('a password reset with the security answer revokes every earlier token', async () => {
    const user = await makeUser(t.database.db, { password: 'before-reset', answer: 'Rowing' });
    const session = await login(user.email, 'before-reset');
    const res = await call(t.app, 'POST', '/api/v1/auth/forgot-password', {
      body: { email: user.email, answer: 'rowing', newPassword: 'after-reset' },
    });
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(session)).json()).toEqual(PASSWORD_CHANGED);
    expect((await whoAmI(user.token)).statusCode).toBe(401);
    expect((await whoAmI(await login(user.email, 'after-reset'))).statusCode).toBe(200);
  });
});

describe('failed sign-ins are counted atomically', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  it(`lets exactly ${ADDRESS_FAILURE_LIMIT} of 30 simultaneous wrong guesses from one address be checked; the rest are refused (429)`, async () => {
    const user = await makeUser(t.database.db, { password: 'the-right-one' });
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        call(t.app, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: `wrong-guess-${n}` } }),
      ),
    );
    const statuses = guesses.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(ADDRESS_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - ADDRESS_FAILURE_LIMIT);
    // Locked from this address: even the right password is refused for the rest of the window.
    const right = await call(t.app, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: 'the-right-one' } });
    expect(right.statusCode).toBe(429);
  });

  it('the same holds for wrong security answers', async () => {
    const user = await makeUser(t.database.db, { answer: 'Fencing' });
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        call(t.app, 'POST', '/api/v1/auth/forgot-password', {
          body: { email: user.email, answer: `guess ${n}`, newPassword: 'whatever-new' },
        }),
      ),
    );
    expect(guesses.filter((res) => res.statusCode === 401)).toHaveLength(RESET_FAILURE_LIMIT);
    expect(guesses.filter((res) => res.statusCode === 429)).toHaveLength(25 - RESET_FAILURE_LIMIT);
  });

  it('forgets windows that are over and keeps the current ones', async () => {
    const db = t.database.db;
    await db.insert(authFailures).values([
      { key: 'login:old@example.com', failures: 4, windowStartedAt: sql`now() - interval '1 hour'` },
      { key: 'login:current@example.com', failures: 2, windowStartedAt: sql`now() - interval '1 minute'` },
    ]);
    const pruned = await pruneFailures(db, 15 * 60);
    expect(pruned).toBeGreaterThanOrEqual(1);
    const keys = (await db.select({ key: authFailures.key }).from(authFailures)).map((row) => row.key);
    expect(keys).not.toContain('login:old@example.com');
    expect(keys).toContain('login:current@example.com');
  });
});
