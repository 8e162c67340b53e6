import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedTokens, users } from '../../src/server/db/schema.ts';
import { hashSecret } from '../../src/server/lib/secret-hash.ts';
import { systemActor } from '../../src/server/modules/audit/repo.ts';
import { ensureAdmin, setAdministrator } from '../../src/server/modules/auth/bootstrap-admin.ts';
import { ADMIN_RESET_BY_LINK, SESSION_ENDED, WRONG_CURRENT_PASSWORD } from '../../src/server/modules/auth/service.ts';
import { pruneRevokedSessions } from '../../src/server/modules/auth/sessions-repo.ts';
import { serverScript } from '../setup/server-process.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/** The real `npm run admin:promote` on this test's PostgreSQL database (the embedded one is this process's). */
function promoteFromCommandLine(databaseUrl: string, email: string): void {
  const { TEST_DATABASE_URL: _unused, ...env } = process.env;
  const result = spawnSync(process.execPath, [...serverScript('cli/promote-admin'), email], {
    env: { ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain(`${email} is now an administrator.`);
  expect(result.status).toBe(0);
}

describe('no way in through the owner’s account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, token?: string) => call(t.app, 'POST', `/api/v1/auth${url}`, { body, token });
  const put = (url: string, body: unknown, token?: string) => call(t.app, 'PUT', `/api/v1/auth${url}`, { body, token });
  const whoAmI = (token: string) => call(t.app, 'GET', '/api/v1/auth/user-auth', { token });
  const login = async (email: string, password: string) => {
    const res = await post('/login', { email, password });
    expect(res.statusCode, `login of ${email}`).toBe(200);
    return res.json().token as string;
  };

  /** A stranger registers the owner's e-mail first, with an answer of their own, and signs in. */
  async function preRegister(email: string) {
    const res = await post('/register', {
      name: 'Not The Owner',
      email,
      password: 'strangers-password',
      phone: '555-0666',
      address: 'Somewhere else',
      answer: 'Snooker',
    });
    expect(res.statusCode).toBe(201);
    return login(email, 'strangers-password');
  }

  /** After the promotion, the stranger's session and answer are worth nothing; the owner's password works. */
  async function expectTakenBack(email: string, strangerToken: string, ownerPassword: string) {
    const session = await whoAmI(strangerToken);
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual({ success: false, message: SESSION_ENDED });
    expect((await call(t.app, 'GET', '/api/v1/auth/admin-auth', { token: strangerToken })).statusCode).toBe(401);
    const reset = await post('/forgot-password', { email, answer: 'Snooker', newPassword: 'stolen-password' });
    expect(reset.statusCode).toBe(401);
    expect((await post('/login', { email, password: 'stolen-password' })).statusCode).toBe(401);
    const owner = await login(email, ownerPassword);
    expect((await call(t.app, 'GET', '/api/v1/auth/admin-auth', { token: owner })).json()).toEqual({ ok: true });
  }

  it('ADMIN_EMAIL at start takes a pre-registered account back: new answer, every session ended', async () => {
    const stranger = await preRegister('owner-start@example.com');
    await ensureAdmin(t.database.db, { email: 'owner-start@example.com', password: 'owners-own-password', name: 'Owner' });
    await expectTakenBack('owner-start@example.com', stranger, 'owners-own-password');
  });

  it('ADMIN_EMAIL at start whose password the stranger already chose still ends the stranger’s sessions', async () => {
    const stranger = await preRegister('owner-same@example.com');
    await ensureAdmin(t.database.db, { email: 'owner-same@example.com', password: 'strangers-password', name: 'Owner' });
    expect((await whoAmI(stranger)).statusCode).toBe(401);
    expect((await post('/forgot-password', { email: 'owner-same@example.com', answer: 'Snooker', newPassword: 'x-stolen-1' })).statusCode).toBe(401);
  });

  it('a restart with ADMIN_EMAIL keeps the administrator’s sessions', async () => {
    await ensureAdmin(t.database.db, { email: 'steady@example.com', password: 'steady-password', name: 'Owner' });
    const session = await login('steady@example.com', 'steady-password');
    await ensureAdmin(t.database.db, { email: 'steady@example.com', password: 'steady-password', name: 'Owner' });
    expect((await whoAmI(session)).statusCode).toBe(200);
  });

  it('npm run admin:promote takes a pre-registered account back the same way', async () => {
    const stranger = await preRegister('owner-cli@example.com');
    if (t.url) {
      promoteFromCommandLine(t.url, 'owner-cli@example.com');
    } else {
      await setAdministrator(t.database.db, 'owner-cli@example.com', true, systemActor('command line (test)'));
    }
    // The owner, who holds the mailbox, sets the password by the mailed link; here straight in the database.
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashSecret('owners-cli-password') })
      .where(eq(users.email, 'owner-cli@example.com'));
    await expectTakenBack('owner-cli@example.com', stranger, 'owners-cli-password');
  });

  it('an administrator cannot reset the password with a security answer, even the right one', async () => {
    await ensureAdmin(t.database.db, { email: 'answers@example.com', password: 'admin-password-1', name: 'Owner' });
    const token = await login('answers@example.com', 'admin-password-1');
    expect((await put('/security-answer', { answer: 'Curling', currentPassword: 'admin-password-1' }, token)).statusCode).toBe(200);
    const reset = await post('/forgot-password', { email: 'answers@example.com', answer: 'Curling', newPassword: 'taken-over-1' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toEqual({ success: false, message: ADMIN_RESET_BY_LINK });
    expect((await post('/login', { email: 'answers@example.com', password: 'taken-over-1' })).statusCode).toBe(401);
    expect((await whoAmI(token)).statusCode).toBe(200);
  });

  describe('a signed-in user changes the security answer, giving the current password', () => {
    it('with the right password: the new answer resets, the old one no longer does', async () => {
      const token = await preRegister('answer-change@example.com');
      const res = await put('/security-answer', { answer: 'Water Polo', currentPassword: 'strangers-password' }, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Security answer changed' });
      expect((await post('/forgot-password', { email: 'answer-change@example.com', answer: 'Snooker', newPassword: 'nope-nope-1' })).statusCode).toBe(401);
      expect((await post('/forgot-password', { email: 'answer-change@example.com', answer: ' water  polo ', newPassword: 'renewed-pass-1' })).statusCode).toBe(200);
      await login('answer-change@example.com', 'renewed-pass-1');
    });

    it('without it (400), with a wrong one (403) or without a session (401), nothing changes', async () => {
      const token = await preRegister('answer-kept@example.com');
      const [before] = await t.database.db.select({ answerHash: users.answerHash }).from(users).where(eq(users.email, 'answer-kept@example.com'));
      const missing = await put('/security-answer', { answer: 'Judo' }, token);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ success: false, message: 'currentPassword: is required' });
      const wrong = await put('/security-answer', { answer: 'Judo', currentPassword: 'not-my-password' }, token);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ success: false, message: WRONG_CURRENT_PASSWORD });
      expect((await put('/security-answer', { answer: 'Judo', currentPassword: 'strangers-password' })).statusCode).toBe(401);
      const blank = await put('/security-answer', { answer: '  ', currentPassword: 'strangers-password' }, token);
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ success: false, message: 'answer: is required' });
      const [after] = await t.database.db.select({ answerHash: users.answerHash }).from(users).where(eq(users.email, 'answer-kept@example.com'));
      expect(after).toEqual(before);
    });
  });

  describe('a new password needs the current one', () => {
    it('without the current password: 400 naming the field, nothing changes, sessions stay', async () => {
      const token = await preRegister('pw-missing@example.com');
      const other = await login('pw-missing@example.com', 'strangers-password');
      const res = await put('/profile', { name: 'Changed?', password: 'taken-over-pw' }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'currentPassword: is required to set a new password' });
      const empty = await put('/profile', { password: 'taken-over-pw', currentPassword: '' }, token);
      expect(empty.statusCode).toBe(400);
      expect((await post('/login', { email: 'pw-missing@example.com', password: 'taken-over-pw' })).statusCode).toBe(401);
      expect((await whoAmI(other)).statusCode).toBe(200);
      const [row] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.email, 'pw-missing@example.com'));
      expect(row?.name).toBe('Not The Owner');
    });

    it('with a wrong current password: 403, nothing changes', async () => {
      const token = await preRegister('pw-wrong@example.com');
      const res = await put('/profile', { password: 'taken-over-pw', currentPassword: 'a-guess-at-it' }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: WRONG_CURRENT_PASSWORD });
      expect((await whoAmI(token)).statusCode).toBe(200);
      await login('pw-wrong@example.com', 'strangers-password');
    });

    it('with the right one: changed, other sessions end, this one gets a new token; an empty password keeps the old', async () => {
      const token = await preRegister('pw-right@example.com');
      const other = await login('pw-right@example.com', 'strangers-password');
      const keep = await put('/profile', { name: 'Kept Password', password: '' }, token);
      expect(keep.statusCode).toBe(200);
      expect(keep.json().token).toBeUndefined();
      const res = await put('/profile', { password: 'a-new-password', currentPassword: 'strangers-password' }, token);
      expect(res.statusCode).toBe(200);
      expect((await whoAmI(res.json().token)).statusCode).toBe(200);
      expect((await whoAmI(other)).statusCode).toBe(401);
      await login('pw-right@example.com', 'a-new-password');
    });
  });

  describe('logout ends the session on the server', () => {
    it('the token is refused after logout; the account’s other sessions stay', async () => {
      const token = await preRegister('logout@example.com');
      const phone = await login('logout@example.com', 'strangers-password');
      const res = await post('/logout', undefined, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Logout Successfully' });
      for (const url of ['/api/v1/auth/user-auth', '/api/v1/auth/orders']) {
        const refused = await call(t.app, 'GET', url, { token });
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ success: false, message: SESSION_ENDED });
      }
      expect((await put('/profile', { name: 'After Logout' }, `Bearer ${token}`)).statusCode).toBe(401);
      expect((await post('/logout', undefined, token)).statusCode).toBe(401);
      expect((await whoAmI(phone)).statusCode).toBe(200);
      // Signing in again gives a new session.
      expect((await whoAmI(await login('logout@example.com', 'strangers-password'))).statusCode).toBe(200);
    });

    it('a guest or a bad token cannot log out (401)', async () => {
      expect((await post('/logout', undefined)).statusCode).toBe(401);
      expect((await post('/logout', undefined, 'garbage')).statusCode).toBe(401);
    });

    it('revoked tokens are forgotten once they have expired', async () => {
      await t.database.db.insert(revokedTokens).values([
        { jti: 'expired-session', expiresAt: new Date(Date.now() - 60_000) },
        { jti: 'live-session', expiresAt: new Date(Date.now() + 3_600_000) },
      ]);
      expect(await pruneRevokedSessions(t.database.db)).toBeGreaterThanOrEqual(1);
      const left = (await t.database.db.select({ jti: revokedTokens.jti }).from(revokedTokens)).map((row) => row.jti);
      expect(left).toContain('live-session');
      expect(left).not.toContain('expired-session');
    });
  });
});

describe('the session check stays one query per call', () => {
  const queries: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { onQuery: (text) => queries.push(text) });
  });
  afterAll(() => t.close());

  it('GET /user-auth reads the user and whether the session was signed out in one statement', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/register', {
      body: { name: 'Q', email: 'one-query@example.com', password: 'one-query-pw', phone: '1', address: 'A', answer: 'B' },
    });
    expect(res.statusCode).toBe(201);
    const login = await call(t.app, 'POST', '/api/v1/auth/login', { body: { email: 'one-query@example.com', password: 'one-query-pw' } });
    const token = login.json().token as string;
    queries.length = 0;
    expect((await call(t.app, 'GET', '/api/v1/auth/user-auth', { token })).statusCode).toBe(200);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toContain('revoked_tokens');
  });
});
