import { z } from 'zod';
import { idNumber, pageNumber, text, wireId } from './common.ts';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'kept', 'failed'] as const;
export const MAILS_PAGE_SIZE = 20;
export const MAIL_SORTS = ['newest', 'oldest'] as const;
export type MailSort = (typeof MAIL_SORTS)[number];

/** A mail of the outbox as the administrator sees it (the body only in the single mail's answer). */
export const mailSummary = z.object({
  _id: wireId,
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  /** `kept`: written to a file because no SMTP server is configured. */
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailSummary = z.infer<typeof mailSummary>;

export const mailsQuery = z.object({
  page: pageNumber.optional(),
  status: z.enum(MAIL_STATUSES, { error: `must be one of ${MAIL_STATUSES.join(', ')}` }).optional(),
  /** Words of the recipient's address or the subject (case-insensitive, a substring). */
  q: text({ max: 100 }).optional(),
  /** By when the mail was written; newest first without it. */
  sort: z.enum(MAIL_SORTS, { error: `must be one of: ${MAIL_SORTS.join(', ')}` }).optional(),
});

export const mailsResponse = z.object({
  success: z.literal(true),
  mails: z.array(mailSummary),
  total: z.number(),
  failed: z.number(),
  /** `smtp` when mails are sent, `file` when they are kept as .eml files in the data folder. */
  delivery: z.enum(['smtp', 'file']),
});
export type MailsResponse = z.infer<typeof mailsResponse>;

export const mailParams = z.object({ mailId: idNumber });
export const mailResponse = z.object({
  success: z.literal(true),
  mail: mailSummary.extend({ text: z.string() }),
});
export type MailResponse = z.infer<typeof mailResponse>;
export const mailResendResponse = z.object({ success: z.literal(true), message: z.string(), mail: mailSummary });
export type MailResendResponse = z.infer<typeof mailResendResponse>;
export type MailStatus = (typeof MAIL_STATUSES)[number];
