import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens } from '../../src/server/db/schema.ts';
import { writeBackup } from '../../src/server/modules/backup/archive.ts';
import { type MadeUser, makeAccounts, makeAdmin, makeUser } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { startSmtpServer } from '../setup/smtp.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const PUBLIC_URL = 'https://shop.example';

/** Everything a backup of the shop holds, as text. */
async function backupText(t: TestApp): Promise<string> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeBackup(t.database.db, t.database.engine, sink);
  return Buffer.concat(chunks).toString('utf8');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

describe('reset links are never kept where others can read them', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let admin: MadeUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_RETRY_SECONDS: '0.05', MAIL_ATTEMPTS: '3', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await makeAdmin(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const arrived = (address: string) => smtp.arrived(address, /^Reset your/);

  async function outboxRow(address: string, done: (row: typeof mailOutbox.$inferSelect) => boolean) {
    const started = Date.now();
    for (;;) {
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
      if (row && done(row)) return row;
      if (Date.now() - started > 10_000) throw new Error(`the mail to ${address} is still ${row?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const storedLinks = async () =>
    (
      (await t.database.db.execute(
        sql`select id from mail_outbox where text like '%reset-password#token=%' or html like '%reset-password#token=%'`,
      )) as unknown as { rows: unknown[] }
    ).rows;

  it('once the mail has gone, the outbox, the Mails screen and a backup hold no token, and the mailed link works', async () => {
    const user = await makeUser(t.database.db, { email: 'rose@example.com', password: 'old-password' });
    expect((await call(t.app, 'POST', '/api/v1/auth/reset-link', { body: { email: 'rose@example.com' } })).statusCode).toBe(200);
    const mail = await arrived('rose@example.com');
    const token = decodeURIComponent(/reset-password#token=([\w%-]+)/.exec(mail.text)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(40);
    expect(mail.html).toContain(`${PUBLIC_URL}/reset-password#token=`);
    const row = await outboxRow('rose@example.com', (found) => found.status === 'sent');

    expect(`${row.subject}${row.text}${row.html}`).not.toContain(token);
    expect(await storedLinks()).toEqual([]);
    const screen = await call(t.app, 'GET', `/api/v1/auth/mails/${row.id}`, { token: admin.token });
    expect(screen.statusCode).toBe(200);
    expect(screen.json().mail.text).not.toContain(token);
    expect(screen.json().mail.text).toMatch(/link/);
    const backup = await backupText(t);
    expect(backup).toContain('rose@example.com');
    expect(backup).not.toContain(token);
    expect(backup).not.toContain('reset-password#token=');
    // Only the token's hash is kept, in the reset links' table.
    const [link] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(link?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // It works for 30 minutes from when the mail was sent (and not longer).
    const validFor = (link?.expiresAt.getTime() ?? 0) - Date.now();
    expect(validFor).toBeGreaterThan(25 * 60_000);
    expect(validFor).toBeLessThanOrEqual(30 * 60_000);

    const reset = await call(t.app, 'POST', '/api/v1/auth/reset-password', { body: { token, newPassword: 'rose-new-password' } });
    expect(reset.statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/v1/auth/login', { body: { email: 'rose@example.com', password: 'rose-new-password' } })).statusCode).toBe(200);
  });

  it('nor while the mail cannot be sent: a retry or a resend makes a fresh link, the earlier one stops working', async () => {
    await makeUser(t.database.db, { email: 'ivy@example.com', password: 'ivy-password' });
    smtp.refuse.on = true;
    try {
      await call(t.app, 'POST', '/api/v1/auth/reset-link', { body: { email: 'ivy@example.com' } });
      const failed = await outboxRow('ivy@example.com', (found) => found.status === 'failed');
      expect(failed.attempts).toBe(3);
      expect(await storedLinks()).toEqual([]);
      expect(await backupText(t)).not.toContain('reset-password#token=');
    } finally {
      smtp.refuse.on = false;
    }
    const resend = await call(t.app, 'POST', `/api/v1/auth/mails/${(await outboxRow('ivy@example.com', () => true)).id}/resend`, { token: admin.token });
    expect(resend.statusCode).toBe(200);
    const first = await arrived('ivy@example.com');
    const token = decodeURIComponent(/#token=([\w%-]+)/.exec(first.text)?.[1] ?? '');
    await outboxRow('ivy@example.com', (found) => found.status === 'sent');
    expect(await storedLinks()).toEqual([]);
    // The owner sends it once more: a new link, and the one mailed before no longer works.
    const again = await call(t.app, 'POST', `/api/v1/auth/mails/${(await outboxRow('ivy@example.com', () => true)).id}/resend`, { token: admin.token });
    expect(again.statusCode).toBe(200);
    const started = Date.now();
    while (smtp.received.filter((mail) => mail.to.includes('ivy@example.com')).length < 2) {
      if (Date.now() - started > 10_000) throw new Error('the resent mail did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const second = smtp.received.filter((mail) => mail.to.includes('ivy@example.com'))[1];
    const fresh = decodeURIComponent(/#token=([\w%-]+)/.exec(second?.text ?? '')?.[1] ?? '');
    expect(fresh).not.toBe(token);
    // The stale link is refused, changing nothing (the fresh one still unused, the password as it was).
    const unchanged = await snapshotDatabase(t.database.db);
    expect((await call(t.app, 'POST', '/api/v1/auth/reset-password', { body: { token, newPassword: 'ivy-stale-pass' } })).statusCode).toBe(400);
    expect(await snapshotDatabase(t.database.db)).toEqual(unchanged);
    expect((await call(t.app, 'POST', '/api/v1/auth/reset-password', { body: { token: fresh, newPassword: 'ivy-fresh-pass' } })).statusCode).toBe(200);
  });

  it('at most 3 links an hour go to one account: a 4th request is dropped unsent', async () => {
    await makeUser(t.database.db, { email: 'lily@example.com' });
    for (let n = 0; n < 4; n++) expect((await call(t.app, 'POST', '/api/v1/auth/reset-link', { body: { email: 'lily@example.com' } })).statusCode).toBe(200);
    const started = Date.now();
    for (;;) {
      const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'lily@example.com'));
      if (rows.length === 3 && rows.every((row) => row.status === 'sent')) break;
      if (Date.now() - started > 10_000) throw new Error(`the 4th request was not dropped: ${JSON.stringify(rows.map((row) => row.status))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(smtp.received.filter((mail) => mail.to.includes('lily@example.com'))).toHaveLength(3);
  });

  it('a request for an address without an account is dropped unsent, after its answer has gone', async () => {
    await call(t.app, 'POST', '/api/v1/auth/reset-link', { body: { email: 'nobody-at-all@example.com' } });
    // When the answer arrives the request is only written down: looking the address up, dropping the mail
    // or making a link comes later, so none of it can tell in the answer's time whether an account exists.
    const [waiting] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'nobody-at-all@example.com'));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    const started = Date.now();
    for (;;) {
      const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'nobody-at-all@example.com'));
      if (rows.length === 0) break;
      if (Date.now() - started > 10_000) throw new Error('the request for an unknown address stayed in the outbox');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(smtp.received.filter((mail) => mail.to.includes('nobody-at-all@example.com'))).toHaveLength(0);
  });
});

describe('the answer to a reset-link request', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Mails kept as files, the worker looking every 5 seconds: its sending stays out of the measurement.
    t = await createTestApp({ MAIL_RETRY_SECONDS: '60', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  it('takes the same time for a known and an unknown address', async () => {
    const rounds = 60;
    const known = await makeAccounts(t.database.db, Array.from({ length: rounds }, (_, n) => `timed-${n}@example.com`));
    const ask = async (email: string) => {
      const started = process.hrtime.bigint();
      const res = await call(t.app, 'POST', '/api/v1/auth/reset-link', { body: { email } });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(res.statusCode).toBe(200);
      return ms;
    };
    // Warm up both paths, then ask in pairs, one known and one unknown address back to back (which one first
    // alternates): the two of a pair meet the same load on this shared machine, so their ratio is fair even
    // when the load changes from one pair to the next.
    await ask('warm-up-nobody@example.com');
    await ask('warm-up-nobody-2@example.com');
    const ratios: number[] = [];
    const times = { known: [] as number[], unknown: [] as number[] };
    for (const [n, user] of known.entries()) {
      const nobody = `nobody-${n}@example.com`;
      let knownMs: number;
      let unknownMs: number;
      if (n % 2 === 0) {
        knownMs = await ask(user.email);
        unknownMs = await ask(nobody);
      } else {
        unknownMs = await ask(nobody);
        knownMs = await ask(user.email);
      }
      times.known.push(knownMs);
      times.unknown.push(unknownMs);
      ratios.push(knownMs / unknownMs);
    }
    const ratio = median(ratios);
    console.log(
      `reset-link answer, median of ${rounds} each (${t.database.engine}): known ${median(times.known).toFixed(2)} ms, unknown ${median(times.unknown).toFixed(2)} ms, median ratio of pairs ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeLessThan(1.5);
    expect(ratio).toBeGreaterThan(1 / 1.5);
  });
});
