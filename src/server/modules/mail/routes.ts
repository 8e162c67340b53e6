import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/common.ts';
import { type MailSummary, MAILS_PAGE_SIZE, mailParams, mailResendResponse, mailResponse, mailsQuery, mailsResponse } from '../../../contract/mail.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { listWindow, listWithTotal } from '../../lib/paging.ts';
import type { Guards } from '../auth/guards.ts';
import { countMails, findMail, listMails, type MailRow, type MailStatus, resendMail } from './repo.ts';

export interface MailRoutesOptions {
  db: Db;
  guards: Guards;
  /** Called when a mail is queued again, so the worker sends it at once. */
  kick: () => void;
  delivery: 'smtp' | 'file';
}

const toWireMail = (row: MailRow): MailSummary => ({
  _id: String(row.id),
  kind: row.kind,
  to: row.toAddress,
  subject: row.subject,
  status: row.status as MailStatus,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** The outbox for the administrator: what went out (or would have), what failed, and sending again. */
export const mailRoutes: FastifyPluginAsyncZod<MailRoutesOptions> = async (app, { db, guards, kick, delivery }) => {
  const tags = ['mail'];

  app.get(
    '/mails',
    { preHandler: guards.requireAdmin, schema: { tags, querystring: mailsQuery, response: { 200: mailsResponse } } },
    async (request) => {
      const { page, status } = request.query;
      const [{ items, total }, failed] = await Promise.all([
        listWithTotal(
          listWindow(page ?? 1, MAILS_PAGE_SIZE, MAILS_PAGE_SIZE),
          () => countMails(db, status),
          ({ limit, offset }) => listMails(db, status, limit, offset),
        ),
        countMails(db, 'failed'),
      ]);
      return { success: true as const, mails: items.map(toWireMail), total, failed, delivery };
    },
  );

  app.get(
    '/mails/:mailId',
    { preHandler: guards.requireAdmin, schema: { tags, params: mailParams, response: { 200: mailResponse, 404: errorResponse } } },
    async (request) => {
      const row = await findMail(db, request.params.mailId);
      if (!row) throw notFound('Mail not found');
      return { success: true as const, mail: { ...toWireMail(row), text: row.text } };
    },
  );

  app.post(
    '/mails/:mailId/resend',
    {
      preHandler: guards.requireAdmin,
      schema: { tags, description: 'Send a mail again (a failed one, after fixing the mail settings).', params: mailParams, response: { 200: mailResendResponse, 404: errorResponse } },
    },
    async (request) => {
      const row = await resendMail(db, request.params.mailId);
      if (!row) throw notFound('Mail not found, or it is being sent right now');
      kick();
      return { success: true as const, message: `The mail to ${row.toAddress} will be sent again`, mail: toWireMail(row) };
    },
  );
};
