import type { ForgotPasswordBody, LoginBody, ProfileBody, RegisterBody } from '../../../contract/auth.ts';
import { ADMIN_ROLE, USER_ROLE } from '../../../contract/user.ts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { decoyHash, hashSecret, normalizeAnswer, verifySecret } from '../../lib/secret-hash.ts';
import type { UserRow } from '../user/repo.ts';
import * as userRepo from '../user/repo.ts';
import * as failures from './failures-repo.ts';
import type { Tokens } from './tokens.ts';

/** Failed attempts allowed per account in one window (decisions: 10 per 15 minutes). */
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ACCOUNT_FAILURE_WINDOW_SECONDS = 15 * 60;

export const INVALID_LOGIN = 'Invalid email or password';
export const WRONG_ANSWER = 'Wrong email or answer';

export function createAuthService(db: Db, tokens: Tokens) {
  async function assertNotLocked(key: string): Promise<void> {
    const window = await failures.readFailures(db, key);
    if (!window || window.failures < ACCOUNT_FAILURE_LIMIT) return;
    const endsAt = window.windowStartedAt.getTime() + ACCOUNT_FAILURE_WINDOW_SECONDS * 1000;
    const seconds = Math.ceil((endsAt - Date.now()) / 1000);
    if (seconds > 0) {
      throw tooManyRequests(
        `Too many failed attempts for this account. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
        seconds,
      );
    }
  }

  /** Check a secret against an account, counting failures per account (and per purpose). */
  async function checkSecret(
    purpose: 'login' | 'reset',
    email: string,
    secret: string,
    hashOf: (user: UserRow) => string,
  ): Promise<UserRow | null> {
    const key = `${purpose}:${email}`;
    await assertNotLocked(key);
    const user = await userRepo.findUserByEmail(db, email);
    const ok = await verifySecret(secret, user ? hashOf(user) : await decoyHash());
    if (!user || !ok) {
      await failures.recordFailure(db, key, ACCOUNT_FAILURE_WINDOW_SECONDS);
      return null;
    }
    await failures.clearFailures(db, key);
    return user;
  }

  return {
    async register(input: RegisterBody): Promise<UserRow> {
      if (await userRepo.findUserByEmail(db, input.email)) throw conflict('Already registered, please login');
      const [passwordHash, answerHash] = await Promise.all([
        hashSecret(input.password),
        hashSecret(normalizeAnswer(input.answer)),
      ]);
      try {
        return await userRepo.insertUser(db, {
          name: input.name,
          email: input.email,
          passwordHash,
          answerHash,
          phone: input.phone,
          address: input.address,
          role: USER_ROLE,
        });
      } catch (error) {
        // Two registrations racing for one e-mail: the unique index decides.
        if (isUniqueViolation(error)) {
          throw conflict('Already registered, please login');
        }
        throw error;
      }
    },

    async login(input: LoginBody): Promise<{ user: UserRow; token: string }> {
      const user = await checkSecret('login', input.email, input.password, (u) => u.passwordHash);
      if (!user) throw unauthorized(INVALID_LOGIN);
      return { user, token: await tokens.sign(user.id) };
    },

    async resetPassword(input: ForgotPasswordBody): Promise<void> {
      const user = await checkSecret('reset', input.email, normalizeAnswer(input.answer), (u) => u.answerHash);
      if (!user) throw unauthorized(WRONG_ANSWER);
      await userRepo.updateUser(db, user.id, { passwordHash: await hashSecret(input.newPassword) });
      await failures.clearFailures(db, `login:${input.email}`);
    },

    async updateProfile(userId: number, input: ProfileBody): Promise<UserRow> {
      const changes: Partial<userRepo.NewUser> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.phone !== undefined) changes.phone = input.phone;
      if (input.address !== undefined) changes.address = input.address;
      if (input.password) changes.passwordHash = await hashSecret(input.password);
      const user = await userRepo.updateUser(db, userId, changes);
      if (!user) throw unauthorized('Your account no longer exists');
      return user;
    },

    /** The signed-in user behind a token, read from the database on every call (a demotion counts at once). */
    async authenticate(token: string | null): Promise<UserRow> {
      if (!token) throw unauthorized('Please sign in');
      const userId = await tokens.verify(token);
      if (userId === null) throw unauthorized('Your session is invalid or has expired, please sign in again');
      const user = await userRepo.findUserById(db, userId);
      if (!user) throw unauthorized('Your account no longer exists');
      return user;
    },

    assertAdmin(user: UserRow): void {
      if (user.role !== ADMIN_ROLE) throw forbidden('Administrators only');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
