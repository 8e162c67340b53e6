import type { AuditEntry } from '../../../../contract/audit.ts';
import { fullDate, timeSince } from '../../../lib/time-since.ts';
import { actionLabel, type AuditChange, type AuditValue, auditChanges, auditSubject } from '../audit-format.ts';
import '../../../components/ui/table.css';
import './audit.css';
import '../../../components/ui/admin-table.css';

/** A value, with its whole text as the title when it is shown shortened. */
function Value({ value, className }: { value: AuditValue; className: string }) {
  return (
    <span className={className} title={value.full !== value.text ? value.full : undefined}>
      {value.text}
    </span>
  );
}

/** One field: its label, and its value before → after (or the one side an entry has). */
function ChangeRow({ change }: { change: AuditChange }) {
  return (
    <div className="audit-diff__row">
      <dt>{change.label}</dt>
      <dd>
        {change.before ? (
          <>
            <span className="visually-hidden">{change.after ? 'from ' : 'was '}</span>
            <Value value={change.before} className="audit-diff__before" />
          </>
        ) : null}
        {change.before && change.after ? (
          <span className="audit-diff__arrow" aria-hidden="true">
            →
          </span>
        ) : null}
        {change.after ? (
          <>
            <span className="visually-hidden">{change.before ? ' to ' : 'set to '}</span>
            <Value value={change.after} className="audit-diff__after" />
          </>
        ) : null}
      </dd>
    </div>
  );
}

/** Entries with more fields than this (a product created or deleted) show the first ones and fold the rest. */
const FOLD_AFTER = 6;
const SHOWN_WHEN_FOLDED = 4;

/**
 * The fields of an entry, compact: `Price $24.99 → $31.50`; a creation shows the new values, a deletion
 * the old ones; a long list shows its first fields and the rest behind "N more fields".
 */
export function AuditDiff({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const changes = auditChanges(entry);
  if (changes.length === 0) return <span className="muted">—</span>;
  const folded = changes.length > FOLD_AFTER;
  const shown = folded ? changes.slice(0, SHOWN_WHEN_FOLDED) : changes;
  const rest = folded ? changes.slice(SHOWN_WHEN_FOLDED) : [];
  return (
    <>
      <dl className="audit-diff">
        {shown.map((change) => (
          <ChangeRow key={change.field} change={change} />
        ))}
      </dl>
      {rest.length > 0 ? (
        <details className="audit-diff__more">
          <summary>{rest.length} more fields</summary>
          <dl className="audit-diff">
            {rest.map((change) => (
              <ChangeRow key={change.field} change={change} />
            ))}
          </dl>
        </details>
      ) : null}
    </>
  );
}

/** The entries of a page of the audit log: when, who and from where, what, and the fields before → after. */
export function AuditEntries({ entries, busy }: { entries: AuditEntry[]; busy: boolean }) {
  return (
    <div className="table-wrap">
      <table className="admin-table audit-table responsive-table">
        <caption className="visually-hidden">Changes to the shop, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Before → after</th>
          </tr>
        </thead>
        <tbody aria-busy={busy}>
          {entries.map((entry) => {
            const subject = auditSubject(entry);
            return (
              <tr key={entry._id} data-kind={entry.kind}>
                <td data-label="When" className="audit-table__when" data-card="corner note end">
                  <time dateTime={entry.at} title={timeSince(entry.at)}>
                    {fullDate(entry.at)}
                  </time>
                </td>
                <td data-label="Who" className="audit-table__who" data-card="wide small">
                  <span className="audit-table__name" data-card="inline">
                    {entry.actor.name}
                  </span>
                  {entry.address ? (
                    <span className="audit-table__address" data-card="inline" data-card-before=" · ">
                      from {entry.address}
                    </span>
                  ) : null}
                </td>
                <th scope="row" data-label="What" className="audit-table__what" data-card="title">
                  <span className="audit-table__action">{actionLabel(entry.action)}</span>
                  {subject ? <span className="audit-table__subject">{subject}</span> : null}
                </th>
                <td data-label="Changes" className="audit-table__changes" data-card="wide">
                  <AuditDiff entry={entry} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
