import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE, USER_ROLE } from '../../src/contract/user.ts';
import { users } from '../../src/server/db/schema.ts';
import { resolveJwtSecret } from '../../src/server/modules/auth/tokens.ts';
import { type MadeUser, makeAdmin, makeUser } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const PUBLIC_USER_KEYS = ['_id', 'address', 'createdAt', 'email', 'name', 'phone', 'role'];
const INVALID_LOGIN = { success: false, message: 'Invalid email or password' };
const WRONG_ANSWER = { success: false, message: 'Wrong email or answer' };
const PLEASE_SIGN_IN = { success: false, message: 'Please sign in' };
const BAD_SESSION = { success: false, message: 'Your session is invalid or has expired, please sign in again' };
const ADMINS_ONLY = { success: false, message: 'Administrators only' };

let counter = 0;
const uniqueEmail = (prefix = 'shopper') => `${prefix}-${Date.now()}-${++counter}@example.com`;

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: uniqueEmail(),
  password: 'secret-pass',
  phone: '555-0199',
  address: '12 Analytical Row',
  answer: 'Football',
  ...overrides,
});

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Every key of a JSON value, at any depth (to prove no secret field leaks). */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
  }
  return [];
}

function expectNoSecrets(body: unknown, ...plainSecrets: string[]) {
  const keys = allKeys(body).map((key) => key.toLowerCase());
  for (const forbidden of [
    'password',
    'passwordhash',
    'password_hash',
    'answer',
    'answerhash',
    'answer_hash',
    'hash',
  ]) {
    expect(keys).not.toContain(forbidden);
  }
  const text = JSON.stringify(body);
  expect(text).not.toContain('scrypt$');
  for (const secret of plainSecrets) expect(text).not.toContain(secret);
}

describe('auth API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) =>
    call(t.app, 'POST', '/api/v1/auth/login', { body: { email, password } });
  const userRow = async (id: number) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error(`no user ${id}`);
    return row;
  };

  describe('POST /register', () => {
    it('creates a user (201) and answers with the public user only', async () => {
      const body = registration({ email: 'New.Shopper@Example.COM' });
      const res = await call(t.app, 'POST', '/api/v1/auth/register', { body });
      expect(res.statusCode).toBe(201);
      const json = res.json();
      expect(Object.keys(json).sort()).toEqual(['message', 'success', 'user']);
      expect(json.success).toBe(true);
      expect(json.message).toBe('User Registered Successfully');
      expect(Object.keys(json.user).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(json.user).toEqual({
        _id: expect.stringMatching(/^\d+$/),
        name: 'Ada Lovelace',
        email: 'new.shopper@example.com',
        phone: '555-0199',
        address: '12 Analytical Row',
        role: USER_ROLE,
        createdAt: expect.any(String),
      });
      expect(Number.isNaN(Date.parse(json.user.createdAt))).toBe(false);
      expectNoSecrets(json, body.password);

      const row = await userRow(Number(json.user._id));
      expect(row.email).toBe('new.shopper@example.com');
      expect(row.role).toBe(USER_ROLE);
    });

    it('stores the password and the security answer as scrypt hashes, never in plain', async () => {
      const body = registration({ password: 'plain-password-1', answer: 'Cricket' });
      const res = await call(t.app, 'POST', '/api/v1/auth/register', { body });
      expect(res.statusCode).toBe(201);
      const row = await userRow(Number(res.json().user._id));
      expect(row.passwordHash.startsWith('scrypt$')).toBe(true);
      expect(row.answerHash.startsWith('scrypt$')).toBe(true);
      expect(row.passwordHash).not.toContain('plain-password-1');
      expect(row.answerHash.toLowerCase()).not.toContain('cricket');
      expect(row.passwordHash).not.toBe(row.answerHash);
      // The hashed password is the one that logs in.
      expect((await login(body.email, 'plain-password-1')).statusCode).toBe(200);
    });

    it('refuses an e-mail that is already registered, whatever its case (409)', async () => {
      const email = uniqueEmail('dup');
      expect((await call(t.app, 'POST', '/api/v1/auth/register', { body: registration({ email }) })).statusCode).toBe(
        201,
      );
      for (const again of [email, email.toUpperCase(), `  ${email.replace('dup', 'DuP')}  `]) {
        const res = await call(t.app, 'POST', '/api/v1/auth/register', { body: registration({ email: again }) });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ success: false, message: 'Already registered, please login' });
      }
      const rows = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
      // Two registrations at once (both past the first check): the unique index decides, with the same answer.
      const racing = registration({ email: uniqueEmail('race') });
      const both = await Promise.all([0, 1].map(() => call(t.app, 'POST', '/api/v1/auth/register', { body: racing })));
      expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      expect(both.find((res) => res.statusCode === 409)?.json()).toEqual({ success: false, message: 'Already registered, please login' });
    });

    it.each(['name', 'email', 'password', 'phone', 'address', 'answer'])(
      'names the missing field %s (400)',
      async (field) => {
        const body: Record<string, unknown> = registration();
        delete body[field];
        const res = await call(t.app, 'POST', '/api/v1/auth/register', { body });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: `${field}: is required` });
        const rows = await t.database.db
          .select()
          .from(users)
          .where(eq(users.email, String(body.email)));
        expect(rows).toHaveLength(0);
      },
    );

    it.each(['name', 'phone', 'address', 'answer'])('refuses a blank %s (400)', async (field) => {
      const res = await call(t.app, 'POST', '/api/v1/auth/register', { body: registration({ [field]: '   ' }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: `${field}: is required` });
    });

    it('refuses a malformed e-mail (400)', async () => {
      for (const email of ['not-an-email', 'a@', '@example.com', 'two@@example.com']) {
        const res = await call(t.app, 'POST', '/api/v1/auth/register', { body: registration({ email }) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: 'email: must be a valid e-mail address' });
      }
    });

    it('refuses a password shorter than 6 characters (400) and accepts exactly 6', async () => {
      const short = await call(t.app, 'POST', '/api/v1/auth/register', { body: registration({ password: '12345' }) });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ success: false, message: 'password: must be at least 6 characters' });
      const six = await call(t.app, 'POST', '/api/v1/auth/register', { body: registration({ password: '123456' }) });
      expect(six.statusCode).toBe(201);
    });

    it('refuses a body that is not an object or not JSON (400)', async () => {
      const none = await call(t.app, 'POST', '/api/v1/auth/register', { body: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().success).toBe(false);
      const broken = await call(t.app, 'POST', '/api/v1/auth/register', {
        headers: { 'content-type': 'application/json' },
        body: '{"name":',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ success: false, message: 'body: is not valid JSON' });
    });
  });

  describe('POST /login and the token', () => {
    let shopper: MadeUser;
    let token: string;
    beforeAll(async () => {
      shopper = await makeUser(t.database.db, { password: 'right-password' });
      const res = await login(shopper.email, 'right-password');
      expect(res.statusCode).toBe(200);
      token = res.json().token;
    });

    it('answers with the user and a token (and no secrets)', async () => {
      const res = await login(shopper.email, 'right-password');
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(Object.keys(json).sort()).toEqual(['message', 'success', 'token', 'user']);
      expect(json.success).toBe(true);
      expect(json.message).toBe('Logged in successfully');
      expect(json.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(Object.keys(json.user).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(json.user).toMatchObject({
        _id: String(shopper.id),
        name: shopper.name,
        email: shopper.email,
        phone: '555-0100',
        address: '1 Market Street',
        role: USER_ROLE,
      });
      expectNoSecrets(json, 'right-password');
    });

    it('accepts the e-mail in any case and with surrounding spaces', async () => {
      const res = await login(`  ${shopper.email.toUpperCase()} `, 'right-password');
      expect(res.statusCode).toBe(200);
      expect(res.json().user._id).toBe(String(shopper.id));
    });

    it('answers 401 with the same message for a wrong password and for an unknown e-mail', async () => {
      const wrong = await login(shopper.email, 'wrong-password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(INVALID_LOGIN);
      const unknown = await login(uniqueEmail('nobody'), 'right-password');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(INVALID_LOGIN);
      // The password is case-sensitive.
      const upper = await login(shopper.email, 'RIGHT-PASSWORD');
      expect(upper.statusCode).toBe(401);
      expect(upper.json()).toEqual(INVALID_LOGIN);
    });

    it('validates the login body (400)', async () => {
      const noEmail = await call(t.app, 'POST', '/api/v1/auth/login', { body: { password: 'x' } });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json()).toEqual({ success: false, message: 'email: is required' });
      const noPassword = await call(t.app, 'POST', '/api/v1/auth/login', { body: { email: shopper.email } });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json()).toEqual({ success: false, message: 'password: is required' });
      const emptyPassword = await login(shopper.email, '');
      expect(emptyPassword.statusCode).toBe(400);
      expect(emptyPassword.json()).toEqual({ success: false, message: 'password: is required' });
    });

    it('the token opens GET /user-auth, sent raw and as Bearer', async () => {
      const raw = await call(t.app, 'GET', '/api/v1/auth/user-auth', { token });
      expect(raw.statusCode).toBe(200);
      expect(raw.json()).toEqual({ ok: true });
      const bearer = await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: `Bearer ${token}` });
      expect(bearer.statusCode).toBe(200);
      expect(bearer.json()).toEqual({ ok: true });
    });

    it('GET /user-auth without a token answers 401', async () => {
      const res = await call(t.app, 'GET', '/api/v1/auth/user-auth');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(PLEASE_SIGN_IN);
      const emptyBearer = await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: 'Bearer ' });
      expect(emptyBearer.statusCode).toBe(401);
      expect(emptyBearer.json()).toEqual(PLEASE_SIGN_IN);
    });

    it('GET /user-auth refuses garbage and tampered tokens (401)', async () => {
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const otherPayload = base64url({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '999999' });
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const bad of [
        'garbage',
        'Bearer garbage',
        'a.b.c',
        `${header}.${otherPayload}.${signature}`,
        `${header}.${payload}.${flipped}`,
        `${header}.${payload}`,
      ]) {
        const res = await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: bad });
        expect(res.statusCode, bad).toBe(401);
        expect(res.json()).toEqual(BAD_SESSION);
      }
    });

    it('GET /user-auth refuses a token signed with another secret (401)', async () => {
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(shopper.id))
        .setIssuer('emporium')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('a-completely-different-secret-of-48-characters!!'));
      const res = await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: forged });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(BAD_SESSION);
    });

    it('GET /user-auth refuses an expired token signed with the right secret (401)', async () => {
      const secret = await resolveJwtSecret(t.database.db, undefined);
      const now = Math.floor(Date.now() / 1000);
      const sign = (exp: number) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(shopper.id))
          .setIssuer('emporium')
          .setIssuedAt(now - 7200)
          .setExpirationTime(exp)
          .sign(new TextEncoder().encode(secret));
      // Control: the same recipe with a future expiry is accepted, so the 401 below is about expiry.
      const fresh = await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: await sign(now + 3600) });
      expect(fresh.statusCode).toBe(200);
      const expired = await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: await sign(now - 60) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(BAD_SESSION);
    });

    it("GET /user-auth refuses an 'alg: none' token (401)", async () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: String(shopper.id), iss: 'emporium', iat: now, exp: now + 3600 };
      for (const alg of ['none', 'None', 'NONE']) {
        const unsigned = `${base64url({ alg, typ: 'JWT' })}.${base64url(claims)}.`;
        const res = await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: unsigned });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(BAD_SESSION);
      }
    });

    it('GET /user-auth refuses a token of the right secret but a wrong issuer or a bad subject (401)', async () => {
      const key = new TextEncoder().encode(await resolveJwtSecret(t.database.db, undefined));
      const wrongIssuer = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(shopper.id))
        .setIssuer('someone-else')
        .setExpirationTime('1h')
        .sign(key);
      const badSubject = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('admin')
        .setIssuer('emporium')
        .setExpirationTime('1h')
        .sign(key);
      for (const bad of [wrongIssuer, badSubject]) {
        const res = await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: bad });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(BAD_SESSION);
      }
    });

    it('a valid token of a deleted account answers 401', async () => {
      const gone = await makeUser(t.database.db);
      expect((await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: gone.token })).statusCode).toBe(200);
      await t.database.db.delete(users).where(eq(users.id, gone.id));
      const res = await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: gone.token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Your account no longer exists' });
    });
  });

  describe('GET /admin-auth', () => {
    it('answers 401 for a guest and for a bad token', async () => {
      const guest = await call(t.app, 'GET', '/api/v1/auth/admin-auth');
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual(PLEASE_SIGN_IN);
      const bad = await call(t.app, 'GET', '/api/v1/auth/admin-auth', { token: 'Bearer not-a-token' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual(BAD_SESSION);
    });

    it('answers 403 for a signed-in user who is not an administrator', async () => {
      const shopper = await makeUser(t.database.db);
      const res = await call(t.app, 'GET', '/api/v1/auth/admin-auth', { token: shopper.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(ADMINS_ONLY);
    });

    it('answers {ok: true} for an administrator, raw and as Bearer', async () => {
      const admin = await makeAdmin(t.database.db);
      for (const token of [admin.token, `Bearer ${admin.token}`]) {
        const res = await call(t.app, 'GET', '/api/v1/auth/admin-auth', { token });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ok: true });
      }
    });

    it('a demoted administrator loses access at once with the same token, and a promoted user gains it', async () => {
      const admin = await makeAdmin(t.database.db);
      expect((await call(t.app, 'GET', '/api/v1/auth/admin-auth', { token: admin.token })).statusCode).toBe(200);
      await t.database.db.update(users).set({ role: USER_ROLE }).where(eq(users.id, admin.id));
      const demoted = await call(t.app, 'GET', '/api/v1/auth/admin-auth', { token: admin.token });
      expect(demoted.statusCode).toBe(403);
      expect(demoted.json()).toEqual(ADMINS_ONLY);
      // Still a valid user.
      expect((await call(t.app, 'GET', '/api/v1/auth/user-auth', { token: admin.token })).json()).toEqual({ ok: true });
      await t.database.db.update(users).set({ role: ADMIN_ROLE }).where(eq(users.id, admin.id));
      expect((await call(t.app, 'GET', '/api/v1/auth/admin-auth', { token: admin.token })).statusCode).toBe(200);
    });

    it('only role 1 is an administrator', async () => {
      const odd = await makeUser(t.database.db, { role: 2 });
      const res = await call(t.app, 'GET', '/api/v1/auth/admin-auth', { token: odd.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(ADMINS_ONLY);
    });
  });

  describe('POST /forgot-password', () => {
    const forgot = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/auth/forgot-password', { body });

    it('resets the password with the right answer (case- and space-insensitive)', async () => {
      const shopper = await makeUser(t.database.db, { password: 'old-password', answer: 'Football' });
      const res = await forgot({ email: shopper.email, answer: ' FOOTBALL ', newPassword: 'brand-new-password' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Password Reset Successfully' });

      const old = await login(shopper.email, 'old-password');
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual(INVALID_LOGIN);
      const fresh = await login(shopper.email, 'brand-new-password');
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().user._id).toBe(String(shopper.id));
      const row = await userRow(shopper.id);
      expect(row.passwordHash.startsWith('scrypt$')).toBe(true);
      expect(row.passwordHash).not.toContain('brand-new-password');
    });

    it('accepts inner spaces collapsed and the e-mail in another case', async () => {
      const shopper = await makeUser(t.database.db, { password: 'old-password', answer: 'Table Tennis' });
      const res = await forgot({
        email: shopper.email.toUpperCase(),
        answer: '  table    TENNIS ',
        newPassword: 'another-password',
      });
      expect(res.statusCode).toBe(200);
      expect((await login(shopper.email, 'another-password')).statusCode).toBe(200);
    });

    it('answers 401 with the same message for a wrong answer and for an unknown e-mail, and changes nothing', async () => {
      const shopper = await makeUser(t.database.db, { password: 'keep-this-one', answer: 'Football' });
      const before = (await userRow(shopper.id)).passwordHash;
      const wrong = await forgot({ email: shopper.email, answer: 'Tennis', newPassword: 'stolen-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(WRONG_ANSWER);
      const unknown = await forgot({ email: uniqueEmail('ghost'), answer: 'Football', newPassword: 'stolen-password' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(WRONG_ANSWER);

      expect((await userRow(shopper.id)).passwordHash).toBe(before);
      expect((await login(shopper.email, 'stolen-password')).statusCode).toBe(401);
      expect((await login(shopper.email, 'keep-this-one')).statusCode).toBe(200);
    });

    it('validates the body (400) and names the field', async () => {
      const valid = { email: 'someone@example.com', answer: 'Football', newPassword: 'long-enough' };
      for (const field of ['email', 'answer', 'newPassword'] as const) {
        const { [field]: _dropped, ...rest } = valid;
        const res = await forgot(rest);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: `${field}: is required` });
      }
      const short = await forgot({ ...valid, newPassword: '12345' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ success: false, message: 'newPassword: must be at least 6 characters' });
      const badEmail = await forgot({ ...valid, email: 'nope' });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json()).toEqual({ success: false, message: 'email: must be a valid e-mail address' });
      const blankAnswer = await forgot({ ...valid, answer: '   ' });
      expect(blankAnswer.statusCode).toBe(400);
      expect(blankAnswer.json()).toEqual({ success: false, message: 'answer: is required' });
    });
  });

  describe('PUT /profile', () => {
    const profile = (token: string | undefined, body: Record<string, unknown>) =>
      call(t.app, 'PUT', '/api/v1/auth/profile', { token, body });

    it('updates name, phone and address and answers with updatedUser', async () => {
      const shopper = await makeUser(t.database.db);
      const res = await profile(shopper.token, { name: 'Grace Hopper', phone: '555-0222', address: '9 Compiler Way' });
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(Object.keys(json).sort()).toEqual(['message', 'success', 'updatedUser']);
      expect(json.success).toBe(true);
      expect(json.message).toBe('Profile Updated Successfully');
      expect(Object.keys(json.updatedUser).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(json.updatedUser).toMatchObject({
        _id: String(shopper.id),
        name: 'Grace Hopper',
        email: shopper.email,
        phone: '555-0222',
        address: '9 Compiler Way',
        role: USER_ROLE,
      });
      expectNoSecrets(json);
      const row = await userRow(shopper.id);
      expect([row.name, row.phone, row.address]).toEqual(['Grace Hopper', '555-0222', '9 Compiler Way']);
    });

    it('changes only the fields sent', async () => {
      const shopper = await makeUser(t.database.db, { name: 'Only Name' });
      const res = await profile(shopper.token, { address: '2 New Road' });
      expect(res.statusCode).toBe(200);
      expect(res.json().updatedUser).toMatchObject({ name: 'Only Name', phone: '555-0100', address: '2 New Road' });
    });

    it('ignores an e-mail sent in the body: the e-mail cannot be changed', async () => {
      const shopper = await makeUser(t.database.db);
      const other = uniqueEmail('changed');
      const res = await profile(shopper.token, { name: 'Same Person', email: other });
      expect(res.statusCode).toBe(200);
      expect(res.json().updatedUser.email).toBe(shopper.email);
      expect(res.json().updatedUser.name).toBe('Same Person');
      expect((await userRow(shopper.id)).email).toBe(shopper.email);
      const rows = await t.database.db.select().from(users).where(eq(users.email, other));
      expect(rows).toHaveLength(0);
    });

    it('keeps the old password when the password is empty, and sets a new one of 6 or more characters', async () => {
      const shopper = await makeUser(t.database.db, { password: 'first-password' });
      const hashBefore = (await userRow(shopper.id)).passwordHash;
      const keep = await profile(shopper.token, { name: 'Keeps Password', password: '' });
      expect(keep.statusCode).toBe(200);
      expect((await userRow(shopper.id)).passwordHash).toBe(hashBefore);
      expect((await login(shopper.email, 'first-password')).statusCode).toBe(200);

      const change = await profile(shopper.token, { password: 'second-password', currentPassword: 'first-password' });
      expect(change.statusCode).toBe(200);
      expectNoSecrets(change.json(), 'second-password');
      const row = await userRow(shopper.id);
      expect(row.passwordHash.startsWith('scrypt$')).toBe(true);
      expect(row.passwordHash).not.toBe(hashBefore);
      expect((await login(shopper.email, 'first-password')).json()).toEqual(INVALID_LOGIN);
      expect((await login(shopper.email, 'second-password')).statusCode).toBe(200);
    });

    it('refuses a password shorter than 6 characters (400) and keeps the old one', async () => {
      const shopper = await makeUser(t.database.db, { password: 'stays-the-same' });
      const res = await profile(shopper.token, { name: 'Should Not Change', password: '12345', currentPassword: 'stays-the-same' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'password: must be at least 6 characters' });
      expect((await userRow(shopper.id)).name).toBe(shopper.name);
      expect((await login(shopper.email, 'stays-the-same')).statusCode).toBe(200);
    });

    it('refuses a blank name, phone or address (400)', async () => {
      const shopper = await makeUser(t.database.db);
      for (const field of ['name', 'phone', 'address']) {
        const res = await profile(shopper.token, { [field]: '  ' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: `${field}: is required` });
      }
      expect((await userRow(shopper.id)).name).toBe(shopper.name);
    });

    it('answers 401 for a guest and for a bad token', async () => {
      const guest = await profile(undefined, { name: 'Nobody' });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual(PLEASE_SIGN_IN);
      const bad = await profile('garbage', { name: 'Nobody' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual(BAD_SESSION);
    });
  });
});

describe('auth rate limits behind a trusted proxy (3 per minute)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (ip: string, email: string, password: string) =>
    call(t.app, 'POST', '/api/v1/auth/login', { headers: from(ip), body: { email, password } });
  const register = (ip: string) =>
    call(t.app, 'POST', '/api/v1/auth/register', { headers: from(ip), body: registration() });
  const forgot = (ip: string) =>
    call(t.app, 'POST', '/api/v1/auth/forgot-password', {
      headers: from(ip),
      body: { email: uniqueEmail('ghost'), answer: 'Football', newPassword: 'new-password' },
    });

  function expectAddressLimited(res: Awaited<ReturnType<typeof call>>) {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many attempts from your address\. Try again in \d+ seconds\.$/),
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.json().message).toBe(`Too many attempts from your address. Try again in ${retryAfter} seconds.`);
  }

  it('the 4th login from one address answers 429 with retry-after', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await login('10.0.1.1', uniqueEmail('ghost'), 'whatever');
      expect(res.statusCode).toBe(401);
    }
    expectAddressLimited(await login('10.0.1.1', uniqueEmail('ghost'), 'whatever'));
  });

  it('the 4th registration from one address answers 429 and creates nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await register('10.0.2.1')).statusCode).toBe(201);
    const body = registration();
    const fourth = await call(t.app, 'POST', '/api/v1/auth/register', { headers: from('10.0.2.1'), body });
    expectAddressLimited(fourth);
    const rows = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(0);
  });

  it('the 4th forgot-password call from one address answers 429', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot('10.0.3.1')).statusCode).toBe(401);
    expectAddressLimited(await forgot('10.0.3.1'));
  });

  it('login, register and forgot-password share one budget per address', async () => {
    expect((await login('10.0.4.1', uniqueEmail('ghost'), 'whatever')).statusCode).toBe(401);
    expect((await register('10.0.4.1')).statusCode).toBe(201);
    expect((await forgot('10.0.4.1')).statusCode).toBe(401);
    expectAddressLimited(await login('10.0.4.1', uniqueEmail('ghost'), 'whatever'));
    expectAddressLimited(await register('10.0.4.1'));
    expectAddressLimited(await forgot('10.0.4.1'));
  });

  it('other addresses (X-Forwarded-For) keep their own budget', async () => {
    const shopper = await makeUser(t.database.db, { password: 'right-password' });
    for (let i = 0; i < 3; i++) await login('10.0.5.1', shopper.email, 'right-password');
    expectAddressLimited(await login('10.0.5.1', shopper.email, 'right-password'));
    const other = await login('10.0.5.2', shopper.email, 'right-password');
    expect(other.statusCode).toBe(200);
    expect(other.json().user._id).toBe(String(shopper.id));
    // The client is the left-most address of the chain the proxy forwards.
    const chained = await login('10.0.5.3, 10.0.5.1', shopper.email, 'right-password');
    expect(chained.statusCode).toBe(200);
  });

  it('does not limit the token checks', async () => {
    const shopper = await makeUser(t.database.db);
    for (let i = 0; i < 6; i++) {
      const res = await call(t.app, 'GET', '/api/v1/auth/user-auth', {
        token: shopper.token,
        headers: from('10.0.6.1'),
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('a successful login clears the failures of the account', async () => {
    const shopper = await makeUser(t.database.db, { password: 'the-real-password' });
    for (let i = 1; i <= 9; i++) {
      expect((await login(`10.2.0.${i}`, shopper.email, 'wrong')).statusCode).toBe(401);
    }
    expect((await login('10.2.0.10', shopper.email, 'the-real-password')).statusCode).toBe(200);
    for (let i = 11; i <= 19; i++) {
      expect((await login(`10.2.0.${i}`, shopper.email, 'wrong')).statusCode).toBe(401);
    }
    expect((await login('10.2.0.20', shopper.email, 'the-real-password')).statusCode).toBe(200);
  });

  it('locks password resets of an account after 10 wrong answers', async () => {
    const target = await makeUser(t.database.db, { password: 'unchanged-password', answer: 'Football' });
    const reset = (ip: string, answer: string) =>
      call(t.app, 'POST', '/api/v1/auth/forgot-password', {
        headers: from(ip),
        body: { email: target.email, answer, newPassword: 'taken-over' },
      });
    for (let i = 1; i <= 10; i++) {
      const res = await reset(`10.3.0.${i}`, `guess ${i}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(WRONG_ANSWER);
    }
    const locked = await reset('10.3.0.11', 'Football');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed attempts for this account. Try again in 15 minute(s).');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The reset was refused: the old password still works.
    expect((await login('10.3.0.12', target.email, 'taken-over')).statusCode).toBe(401);
    expect((await login('10.3.0.13', target.email, 'unchanged-password')).statusCode).toBe(200);
  });
});

describe('auth rate limits without a trusted proxy (3 per minute)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For, so a spoofed address does not escape the limit', async () => {
    const attempt = (ip: string) =>
      call(t.app, 'POST', '/api/v1/auth/login', {
        headers: { 'x-forwarded-for': ip },
        body: { email: uniqueEmail('ghost'), password: 'whatever' },
      });
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect((await attempt(ip)).statusCode).toBe(401);
    }
    const fourth = await attempt('203.0.113.4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/^Too many attempts from your address\. Try again in \d+ seconds\.$/);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const noHeader = await call(t.app, 'POST', '/api/v1/auth/register', { body: registration() });
    expect(noHeader.statusCode).toBe(429);
  });
});
