import { createHash, randomBytes } from 'node:crypto';
import {
  type ForgotPasswordBody,
  type LoginBody,
  type ProfileBody,
  type RegisterBody,
  RESET_LINK_VALID_MINUTES,
  type ResetLinkBody,
  type ResetPasswordBody,
} from '../../../contract/auth.ts';
import { ADMIN_ROLE, USER_ROLE } from '../../../contract/user.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { decoyHash, hashSecret, normalizeAnswer, verifySecret } from '../../lib/secret-hash.ts';
import * as accounts from '../user/service.ts';
import type { UserRow } from '../user/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import * as failures from './failures-repo.ts';
import * as resetTokens from './reset-tokens-repo.ts';
import type { Tokens } from './tokens.ts';

/** Failed attempts allowed per account in one window (decisions: 10 per 15 minutes). */
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ACCOUNT_FAILURE_WINDOW_SECONDS = 15 * 60;

export const INVALID_LOGIN = 'Invalid email or password';
export const WRONG_ANSWER = 'Wrong email or answer';

/** At most this many reset links are mailed to one account per hour (the same answer is given anyway). */
export const RESET_LINKS_PER_HOUR = 3;
export const RESET_LINK_SENT =
  'If an account has this e-mail address, a link to reset its password is on its way. It works once, for 30 minutes.';
export const RESET_LINK_INVALID = 'This reset link is not valid any more: ask for a new one';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createAuthService(db: Db, tokens: Tokens, mailer: Mailer) {
  /**
   * Check a secret against an account, counting attempts per account (and per purpose). The attempt is
   * counted before the secret is checked, in one statement, so concurrent guesses cannot pass the limit;
   * a right secret clears the count, a wrong one leaves it counted.
   */
  async function checkSecret(
    purpose: 'login' | 'reset',
    email: string,
    secret: string,
    hashOf: (user: UserRow) => string,
  ): Promise<UserRow | null> {
    const key = `${purpose}:${email}`;
    const window = await failures.countAttempt(db, key, ACCOUNT_FAILURE_WINDOW_SECONDS);
    if (window.attempts > ACCOUNT_FAILURE_LIMIT) {
      const endsAt = window.windowStartedAt.getTime() + ACCOUNT_FAILURE_WINDOW_SECONDS * 1000;
      const seconds = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
      throw tooManyRequests(
        `Too many failed attempts for this account. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
        seconds,
      );
    }
    const user = await accounts.findUserByEmail(db, email);
    const ok = await verifySecret(secret, user ? hashOf(user) : await decoyHash());
    if (!user || !ok) return null;
    await failures.clearFailures(db, key);
    return user;
  }

  return {
    async register(input: RegisterBody): Promise<UserRow> {
      if (await accounts.findUserByEmail(db, input.email)) throw conflict('Already registered, please login');
      const [passwordHash, answerHash] = await Promise.all([
        hashSecret(input.password),
        hashSecret(normalizeAnswer(input.answer)),
      ]);
      try {
        // The welcome mail is written with the account: both or neither.
        return await db.transaction(async (tx) => {
          const user = await accounts.insertUser(tx, {
            name: input.name,
            email: input.email,
            passwordHash,
            answerHash,
            phone: input.phone,
            address: input.address,
            role: USER_ROLE,
          });
          await mailer.welcome(tx, user);
          return user;
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
      return { user, token: await tokens.sign({ userId: user.id, sessionVersion: user.sessionVersion }) };
    },

    async resetPassword(input: ForgotPasswordBody): Promise<void> {
      const user = await checkSecret('reset', input.email, normalizeAnswer(input.answer), (u) => u.answerHash);
      if (!user) throw unauthorized(WRONG_ANSWER);
      // A new password ends every session signed in with the old one.
      await accounts.changePassword(db, user.id, await hashSecret(input.newPassword));
      await failures.clearFailures(db, `login:${input.email}`);
    },

    /**
     * A password change revokes every earlier token (the session version goes up); the caller gets a new
     * token so that the session that made the change stays signed in.
     */
    /**
     * Mail a reset link (a random token, kept hashed, valid 30 minutes, usable once) when the address has
     * an account and it has not had RESET_LINKS_PER_HOUR links in the last hour. The caller answers the
     * same either way, so the answer does not tell whether an account exists.
     */
    async requestResetLink(input: ResetLinkBody): Promise<void> {
      const user = await accounts.findUserByEmail(db, input.email);
      if (!user) return;
      if ((await resetTokens.countRecentResetTokens(db, user.id, 3600)) >= RESET_LINKS_PER_HOUR) return;
      const token = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await resetTokens.insertResetToken(tx, user.id, hashToken(token), RESET_LINK_VALID_MINUTES * 60);
        await mailer.passwordReset(tx, user, token, RESET_LINK_VALID_MINUTES);
      });
    },

    /** Set a new password with a mailed token: once, within 30 minutes; every earlier session ends. */
    async resetWithToken(input: ResetPasswordBody): Promise<void> {
      const passwordHash = await hashSecret(input.newPassword);
      const user = await db.transaction(async (tx) => {
        const userId = await resetTokens.useResetToken(tx, hashToken(input.token));
        if (userId === undefined) return undefined;
        return accounts.changePassword(tx, userId, passwordHash);
      });
      if (!user) throw badRequest(RESET_LINK_INVALID);
      await failures.clearFailures(db, `login:${user.email}`);
    },

    async updateProfile(userId: number, input: ProfileBody): Promise<{ user: UserRow; token?: string }> {
      const changes: Partial<accounts.NewUser> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.phone !== undefined) changes.phone = input.phone;
      if (input.address !== undefined) changes.address = input.address;
      const user = input.password
        ? await accounts.changePassword(db, userId, await hashSecret(input.password), changes)
        : await accounts.updateUser(db, userId, changes);
      if (!user) throw unauthorized('Your account no longer exists');
      if (!input.password) return { user };
      return { user, token: await tokens.sign({ userId: user.id, sessionVersion: user.sessionVersion }) };
    },

    /** The signed-in user behind a token, read from the database on every call (a demotion counts at once). */
    async authenticate(token: string | null): Promise<UserRow> {
      if (!token) throw unauthorized('Please sign in');
      const subject = await tokens.verify(token);
      if (subject === null) throw unauthorized('Your session is invalid or has expired, please sign in again');
      const user = await accounts.findUserById(db, subject.userId);
      if (!user) throw unauthorized('Your account no longer exists');
      if (user.sessionVersion !== subject.sessionVersion) {
        throw unauthorized('Your password has changed since you signed in, please sign in again');
      }
      return user;
    },

    /** Forget failure windows that are over. */
    pruneFailures: () => failures.pruneFailures(db, ACCOUNT_FAILURE_WINDOW_SECONDS),

    assertAdmin(user: UserRow): void {
      if (user.role !== ADMIN_ROLE) throw forbidden('Administrators only');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
