import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema.ts';

/**
 * The link of one reset mail, made as it is sent: the first try makes the row, each next try (a retry, a
 * resend) gives it a new token and a new 30 minutes, and the token of the try before stops working.
 */
export async function putTokenForMail(
  tx: Tx,
  link: { userId: number; mailId: number; tokenHash: string },
  validSeconds: number,
): Promise<void> {
  const expiresAt = sql`now() + make_interval(secs => ${validSeconds})`;
  await tx
    .insert(passwordResetTokens)
    .values({ ...link, expiresAt })
    .onConflictDoUpdate({ target: passwordResetTokens.mailId, set: { tokenHash: link.tokenHash, expiresAt, usedAt: null } });
}

/** Whether a reset mail has had a link made for it already (a retry: it counts once against the hourly limit). */
export async function hasTokenForMail(tx: Tx, mailId: number): Promise<boolean> {
  const [row] = await tx.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(eq(passwordResetTokens.mailId, mailId));
  return row !== undefined;
}

/** Links made for an account within the last `seconds` (the per-account limit). */
export async function countRecentResetTokens(db: Db | Tx, userId: number, seconds: number): Promise<number> {
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
