import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { claimDueMails, deleteMail, type MailRow, markAttemptFailed, markDelivered, releaseSending, retryPendingNow } from './repo.ts';
import type { MailTransport } from './transport.ts';

export interface MailWorkerOptions {
  db: Db;
  database: Pick<Database, 'listen'>;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** The first retry waits this long, each next one twice as long (at most 6 hours). */
  retrySeconds: number;
  /** Tries before a mail is failed for good. */
  attempts: number;
  /**
   * Each mail just before it is sent: what to send (a reset mail gets its link here, so the outbox never
   * holds one), or null to drop the mail unsent (it is deleted from the outbox).
   */
  prepare?: (mail: MailRow) => Promise<MailRow | null>;
  /**
   * This process is the only one on its database (the embedded engine): a mail found `sending` at start was
   * left by a process that died, and is sent at once instead of after its lease.
   */
  soleSender?: boolean;
}

const BATCH = 5;
/** How long a worker may take to send what it took before another may take it over. */
const LEASE_SECONDS = 120;
const MAX_RETRY_SECONDS = 6 * 3600;

/**
 * Sends the outbox: woken at once by a new mail (NOTIFY at the writer's commit) and every few seconds for
 * retries. Each process runs one; they share the work without sending a mail twice (rows are claimed with
 * FOR UPDATE SKIP LOCKED). A mail being sent when its process dies is taken over after its lease.
 */
export function createMailWorker(options: MailWorkerOptions) {
  const { db, transport, log } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;

  async function sendOne(mail: MailRow): Promise<void> {
    try {
      const ready = options.prepare ? await options.prepare(mail) : mail;
      if (ready === null) {
        await deleteMail(db, mail.id);
        return;
      }
      await transport.deliver(ready);
      await markDelivered(db, mail.id, transport.delivers);
    } catch (error) {
      const last = mail.attempts >= options.attempts;
      const retry = last ? null : Math.min(MAX_RETRY_SECONDS, options.retrySeconds * 2 ** (mail.attempts - 1));
      const reason = error instanceof Error ? error.message : String(error);
      await markAttemptFailed(db, mail.id, reason, retry);
      log[last ? 'error' : 'warn'](
        { mailId: mail.id, kind: mail.kind, attempt: mail.attempts, retryInSeconds: retry, reason: reason.slice(0, 200) },
        last ? 'a mail could not be sent: marked failed' : 'a mail could not be sent: will try again',
      );
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const mails = await claimDueMails(db, BATCH, LEASE_SECONDS);
        if (mails.length === 0) break;
        for (const mail of mails) await sendOne(mail);
        if (stopped) return;
      }
    } while (again && !stopped);
  }

  /** Look for due mails now (a run already going looks again when it is done). */
  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'the mail outbox could not be read'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    kick,
    async start(): Promise<void> {
      stopped = false;
      await retryPendingNow(db);
      if (options.soleSender) {
        const released = await releaseSending(db);
        if (released > 0) log.warn({ mails: released }, 'mails left sending by a stopped process: sending them now');
      }
      stopListening = await options.database.listen('mail_outbox', { onNotify: () => void kick(), onListening: () => void kick() });
      const pollMs = Math.max(50, Math.min(5000, (options.retrySeconds * 1000) / 2));
      timer = setInterval(() => void kick(), pollMs);
      timer.unref();
      void kick();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await stopListening?.();
      await running;
      transport.close();
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;

/** This process's outbox worker, running from the app's start to its close. */
export function startMailWorker(app: FastifyInstance, options: Omit<MailWorkerOptions, 'log'>): MailWorker {
  const worker = createMailWorker({ ...options, log: app.log });
  app.addHook('onReady', () => worker.start());
  app.addHook('onClose', () => worker.stop());
  return worker;
}
