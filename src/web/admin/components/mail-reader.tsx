import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { fullDate } from '../../lib/time-since.ts';
import { useMail } from '../api/get-mail.ts';
import { MailStatusPill } from './mail-status.tsx';
import { Modal } from './modal.tsx';
import '../../components/ui/buttons.css';
import './mail-reader.css';

/** One mail in a dialog: who, what, when, why it failed, and its plain text; Send again for a failed one. */
export function MailReader({ mailId, onClose, onResend, resending }: {
  mailId: string;
  onClose: () => void;
  onResend: (mailId: string) => void;
  resending: boolean;
}) {
  const query = useMail(mailId);
  const mail = query.data;
  return (
    <Modal title={mail ? mail.subject : 'Mail'} onClose={onClose} size="wide">
      {query.isPending ? (
        <Spinner label="Loading the mail" />
      ) : !mail ? (
        <p className="inline-error" role="alert">
          {errorMessage(query.error, 'The mail could not be loaded.')}
        </p>
      ) : (
        <>
          <dl className="info-list mail-reader__facts">
            <dt>To</dt>
            <dd>{mail.to}</dd>
            <dt>Kind</dt>
            <dd>{mail.kind}</dd>
            <dt>Status</dt>
            <dd>
              <MailStatusPill status={mail.status} /> <span className="muted">after {mail.attempts} {mail.attempts === 1 ? 'try' : 'tries'}</span>
            </dd>
            <dt>Written</dt>
            <dd>{fullDate(mail.createdAt)}</dd>
            {mail.sentAt ? (
              <>
                <dt>{mail.status === 'kept' ? 'Kept' : 'Sent'}</dt>
                <dd>{fullDate(mail.sentAt)}</dd>
              </>
            ) : null}
            {mail.lastError ? (
              <>
                <dt>Last error</dt>
                <dd className="mail-reader__error">{mail.lastError}</dd>
              </>
            ) : null}
          </dl>
          {/* Scrolls on its own: a focusable region, so the keyboard can scroll it too. */}
          <div className="mail-reader__text" role="region" aria-label="The mail's text" tabIndex={0}>
            <pre>{mail.text}</pre>
          </div>
          <div className="modal__actions">
            <button type="button" className="btn btn--secondary" onClick={onClose} data-autofocus>
              Close
            </button>
            {mail.status === 'failed' ? (
              <button type="button" className="btn" onClick={() => onResend(mail._id)} aria-busy={resending} aria-disabled={resending}>
                Send again
              </button>
            ) : null}
          </div>
        </>
      )}
    </Modal>
  );
}
