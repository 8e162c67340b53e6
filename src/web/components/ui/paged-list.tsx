import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { LoadMore } from './load-more.tsx';
import { Spinner } from './spinner.tsx';

/** What a paged list needs from its infinite query. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface PagedListProps {
  query: PagedQuery;
  /** Items loaded so far. */
  count: number;
  loadingLabel: string;
  errorText: string;
  /** What shows when the list is empty. */
  empty: ReactNode;
  /** What shows while the first page loads (placeholders of the final size); a spinner when not given. */
  placeholder?: ReactNode;
  children: ReactNode;
}

/** The states of a paged list: loading, failed (with Try again), empty, or the items with Load more. */
export function PagedList({ query, count, loadingLabel, errorText, empty, placeholder, children }: PagedListProps) {
  if (query.isPending) return placeholder ?? <Spinner label={loadingLabel} />;
  if (query.isError) {
    return (
      <div className="card empty-state" role="alert">
        <h2>Something went wrong</h2>
        <p>{errorMessage(query.error, errorText)}</p>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (count === 0) return <div className="card empty-state">{empty}</div>;
  return (
    <>
      {children}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}

/** "Showing 12 of 40". */
export function ShowingCount({ count, total }: { count: number; total: number | null }) {
  if (total === null || total === 0) return null;
  return (
    <p aria-live="polite">
      Showing {count} of {total}
    </p>
  );
}
