import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { guestClaimTokens } from '../../db/schema.ts';

/**
 * The link of one confirmation mail, made as it is sent (as reset links are, auth/reset-tokens-repo.ts): a
 * retry or a resend gives it a new token, and the token of the try before stops working.
 */
export async function putClaimTokenForMail(tx: Tx, link: { accountId: number; mailId: number; tokenHash: string }, validSeconds: number): Promise<void> {
  const expiresAt = sql`now() + make_interval(secs => ${validSeconds})`;
  await tx
    .insert(guestClaimTokens)
    .values({ ...link, expiresAt })
    .onConflictDoUpdate({ target: guestClaimTokens.mailId, set: { tokenHash: link.tokenHash, expiresAt, usedAt: null } });
}

/** Whether a confirmation mail has had a link made already (a retry counts once against the hourly limit). */
export async function hasClaimTokenForMail(tx: Tx, mailId: number): Promise<boolean> {
  const [row] = await tx.select({ id: guestClaimTokens.id }).from(guestClaimTokens).where(eq(guestClaimTokens.mailId, mailId));
  return row !== undefined;
}

/** Confirmation links made for an account within the last `seconds`. */
export async function countRecentClaimTokens(db: Db | Tx, accountId: number, seconds: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(guestClaimTokens)
    .where(and(eq(guestClaimTokens.accountId, accountId), gt(guestClaimTokens.createdAt, sql`now() - make_interval(secs => ${seconds})`)));
  return Number(row?.value ?? 0);
}

/**
 * Use a token once (one statement that only succeeds while it is unused and unexpired); the account's
 * other links stop working too. The account's id, or undefined.
 */
export async function useClaimToken(tx: Tx, tokenHash: string): Promise<number | undefined> {
  const [row] = await tx
    .update(guestClaimTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(guestClaimTokens.tokenHash, tokenHash), isNull(guestClaimTokens.usedAt), gt(guestClaimTokens.expiresAt, sql`now()`)))
    .returning({ accountId: guestClaimTokens.accountId });
  if (!row) return undefined;
  await tx
    .update(guestClaimTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(guestClaimTokens.accountId, row.accountId), isNull(guestClaimTokens.usedAt)));
  return row.accountId;
}
