import type { MailStatus } from '../../../contract/mail.ts';
import '../../components/ui/status-pill.css';

/** What each outbox status reads as. */
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  kept: 'Kept',
  failed: 'Failed',
};

const TONE: Record<MailStatus, string> = {
  pending: 'status status--pending',
  sending: 'status',
  sent: 'status status--success',
  kept: 'status status--neutral',
  failed: 'status status--danger',
};

export function MailStatusPill({ status }: { status: MailStatus }) {
  return <span className={TONE[status]}>{MAIL_STATUS_LABELS[status]}</span>;
}
