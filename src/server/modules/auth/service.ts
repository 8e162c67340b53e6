import { createHash, randomBytes } from 'node:crypto';
import {
  type ForgotPasswordBody,
  type LoginBody,
  type ProfileBody,
  type RegisterBody,
  RESET_LINK_VALID_MINUTES,
  type ResetLinkBody,
  type ResetPasswordBody,
  type SecurityAnswerBody,
} from '../../../contract/auth.ts';
import { CONFIRM_LINK_VALID_HOURS } from '../../../contract/guest.ts';
import { ADMIN_ROLE, USER_ROLE } from '../../../contract/user.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { decoyHash, hashSecret, normalizeAnswer, verifySecret } from '../../lib/secret-hash.ts';
import * as accounts from '../user/service.ts';
import type { UserRow } from '../user/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailRow } from '../mail/service.ts';
import { recordChange } from '../audit/service.ts';
import * as failures from './failures-repo.ts';
import * as claims from './guest-claims-repo.ts';
import * as resetTokens from './reset-tokens-repo.ts';
import * as sessions from './sessions-repo.ts';
import type { TokenSession, Tokens } from './tokens.ts';

/**
 * Wrong passwords allowed per account and client address in one window: a stranger guessing locks
 * themselves out, not the owner, who signs in from elsewhere.
 */
export const ADDRESS_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_WINDOW_SECONDS = 15 * 60;
/**
 * Wrong passwords allowed per account from all addresses together (guessing spread over many addresses).
 * Past it, only addresses the account signed in from within KNOWN_ADDRESS_SECONDS may still sign in.
 */
export const ACCOUNT_FAILURE_LIMIT = 100;
export const ACCOUNT_FAILURE_WINDOW_SECONDS = 60 * 60;
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;
/**
 * Wrong security answers allowed per account from all addresses (a favourite sport is easy to guess; a
 * lock here never keeps anyone from signing in, and the mailed link still works).
 */
export const RESET_FAILURE_LIMIT = 10;
export const RESET_FAILURE_WINDOW_SECONDS = 15 * 60;

export const INVALID_LOGIN = 'Invalid email or password';
export const WRONG_ANSWER = 'Wrong email or answer';
export const WRONG_CURRENT_PASSWORD = 'currentPassword: is not your current password';
export const ADMIN_RESET_BY_LINK =
  'An administrator cannot reset the password with a security answer: ask for a link by e-mail instead';
export const SESSION_ENDED = 'Your session has ended (signed out, or the password or role changed), please sign in again';

/** At most this many reset links are mailed to one account per hour (the same answer is given anyway). */
export const RESET_LINKS_PER_HOUR = 3;
export const RESET_LINK_SENT =
  'If an account has this e-mail address, a link to reset its password is on its way. It works once, for 30 minutes.';
export const RESET_LINK_INVALID = 'This reset link is not valid any more: ask for a new one';

/** At most this many links confirming an address for its guest orders are mailed to one account per hour. */
export const CLAIM_LINKS_PER_HOUR = 3;
export const CLAIM_LINK_SENT =
  'If orders were placed as a guest with your e-mail address, a link to bring them into your account is on its way. It works once, for 24 hours.';
export const CONFIRM_LINK_INVALID = 'This confirmation link is not valid any more: ask for a new one';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Refuse with 429 when a window holds more attempts than its limit. */
function refuseOverLimit(window: failures.AttemptWindow, limit: number, windowSeconds: number, what: string): void {
  if (window.attempts <= limit) return;
  const endsAt = window.windowStartedAt.getTime() + windowSeconds * 1000;
  const seconds = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
  throw tooManyRequests(`Too many failed attempts ${what}. Try again in ${Math.ceil(seconds / 60)} minute(s).`, seconds);
}

/**
 * Count a failed guess under each key (one statement: concurrent failures each get their own number) and
 * refuse with 429 when a key's window is over the limit. Other modules' guessing limits (discount codes)
 * count here, in the same table as the sign-in's.
 */
export async function countGuesses(db: Db, keys: string[], limit: number, windowSeconds: number, what: string): Promise<void> {
  for (const window of await failures.countAttempts(db, keys, windowSeconds)) refuseOverLimit(window, limit, windowSeconds, what);
}

/** Refuse with 429, before anything is checked, a client whose failed guesses under any key have reached the limit (a read: nothing is counted). */
export async function refuseGuessedOut(db: Db, keys: string[], limit: number, windowSeconds: number, what: string): Promise<void> {
  for (const window of await failures.readAttempts(db, keys, windowSeconds)) {
    refuseOverLimit({ ...window, attempts: window.attempts + 1 }, limit, windowSeconds, what);
  }
}

export function createAuthService(db: Db, tokens: Tokens, mailer: Mailer) {
  const signFor = (user: UserRow) => tokens.sign({ userId: user.id, sessionVersion: user.sessionVersion });

  /**
   * Check a password, counting attempts per account and address and per account: each attempt is
   * counted before the password is checked, in one statement, so concurrent guesses cannot pass a limit.
   * A right password clears its address's count (and is taken off the account's) and marks the address
   * as one the account signs in from.
   */
  async function checkPassword(email: string, password: string, address: string): Promise<UserRow | null> {
    const addressKey = `login:${email}|${address}`;
    const accountKey = `login:${email}`;
    refuseOverLimit(
      await failures.countAttempt(db, addressKey, ADDRESS_FAILURE_WINDOW_SECONDS),
      ADDRESS_FAILURE_LIMIT,
      ADDRESS_FAILURE_WINDOW_SECONDS,
      'for this account from your address',
    );
    const user = await accounts.findUserByEmail(db, email);
    const account = await failures.countAttempt(db, accountKey, ACCOUNT_FAILURE_WINDOW_SECONDS);
    if (account.attempts > ACCOUNT_FAILURE_LIMIT && !(user && (await failures.signedInFrom(db, user.id, address, KNOWN_ADDRESS_SECONDS)))) {
      refuseOverLimit(account, ACCOUNT_FAILURE_LIMIT, ACCOUNT_FAILURE_WINDOW_SECONDS, 'for this account');
    }
    const ok = await verifySecret(password, user ? user.passwordHash : await decoyHash());
    if (!user || !ok) return null;
    await Promise.all([
      failures.clearFailures(db, addressKey),
      failures.uncountAttempt(db, accountKey),
      failures.rememberSignInAddress(db, user.id, address),
    ]);
    return user;
  }

  /** Check a security answer, counting attempts per account (all addresses together). */
  async function checkAnswer(email: string, answer: string): Promise<UserRow | null> {
    const key = `reset:${email}`;
    refuseOverLimit(await failures.countAttempt(db, key, RESET_FAILURE_WINDOW_SECONDS), RESET_FAILURE_LIMIT, RESET_FAILURE_WINDOW_SECONDS, 'for this account');
    const user = await accounts.findUserByEmail(db, email);
    const ok = await verifySecret(normalizeAnswer(answer), user ? user.answerHash : await decoyHash());
    if (!user || !ok) return null;
    await failures.clearFailures(db, key);
    return user;
  }

  /** The signed-in user proves it is them with their password (a token read from a shared computer is not enough). */
  async function confirmPassword(user: UserRow, password: string, address: string): Promise<void> {
    if (!(await checkPassword(user.email, password, address))) throw forbidden(WRONG_CURRENT_PASSWORD);
  }

  /**
   * Just before a confirmation mail goes out: its link, made now (a random token, kept hashed, valid 24
   * hours, usable once). null: not sent (no account or no guest orders for the address, or the account had
   * CLAIM_LINKS_PER_HOUR links in the last hour).
   */
  async function prepareClaimMail(mail: MailRow): Promise<MailRow | null> {
    return db.transaction(async (tx) => {
      const account = await accounts.lockUserByEmail(tx, mail.toAddress);
      if (!account || !(await accounts.findGuestByEmail(tx, mail.toAddress))) return null;
      const again = await claims.hasClaimTokenForMail(tx, mail.id);
      if (!again && (await claims.countRecentClaimTokens(tx, account.id, 3600)) >= CLAIM_LINKS_PER_HOUR) return null;
      const token = randomBytes(32).toString('base64url');
      await claims.putClaimTokenForMail(tx, { accountId: account.id, mailId: mail.id, tokenHash: hashToken(token) }, CONFIRM_LINK_VALID_HOURS * 3600);
      return { ...mail, ...(await mailer.guestClaimContent(tx, account, token, CONFIRM_LINK_VALID_HOURS)) };
    });
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
          // Orders placed as a guest with this address join the account only once the address is confirmed.
          if (await accounts.findGuestByEmail(tx, user.email)) await mailer.guestClaimRequested(tx, user.email);
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

    async login(input: LoginBody, address: string): Promise<{ user: UserRow; token: string }> {
      const user = await checkPassword(input.email, input.password, address);
      if (!user) throw unauthorized(INVALID_LOGIN);
      return { user, token: await signFor(user) };
    },

    /** A new password with the security answer; never for an administrator (only the mailed link). */
    async resetPassword(input: ForgotPasswordBody): Promise<void> {
      const user = await checkAnswer(input.email, input.answer);
      if (!user) throw unauthorized(WRONG_ANSWER);
      if (user.role === ADMIN_ROLE) throw forbidden(ADMIN_RESET_BY_LINK);
      // A new password ends every session signed in with the old one.
      await accounts.changePassword(db, user.id, await hashSecret(input.newPassword));
      await failures.clearSignInFailures(db, user.email);
    },

    /**
     * Ask for a reset link. Every request writes the same thing (a reset mail to the address, without a
     * link) whether the address has an account or not, so the answer takes the same time either way; the
     * link is made when the mail is sent (prepareMail).
     */
    async requestResetLink(input: ResetLinkBody): Promise<void> {
      await mailer.passwordResetRequested(db, input.email);
    },

    /**
     * Just before a mail goes out: a reset mail gets its link, made now (a random token, kept hashed, valid
     * 30 minutes, usable once); each try of the same mail makes a new one and the last try's stops working.
     * null: the mail is not sent (no account has the address, or the account had RESET_LINKS_PER_HOUR links
     * in the last hour).
     */
    async prepareMail(mail: MailRow): Promise<MailRow | null> {
      if (mail.kind === mailer.GUEST_CLAIM_KIND) return prepareClaimMail(mail);
      if (mail.kind !== mailer.PASSWORD_RESET_KIND) return mail;
      return db.transaction(async (tx) => {
        const user = await accounts.lockUserByEmail(tx, mail.toAddress);
        if (!user) return null;
        const again = await resetTokens.hasTokenForMail(tx, mail.id);
        if (!again && (await resetTokens.countRecentResetTokens(tx, user.id, 3600)) >= RESET_LINKS_PER_HOUR) return null;
        const token = randomBytes(32).toString('base64url');
        await resetTokens.putTokenForMail(tx, { userId: user.id, mailId: mail.id, tokenHash: hashToken(token) }, RESET_LINK_VALID_MINUTES * 60);
        return { ...mail, ...(await mailer.passwordResetContent(tx, user, token, RESET_LINK_VALID_MINUTES)) };
      });
    },

    /** The signed-in account asks (again) for the link confirming its address, to bring its guest orders in. */
    async requestClaimLink(user: UserRow): Promise<void> {
      await mailer.guestClaimRequested(db, user.email);
    },

    /**
     * A confirmation link used: the account's address is confirmed, and the orders placed as a guest with it
     * join the account, in one transaction (the guest row goes). 400 when the link was used or is too old.
     */
    async confirmEmail(token: string): Promise<{ orders: number }> {
      const moved = await db.transaction(async (tx) => {
        const accountId = await claims.useClaimToken(tx, hashToken(token));
        if (accountId === undefined) return undefined;
        const account = await accounts.findUserById(tx, accountId);
        // Stryker disable next-line ConditionalExpression: unreachable: an account's links go with it (on delete cascade), so useClaimToken found none
        if (!account) return undefined;
        const guest = await accounts.findGuestByEmail(tx, account.email, true);
        if (!guest) return 0;
        const count = await accounts.mergeGuestInto(tx, guest.id, account.id);
        await recordChange(tx, { id: account.id, name: account.name, address: null }, {
          action: 'user.guest-orders',
          entity: 'user',
          entityId: account.id,
          after: { email: account.email, orders: count },
        });
        return count;
      });
      if (moved === undefined) throw badRequest(CONFIRM_LINK_INVALID);
      return { orders: moved };
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
      await failures.clearSignInFailures(db, user.email);
    },

    /**
     * A password change needs the current password, and revokes every earlier token (the session version
     * goes up); the caller gets a new token so that the session that made the change stays signed in.
     */
    async updateProfile(user: UserRow, input: ProfileBody, address: string): Promise<{ user: UserRow; token?: string }> {
      const changes: Partial<accounts.NewUser> = {};
      // Stryker disable next-line ConditionalExpression: a field set to undefined is left out of the update (Drizzle), as if not set
      if (input.name !== undefined) changes.name = input.name;
      // Stryker disable next-line ConditionalExpression: a field set to undefined is left out of the update (Drizzle), as if not set
      if (input.phone !== undefined) changes.phone = input.phone;
      // Stryker disable next-line ConditionalExpression: a field set to undefined is left out of the update (Drizzle), as if not set
      if (input.address !== undefined) changes.address = input.address;
      if (input.password) await confirmPassword(user, input.currentPassword ?? '', address);
      const updated = input.password
        ? await accounts.changePassword(db, user.id, await hashSecret(input.password), changes)
        : await accounts.updateUser(db, user.id, changes);
      if (!updated) throw unauthorized('Your account no longer exists');
      if (!input.password) return { user: updated };
      return { user: updated, token: await signFor(updated) };
    },

    /** A new security answer, with the current password. */
    async changeAnswer(user: UserRow, input: SecurityAnswerBody, address: string): Promise<void> {
      await confirmPassword(user, input.currentPassword, address);
      await accounts.updateUser(db, user.id, { answerHash: await hashSecret(normalizeAnswer(input.answer)) });
    },

    /**
     * The signed-in user behind a token and its session, read from the database on every call (a
     * demotion, a password change or a logout counts at once).
     */
    async authenticate(token: string | null): Promise<{ user: UserRow; session: TokenSession }> {
      if (!token) throw unauthorized('Please sign in');
      const session = await tokens.verify(token);
      if (session === null) throw unauthorized('Your session is invalid or has expired, please sign in again');
      const found = await sessions.sessionUser(db, session.userId, session.sessionId);
      if (!found) throw unauthorized('Your account no longer exists');
      if (found.revoked || found.user.sessionVersion !== session.sessionVersion) throw unauthorized(SESSION_ENDED);
      return { user: found.user, session };
    },

    /** Logout: the session's token is refused from now on. */
    logout: (session: TokenSession) => sessions.revokeSession(db, session.sessionId, session.expiresAt),

    /** Forget what is over: failure windows, revoked tokens that expired, sign-in addresses not used for long. */
    async prune(): Promise<void> {
      await failures.pruneFailures(db, Math.max(ACCOUNT_FAILURE_WINDOW_SECONDS, ADDRESS_FAILURE_WINDOW_SECONDS, RESET_FAILURE_WINDOW_SECONDS));
      await sessions.pruneRevokedSessions(db);
      await failures.pruneSignInAddresses(db, KNOWN_ADDRESS_SECONDS);
    },

    assertAdmin(user: UserRow): void {
      if (user.role !== ADMIN_ROLE) throw forbidden('Administrators only');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
