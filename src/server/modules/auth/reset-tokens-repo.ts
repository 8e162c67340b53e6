import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema.ts';

export async function insertResetToken(tx: Db | Tx, userId: number, tokenHash: string, validSeconds: number): Promise<void> {
  await tx.insert(passwordResetTokens).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${validSeconds})`,
  });
}

/** Links asked for an account within the last `seconds` (the per-account limit). */
export async function countRecentResetTokens(db: Db, userId: number, seconds: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, sql`now() - make_interval(secs => ${seconds})`)));
  return Number(row?.value ?? 0);
}

/**
 * Use a token, once: in one statement that only succeeds while it is unused and unexpired, so two uses
 * at the same moment cannot both pass. Every other link of the account stops working too.
 */
export async function useResetToken(tx: Tx, tokenHash: string): Promise<number | undefined> {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!row) return undefined;
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
  return row.userId;
}
