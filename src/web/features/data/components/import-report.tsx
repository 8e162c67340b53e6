import { shopNumberFormat } from '../../../../domain/money.ts';
import type { ImportAction, ImportReport, ImportRow } from '../../../../contract/data.ts';
import '../../../components/ui/status-pill.css';
import '../../../components/ui/table.css';
import './data.css';
import '../../../components/ui/admin-table.css';

const ACTION: Record<ImportAction, { label: string; tone: string }> = {
  create: { label: 'Create', tone: 'status status--success' },
  update: { label: 'Update', tone: 'status' },
  unchanged: { label: 'Unchanged', tone: 'status status--neutral' },
  error: { label: 'Error', tone: 'status status--danger' },
};

/** A count in the shop's locale (12,345 or 12.345). */
const count = (value: number) => shopNumberFormat().format(value);

/** The counts of a report: what a dry run would do, or what an import did. */
function Summary({ report }: { report: ImportReport }) {
  const { summary, applied } = report;
  const items = [
    { key: 'rows', value: summary.rows, label: summary.rows === 1 ? 'row' : 'rows' },
    { key: 'create', value: summary.create, label: applied ? 'created' : 'to create' },
    { key: 'update', value: summary.update, label: applied ? 'updated' : 'to update' },
    { key: 'unchanged', value: summary.unchanged, label: 'unchanged' },
    { key: 'error', value: summary.error, label: summary.error === 1 ? 'error' : 'errors' },
  ];
  return (
    <ul className="import-summary" aria-label="Summary">
      {items.map((item) => (
        <li key={item.key} className={item.key === 'error' && item.value > 0 ? 'import-summary__item--error' : undefined}>
          <span className="import-summary__value">{count(item.value)}</span> {item.label}
        </li>
      ))}
    </ul>
  );
}

/** What a row changes, or what is wrong with it. */
function RowDetails({ row }: { row: ImportRow }) {
  if (row.errors.length > 0) {
    return (
      <ul className="import-errors">
        {row.errors.map((error) => (
          <li key={`${error.column}:${error.message}`}>
            <span className="import-errors__column">{error.column}</span>: {error.message}
          </li>
        ))}
      </ul>
    );
  }
  if (row.action === 'update') return <>Changes {row.changes.join(', ')}</>;
  if (row.action === 'create') return <>A new product</>;
  return <>No change</>;
}

/**
 * The report of a dry run or an import: the server's message, the counts, and each row that is not
 * unchanged (line, slug, name, action, the changed columns or the errors with their column), errors first.
 */
export function ImportReportView({ report, message, refused }: { report: ImportReport; message: string; refused: boolean }) {
  const { summary } = report;
  const title = report.applied ? 'Import result' : refused ? 'Check found errors' : 'Check result';
  return (
    <section className={`import-report${refused ? ' import-report--refused' : ''}`} aria-labelledby="import-report-heading">
      <h3 id="import-report-heading">{title}</h3>
      <p className="import-report__message">{message}</p>
      <Summary report={report} />
      {summary.newCategories.length > 0 ? (
        <p>
          {report.applied ? 'New categories: ' : 'Categories to create: '}
          {summary.newCategories.join(', ')}
        </p>
      ) : null}
      {report.rows.length === 0 ? (
        <p className="muted">Every row is unchanged.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="admin-table import-table responsive-table">
              <caption className="visually-hidden">Rows of the file that change something or have an error</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Slug</th>
                  <th scope="col">Name</th>
                  <th scope="col">Action</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.line} data-action={row.action}>
                    <td data-label="Line" data-card="wide note" data-card-before="Line ">
                      {row.line}
                    </td>
                    <td data-label="Slug" className="import-table__slug" data-card="wide note">
                      {row.slug || <span className="muted">new</span>}
                    </td>
                    <th scope="row" data-label="Name" className="admin-table__name" data-card="title">
                      {row.name || <span className="muted">(no name)</span>}
                    </th>
                    <td data-label="Action" data-card="corner">
                      <span className={ACTION[row.action].tone}>{ACTION[row.action].label}</span>
                    </td>
                    <td data-label="Details" data-card="wide">
                      <RowDetails row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted import-report__note">
            {report.truncated
              ? `The list is cut short: it shows the first ${count(report.rows.length)} rows (errors first); the counts above cover all ${count(summary.rows)} rows.`
              : 'Unchanged rows are not listed.'}
          </p>
        </>
      )}
    </section>
  );
}
