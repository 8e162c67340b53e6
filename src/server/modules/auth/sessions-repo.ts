import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { revokedTokens, users } from '../../db/schema.ts';
import { preparedOnce } from '../../lib/prepared.ts';
import type { UserRow } from '../user/service.ts';

/**
 * The user behind a token and whether its session was signed out, in one query: the user row is read on
 * every call anyway, and the revoked-token lookup rides along on its primary key.
 */
export async function sessionUser(db: Db, userId: number, sessionId: string): Promise<{ user: UserRow; revoked: boolean } | undefined> {
  // Asked on every signed-in call: prepared once (its SQL built once, parsed and planned once per connection).
  const query = preparedOnce(db, 'session_user', () =>
    db
      .select({
        user: users,
        revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('sessionId')})`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('session_user'),
  );
  const [row] = await query.execute({ userId, sessionId });
  return row;
}

/** Sign one session out: its token is refused until it would have expired anyway. */
export async function revokeSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedTokens).values({ jti: sessionId, expiresAt }).onConflictDoNothing();
}

/** Forget revoked tokens that have expired (they are refused for their expiry now). */
export async function pruneRevokedSessions(db: Db): Promise<number> {
  const rows = await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`)).returning({ jti: revokedTokens.jti });
  return rows.length;
}
