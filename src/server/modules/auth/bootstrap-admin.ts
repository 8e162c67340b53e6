import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE, USER_ROLE } from '../../../contract/user.ts';
import type { Db } from '../../db/client.ts';
import { hashSecret, verifySecret } from '../../lib/secret-hash.ts';
import { type Actor, systemActor } from '../audit/service.ts';
import * as accounts from '../user/service.ts';
import type { UserRow } from '../user/service.ts';

/** The hash of a random answer nobody knows: no security answer opens the account. */
const unknowableAnswerHash = () => hashSecret(randomBytes(24).toString('hex'));

/**
 * What a promotion to administrator does besides the role (ADMIN_EMAIL at start and `npm run
 * admin:promote` alike): whoever registered the account before may have chosen its security answer and may
 * hold a session, so the answer is replaced by one nobody knows and every session ends.
 */
const promotionEffects = async (): Promise<accounts.RoleChangeEffects> => ({
  answerHash: await unknowableAnswerHash(),
  endSessions: true,
});

/** Make an existing account an administrator (or, `admin` false, a normal user again): the command line's rule. */
export async function setAdministrator(db: Db, email: string, admin: boolean, actor: Actor): Promise<UserRow | undefined> {
  const normalized = email.trim().toLowerCase();
  return admin
    ? accounts.setRoleByEmail(db, normalized, ADMIN_ROLE, actor, await promotionEffects())
    : accounts.setRoleByEmail(db, normalized, USER_ROLE, actor, {});
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start: make sure that administrator exists with that password.
 * An existing account is promoted (as setAdministrator does) and its password set when it differs;
 * otherwise one is created.
 */
export async function ensureAdmin(db: Db, admin: { email: string; password: string; name: string }): Promise<UserRow> {
  const email = admin.email.trim().toLowerCase();
  const existing = await accounts.findUserByEmail(db, email);
  if (existing) {
    const actor = systemActor('ADMIN_EMAIL at start');
    const promoted = existing.role === ADMIN_ROLE ? existing : await setAdministrator(db, email, true, actor);
    if (!promoted) throw new Error(`the account ${email} went away while it was promoted`);
    if (await verifySecret(admin.password, promoted.passwordHash)) return promoted;
    return (await accounts.changePassword(db, promoted.id, await hashSecret(admin.password))) ?? promoted;
  }
  return accounts.insertUser(db, {
    name: admin.name,
    email,
    passwordHash: await hashSecret(admin.password),
    answerHash: await unknowableAnswerHash(),
    phone: '',
    address: '',
    role: ADMIN_ROLE,
  });
}
