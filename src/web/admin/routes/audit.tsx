import { useSearchParams } from 'react-router';
import { DownloadButton } from '../../components/ui/download-button.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { PageRange, pageCount, Pager, pageFrom } from '../../components/ui/pager.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { auditCsv } from '../../features/audit/api/export-audit.ts';
import { type AuditFilters, auditSearch, useAudit } from '../../features/audit/api/get-audit.ts';
import { useAuditPeople } from '../../features/audit/api/get-audit-people.ts';
import { isAuditKind } from '../../features/audit/audit-format.ts';
import { AuditEntries } from '../../features/audit/components/audit-entries.tsx';
import { AuditFiltersForm } from '../../features/audit/components/audit-filters.tsx';
import '../../components/ui/admin-table.css';

/** The filters in the address (?kind=&actor=); anything else there counts as no filter. */
function filtersFrom(params: URLSearchParams): AuditFilters {
  const kind = params.get('kind');
  const actor = params.get('actor') ?? '';
  return { kind: isAuditKind(kind) ? kind : '', actor: /^\d{1,10}$/.test(actor) ? actor : '' };
}

/** Audit log: every change to the shop, newest first, 25 a page, by kind and by person; page and filters in the address. */
export default function AdminAuditRoute() {
  usePageTitle('Dashboard - Audit log');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const filters = filtersFrom(params);
  const query = useAudit(page, filters);
  const people = useAuditPeople();
  const data = query.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const filtered = filters.kind !== '' || filters.actor !== '';

  const show = (next: AuditFilters, nextPage = 1) => setParams(new URLSearchParams(auditSearch(next, nextPage)));

  return (
    <section aria-labelledby="admin-audit-heading">
      <div className="list-header admin-header">
        <div>
          <h1 id="admin-audit-heading">Audit log</h1>
          {data ? <PageRange page={data.page} pageSize={data.pageSize} count={data.entries.length} total={data.total} /> : null}
        </div>
        <DownloadButton file={auditCsv(filters)}>Export CSV</DownloadButton>
      </div>
      <AuditFiltersForm filters={filters} people={people.data} onChange={(next) => show(next)} />
      <PagedList
          query={{
            isPending: query.isPending,
            isError: query.isError,
            error: query.error,
            refetch: query.refetch,
            hasNextPage: false,
            isFetchingNextPage: false,
            fetchNextPage: () => undefined,
          }}
          count={data?.entries.length ?? 0}
          loadingLabel="Loading the audit log"
          errorText="The audit log could not be loaded."
          empty={
            page > 1 ? (
              <>
                <h2>Nothing on this page</h2>
                <button type="button" className="btn" onClick={() => show(filters)}>
                  Go to the first page
                </button>
              </>
            ) : filtered ? (
              <>
                <h2>No change matches these filters</h2>
                <button type="button" className="btn" onClick={() => show({ kind: '', actor: '' })}>
                  Show every change
                </button>
              </>
            ) : (
              <>
                <h2>Nothing recorded yet</h2>
                <p>Every change an administrator makes shows up here.</p>
              </>
            )
          }
        >
          <div className="card admin-list">
            <AuditEntries entries={data?.entries ?? []} busy={query.isPlaceholderData} />
            <Pager page={page} pages={pages} label="Pages of the audit log" onPage={(next) => show(filters, next)} />
          </div>
        </PagedList>
    </section>
  );
}
