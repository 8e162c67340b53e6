import './buttons.css';
import './pager.css';

/** The page a list shows, from the address (?page=N): a whole number from 1, else 1. */
export function pageFrom(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** How many pages `total` items make, `pageSize` a page (at least one). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** "Showing 26–50 of 120": the items of a page of a list paged on the server; nothing for an empty list. */
export function PageRange({ page, pageSize, count, total }: { page: number; pageSize: number; count: number; total: number }) {
  if (total === 0 || count === 0) return null;
  const first = (page - 1) * pageSize + 1;
  return (
    <p aria-live="polite">
      Showing {first}–{first + count - 1} of {total}
    </p>
  );
}

interface PagerProps {
  page: number;
  pages: number;
  /** What the pages are of, for screen readers: 'Pages of users'. */
  label: string;
  onPage: (page: number) => void;
}

/** Previous · Page N of M · Next, for a list paged on the server (the admin area's users, audit log). */
export function Pager({ page, pages, label, onPage }: PagerProps) {
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => {
          if (page > 1) onPage(page - 1);
        }}
        aria-disabled={page <= 1}
      >
        <span aria-hidden="true">←</span> Previous
      </button>
      <p aria-live="polite">
        Page {Math.min(page, pages)} of {pages}
      </p>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => {
          if (page < pages) onPage(page + 1);
        }}
        aria-disabled={page >= pages}
      >
        Next <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}
