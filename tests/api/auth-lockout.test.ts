import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailures } from '../../src/server/db/schema.ts';
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT } from '../../src/server/modules/auth/service.ts';
import { makeUser } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const INVALID_LOGIN = { success: false, message: 'Invalid email or password' };

/**
 * Lockout must never be a denial of service: a stranger guessing the owner's password locks out their own
 * address, not the owner; guesses spread over many addresses lock the account everywhere but at the
 * addresses it signs in from.
 */
describe('sign-in lockout per account and address, with a slower limit per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (ip: string, email: string, password: string) =>
    call(t.app, 'POST', '/api/v1/auth/login', { headers: from(ip), body: { email, password } });

  it(`${ADDRESS_FAILURE_LIMIT} wrong passwords lock the guessing address only: the owner signs in from theirs`, async () => {
    const owner = await makeUser(t.database.db, { password: 'the-real-password' });
    const bystander = await makeUser(t.database.db, { password: 'bystander-password' });
    for (let i = 1; i <= ADDRESS_FAILURE_LIMIT; i++) {
      const res = await login('198.51.100.7', owner.email, `wrong-guess-${i}`);
      expect(res.statusCode, `attempt ${i}`).toBe(401);
      expect(res.json()).toEqual(INVALID_LOGIN);
    }
    // The guesser is locked out, even with the right password and another spelling of the e-mail.
    for (const email of [owner.email, owner.email.toUpperCase()]) {
      const locked = await login('198.51.100.7', email, 'the-real-password');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        success: false,
        message: 'Too many failed attempts for this account from your address. Try again in 15 minute(s).',
      });
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // The owner, from their own address, signs in while the guesser is locked; so does another account
    // from the guesser's address.
    const signedIn = await login('203.0.113.20', owner.email, 'the-real-password');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user._id).toBe(String(owner.id));
    expect((await login('198.51.100.7', bystander.email, 'bystander-password')).statusCode).toBe(200);
    // Renewing the lock from the guessing address changes nothing for the owner.
    expect((await login('198.51.100.7', owner.email, 'another-guess')).statusCode).toBe(429);
    expect((await login('203.0.113.20', owner.email, 'the-real-password')).statusCode).toBe(200);
  });

  it(`guesses from many addresses (over ${ACCOUNT_FAILURE_LIMIT} an hour) lock new addresses, never the owner's own`, async () => {
    const owner = await makeUser(t.database.db, { password: 'owners-password' });
    // The owner signed in from home before the attack.
    expect((await login('192.0.2.10', owner.email, 'owners-password')).statusCode).toBe(200);
    // A botnet: each address stays under its own limit. (The first guesses of the hour are written
    // straight into the account's window, as a hundred scrypt checks would; the last ones are real.)
    await t.database.db
      .insert(authFailures)
      .values({ key: `login:${owner.email}`, failures: ACCOUNT_FAILURE_LIMIT - 3, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({ target: authFailures.key, set: { failures: ACCOUNT_FAILURE_LIMIT - 3 } });
    for (let a = 0; a < 3; a++) {
      const res = await login(`10.77.${a}.1`, owner.email, `botnet-guess-${a}`);
      expect(res.statusCode).toBe(401);
    }
    // The account is locked for addresses it never signed in from, even with the right password…
    const stranger = await login('10.88.0.1', owner.email, 'owners-password');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Too many failed attempts for this account\. Try again in \d+ minute\(s\)\.$/);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // …but the owner, at home, still signs in.
    const home = await login('192.0.2.10', owner.email, 'owners-password');
    expect(home.statusCode).toBe(200);
    expect(home.json().user._id).toBe(String(owner.id));
  });

  it('a wrong current password (a stolen token changing the password) counts as a failed sign-in from its address', async () => {
    const owner = await makeUser(t.database.db, { password: 'keep-me-safe' });
    const thief = (currentPassword: string) =>
      call(t.app, 'PUT', '/api/v1/auth/profile', {
        token: owner.token,
        headers: from('198.51.100.99'),
        body: { password: 'taken-over-now', currentPassword },
      });
    for (let i = 1; i <= ADDRESS_FAILURE_LIMIT; i++) expect((await thief(`guess-${i}`)).statusCode).toBe(403);
    expect((await thief('keep-me-safe')).statusCode).toBe(429);
    // The owner is not locked out, and the password never changed.
    expect((await login('203.0.113.55', owner.email, 'keep-me-safe')).statusCode).toBe(200);
  });
});
