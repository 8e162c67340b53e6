import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAIL_SORTS, MAIL_STATUSES, MAILS_PAGE_SIZE, type MailSort, type MailStatus } from '../../../contract/mail.ts';
import { PageRange, pageCount, pageFrom, Pager } from '../../components/ui/pager.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { fullDate, timeSince } from '../../lib/time-since.ts';
import { useMails } from '../api/get-mails.ts';
import { useResendMail } from '../api/resend-mail.ts';
import { MailReader } from '../components/mail-reader.tsx';
import { MAIL_STATUS_LABELS, MailStatusPill } from '../components/mail-status.tsx';
import '../../components/ui/buttons.css';
import '../../components/ui/table.css';
import '../../components/ui/admin-table.css';
import '../../components/ui/form-fields.css';
import './orders.css';
import './mails.css';

const statusFrom = (raw: string | null): MailStatus | null =>
  (MAIL_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as MailStatus) : null;
const sortFrom = (raw: string | null): MailSort => ((MAIL_SORTS as readonly string[]).includes(raw ?? '') ? (raw as MailSort) : 'newest');
const SORT_LABELS: Record<MailSort, string> = { newest: 'Newest first', oldest: 'Oldest first' };

/** Without SMTP_URL mails are not sent but kept: say so, and where they are. */
function KeptNotice() {
  return (
    <div className="card notice" role="note" aria-labelledby="kept-notice-heading">
      <h2 id="kept-notice-heading">No mail server is set up: mails are kept, not sent</h2>
      <p>
        Each mail is written as an <code>.eml</code> file in the <code>mail</code> folder of the shop’s data folder (
        <code>DATA_DIR/mail</code>) on the server; any mail program opens it. To send them, set <code>SMTP_URL</code> (and{' '}
        <code>MAIL_FROM</code>) and restart the shop.
      </p>
    </div>
  );
}

/**
 * Mails: the outbox a page at a time, searched by recipient or subject, filtered by status, newest or oldest first
 * (all in the address); read a mail, send a failed one again.
 */
export default function AdminMailsRoute() {
  usePageTitle('Dashboard - Mails');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const status = statusFrom(params.get('status'));
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const sort = sortFrom(params.get('sort'));
  const query = useMails({ page, status, q, sort });
  const [words, setWords] = useState(q);
  const resend = useResendMail();
  const [reading, setReading] = useState<string | null>(null);
  const data = query.data;
  const pages = data ? pageCount(data.total, MAILS_PAGE_SIZE) : 1;

  const show = (next: { page?: number; status?: MailStatus | null; q?: string; sort?: MailSort }) => {
    const nextStatus = next.status === undefined ? status : next.status;
    const nextQ = next.q ?? q;
    const nextSort = next.sort ?? sort;
    const nextPage = next.page ?? 1;
    const search: Record<string, string> = {};
    if (nextQ) search.q = nextQ;
    if (nextStatus) search.status = nextStatus;
    if (nextSort !== 'newest') search.sort = nextSort;
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
  };
  const sendAgain = (mailId: string) => {
    if (resend.isPending) return;
    resend.mutate(mailId, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <section aria-labelledby="admin-mails-heading" className="admin-mails">
      <div className="list-header admin-header">
        <h1 id="admin-mails-heading">Mails</h1>
        {data ? <PageRange page={page} pageSize={MAILS_PAGE_SIZE} count={data.mails.length} total={data.total} /> : null}
      </div>
      {data?.delivery === 'file' ? <KeptNotice /> : null}
      {data && data.failed > 0 && status !== 'failed' ? (
        <div className="card notice notice--danger" role="note">
          <p>
            {data.failed === 1 ? '1 mail' : `${data.failed} mails`} could not be sent after every try.{' '}
            <button type="button" className="link-button" onClick={() => show({ status: 'failed' })}>
              Show the failed mails
            </button>
          </p>
        </div>
      ) : null}
      <div className="card order-filters">
        <form
          role="search"
          className="order-filters__search"
          onSubmit={(event) => {
            event.preventDefault();
            show({ q: words.trim() });
          }}
        >
          <label htmlFor="mail-search">Search mails</label>
          <div className="order-filters__search-row">
            <input id="mail-search" type="search" value={words} maxLength={100} placeholder="Recipient or subject" onChange={(event) => setWords(event.target.value)} />
            <button type="submit" className="btn btn--secondary">
              Search
            </button>
          </div>
        </form>
        <div className="order-filters__fields">
          <div className="field">
            <label htmlFor="mail-status-filter">Status</label>
            <select id="mail-status-filter" value={status ?? ''} onChange={(event) => show({ status: statusFrom(event.target.value) })}>
              <option value="">All mails</option>
              {MAIL_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {MAIL_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="mail-sort">Sort</label>
            <select id="mail-sort" value={sort} onChange={(event) => show({ sort: sortFrom(event.target.value) })}>
              {MAIL_SORTS.map((value) => (
                <option key={value} value={value}>
                  {SORT_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {query.isPending ? (
        <Spinner label="Loading mails" />
      ) : query.isError ? (
        <div className="card empty-state" role="alert">
          <h2>Something went wrong</h2>
          <p>{errorMessage(query.error, 'The mails could not be loaded.')}</p>
          <button type="button" className="btn" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : query.data.mails.length === 0 ? (
        <div className="card empty-state">
          <h2>{q ? `No mails match “${q}”` : status ? `No ${MAIL_STATUS_LABELS[status].toLowerCase()} mails` : 'No mails yet'}</h2>
          <p>Mails are written when an order is placed or changes status, an account is made, or a reset link is asked for.</p>
        </div>
      ) : (
        <div className="card admin-list">
          <div className="table-wrap">
            <table className="admin-table admin-table--mails responsive-table" aria-describedby="admin-mails-heading">
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">To</th>
                  <th scope="col">Status</th>
                  <th scope="col">Written</th>
                  <th scope="col" className="admin-table__actions">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody aria-busy={query.isPlaceholderData}>
                {query.data.mails.map((mail) => (
                  <tr key={mail._id}>
                    <th scope="row" data-label="Subject" className="admin-table__name">
                      {mail.subject}
                      {mail.lastError && mail.status !== 'sent' && mail.status !== 'kept' ? (
                        <span className="mail-row__error">{mail.lastError}</span>
                      ) : null}
                    </th>
                    <td data-label="To" data-card="wide small">{mail.to}</td>
                    <td data-label="Status" data-card="corner">
                      <MailStatusPill status={mail.status} />
                      {mail.attempts > 1 ? <span className="mail-row__tries"> {mail.attempts} tries</span> : null}
                    </td>
                    <td data-label="Written" data-card="note">
                      <time dateTime={mail.createdAt} title={fullDate(mail.createdAt)}>
                        {timeSince(mail.createdAt)}
                      </time>
                    </td>
                    <td className="admin-table__actions" data-label="Actions" data-card="end">
                      <span className="row-actions">
                        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setReading(mail._id)}>
                          Read<span className="visually-hidden"> “{mail.subject}” to {mail.to}</span>
                        </button>
                        {mail.status === 'failed' ? (
                          <button
                            type="button"
                            className="btn btn--sm"
                            onClick={() => sendAgain(mail._id)}
                            aria-disabled={resend.isPending}
                          >
                            Send again<span className="visually-hidden"> “{mail.subject}” to {mail.to}</span>
                          </button>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={pages} label="Pages of mails" onPage={(next) => show({ page: next })} />
        </div>
      )}
      {reading ? (
        <MailReader mailId={reading} onClose={() => setReading(null)} onResend={sendAgain} resending={resend.isPending} />
      ) : null}
    </section>
  );
}
