import { MAILS_PAGE_SIZE, type MailSort } from '../../../contract/mail.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { listWindow, listWithTotal } from '../../lib/paging.ts';
import * as repo from './repo.ts';
import type { MailFilters } from './repo.ts';

export type { MailRow } from './repo.ts';

export interface MailServiceOptions {
  /** Called when a mail is queued again, so the outbox worker sends it at once. */
  kick: () => void;
  /** `smtp` when mails are sent, `file` when they are kept as .eml files. */
  delivery: 'smtp' | 'file';
}

/** The outbox for the administrator: what went out (or would have), what failed, and sending again. */
export function createMailService(db: Db, { kick, delivery }: MailServiceOptions) {
  return {
    delivery,

    /** A page of the outbox (newest first unless `oldest`), filtered, with the number of failed mails. */
    async page(pageNumber: number, filters: MailFilters, sort: MailSort = 'newest') {
      const [{ items, total }, failed] = await Promise.all([
        listWithTotal(
          listWindow(pageNumber, MAILS_PAGE_SIZE, MAILS_PAGE_SIZE),
          () => repo.countMails(db, filters),
          ({ limit, offset }) => repo.listMails(db, filters, sort, limit, offset),
        ),
        repo.countMails(db, { status: 'failed' }),
      ]);
      return { mails: items, total, failed };
    },

    failedCount: () => repo.countMails(db, { status: 'failed' }),

    async one(id: number) {
      const row = await repo.findMail(db, id);
      if (!row) throw notFound('Mail not found');
      return row;
    },

    /** A fresh set of tries, at once. */
    async resend(id: number) {
      const row = await repo.resendMail(db, id);
      if (!row) throw notFound('Mail not found, or it is being sent right now');
      kick();
      return row;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
