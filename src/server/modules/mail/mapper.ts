import type { MailStatus, MailSummary } from '../../../contract/mail.ts';
import type { MailRow } from './repo.ts';

export const toWireMail = (row: MailRow): MailSummary => ({
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
