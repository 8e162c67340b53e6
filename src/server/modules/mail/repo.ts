import { and, asc, count, desc, eq, gt, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { MailSort, MailStatus } from '../../../contract/mail.ts';
import type { Db, Tx } from '../../db/client.ts';
import { arrayParam } from '../../lib/prepared.ts';
import { mailOutbox } from '../../db/schema.ts';
import { likePattern } from '../../lib/like-pattern.ts';

export type MailRow = typeof mailOutbox.$inferSelect;

export interface NewMail {
  kind: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the shop's contact e-mail); none: to the sender. */
  replyTo?: string | null;
}

/**
 * Written in the caller's transaction: the mail exists exactly when what caused it does. `delaySeconds`:
 * not sent before then (the worker's next look after it).
 */
export async function enqueueMail(tx: Db | Tx, mail: NewMail, delaySeconds = 0): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      ...mail,
      ...(delaySeconds > 0 ? { nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})` } : {}),
    })
    .returning({ id: mailOutbox.id });
  return row?.id ?? 0;
}

/**
 * The insert of several mails due now, as one statement whose text is the same whatever their number (the
 * mails as arrays): run with an order's other writes (executeTogether).
 */
export function mailsInsert(mails: NewMail[]): SQL {
  const column = (key: keyof NewMail) => arrayParam(mails.map((mail) => mail[key] ?? null));
  return sql`insert into ${mailOutbox} (kind, to_address, subject, text, html, reply_to)
    select mail.kind, mail.to_address, mail.subject, mail.text, mail.html, mail.reply_to
    from unnest(${column('kind')}::text[], ${column('toAddress')}::text[], ${column('subject')}::text[], ${column('text')}::text[],
      ${column('html')}::text[], ${column('replyTo')}::text[]) with ordinality as mail(kind, to_address, subject, text, html, reply_to, position)
    order by mail.position`;
}

/**
 * Drop a mail that was never tried (an undone status change's): only while it waits unsent; false once a
 * worker has taken it (it is being sent, or was).
 */
export async function cancelUnsentMail(tx: Db | Tx, id: number): Promise<boolean> {
  const rows = await tx
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, 0)))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/**
 * Take up to `limit` mails that are due (pending and due, or `sending` whose sender's lease ran out: it
 * died), in one statement that skips rows another worker holds, so no mail is taken twice at once.
 */
export async function claimDueMails(db: Db, limit: number, leaseSeconds: number): Promise<MailRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
        and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markDelivered(db: Db, id: number, status: 'sent' | 'kept'): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status, sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** A mail that is not to be sent after all (a reset link asked for an address without an account). */
export async function deleteMail(db: Db, id: number): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
}

/** A try failed: again after `retryInSeconds`, or, after the last try, failed for good (until resent). */
export async function markAttemptFailed(
  db: Db,
  id: number,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: retryInSeconds === null ? 'failed' : 'pending',
      lastError: error.slice(0, 500),
      lockedUntil: null,
      ...(retryInSeconds === null ? {} : { nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` }),
    })
    .where(eq(mailOutbox.id, id));
}

/**
 * Mails waiting for a retry are due at once: a process that starts (after the mail settings were fixed,
 * or after a crash) sends what is waiting instead of finishing the old back-off. A mail never tried yet
 * keeps its time (a status change's mail waits out its undo window, even across a restart).
 */
export async function retryPendingNow(db: Db): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.status, 'pending'), gt(mailOutbox.attempts, 0), gt(mailOutbox.nextAttemptAt, sql`now()`)));
}

/**
 * Mails left `sending` by a process that died, to be sent now rather than after their lease: only for an
 * embedded database, which one process holds at a time (with PostgreSQL another process may be sending them).
 */
export async function releaseSending(db: Db): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', lockedUntil: null, nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.status, 'sending'))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** The owner sends a failed mail again: a fresh set of tries, at once. */
export async function resendMail(db: Db, id: number): Promise<MailRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['failed', 'sent', 'kept'])))
    .returning();
  return row;
}

export interface MailFilters {
  status?: MailStatus;
  /** A substring of the recipient's address or the subject, any case (the trigram index). */
  words?: string;
}


const mailsWhere = ({ status, words }: MailFilters) =>
  and(
    status ? eq(mailOutbox.status, status) : undefined,
    words !== undefined ? sql`(${mailOutbox.toAddress} || ' ' || ${mailOutbox.subject}) ilike ${likePattern(words)}` : undefined,
  );

export async function listMails(db: Db, filters: MailFilters, sort: MailSort, limit: number, offset: number): Promise<MailRow[]> {
  const order = sort === 'oldest' ? [asc(mailOutbox.createdAt), asc(mailOutbox.id)] : [desc(mailOutbox.createdAt), desc(mailOutbox.id)];
  return db
    .select()
    .from(mailOutbox)
    .where(mailsWhere(filters))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function countMails(db: Db, filters: MailFilters = {}): Promise<number> {
  const [row] = await db.select({ value: count() }).from(mailOutbox).where(mailsWhere(filters));
  return Number(row?.value ?? 0);
}

export async function findMail(db: Db, id: number): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
