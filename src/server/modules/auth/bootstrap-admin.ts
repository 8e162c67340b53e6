import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE } from '../../../contract/user.ts';
import type { Db } from '../../db/client.ts';
import { hashSecret, verifySecret } from '../../lib/secret-hash.ts';
import { recordChange, systemActor } from '../audit/service.ts';
import * as accounts from '../user/service.ts';
import type { UserRow } from '../user/service.ts';

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start: make sure that administrator exists with that password.
 * An existing account is promoted (its password set when it differs); otherwise one is created.
 */
export async function ensureAdmin(db: Db, admin: { email: string; password: string; name: string }): Promise<UserRow> {
  const email = admin.email.trim().toLowerCase();
  const existing = await accounts.findUserByEmail(db, email);
  if (existing) {
    const passwordOk = await verifySecret(admin.password, existing.passwordHash);
    const newHash = passwordOk ? null : await hashSecret(admin.password);
    const updated = await db.transaction(async (tx) => {
      const row = newHash
        ? await accounts.changePassword(tx, existing.id, newHash, { role: ADMIN_ROLE })
        : await accounts.updateUser(tx, existing.id, { role: ADMIN_ROLE });
      if (existing.role !== ADMIN_ROLE) {
        await recordChange(tx, systemActor('ADMIN_EMAIL at start'), {
          action: 'user.role',
          entity: 'user',
          entityId: existing.id,
          before: { email, role: existing.role },
          after: { email, role: ADMIN_ROLE },
        });
      }
      return row;
    });
    return updated ?? existing;
  }
  return accounts.insertUser(db, {
    name: admin.name,
    email,
    passwordHash: await hashSecret(admin.password),
    // No answer is known: a random one, so that a reset is refused until the admin signs in.
    answerHash: await hashSecret(randomBytes(24).toString('hex')),
    phone: '',
    address: '',
    role: ADMIN_ROLE,
  });
}
