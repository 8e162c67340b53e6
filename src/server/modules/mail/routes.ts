import type { Handlers } from '../../plugins/calls.ts';
import { toWireMail } from './mapper.ts';
import type { MailService } from './service.ts';

/** The outbox for the administrator: what went out (or would have), what failed, and sending again. */
export const mailHandlers = (mails: MailService) =>
  ({
    mails: async (request) => {
      const { page, status, q, sort } = request.query;
      const result = await mails.page(page ?? 1, { status, words: q }, sort);
      return { success: true, mails: result.mails.map(toWireMail), total: result.total, failed: result.failed, delivery: mails.delivery };
    },

    mail: async (request) => {
      const row = await mails.one(request.params.mailId);
      return { success: true, mail: { ...toWireMail(row), text: row.text } };
    },

    resendMail: async (request) => {
      const row = await mails.resend(request.params.mailId);
      return { success: true, message: `The mail to ${row.toAddress} will be sent again`, mail: toWireMail(row) };
    },
  }) satisfies Partial<Handlers>;
