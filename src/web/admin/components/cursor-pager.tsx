import { LIST_COUNT_CAP } from '../../../contract/admin-lists.ts';
import '../../components/ui/buttons.css';
import '../../components/ui/pager.css';

/** Previous · Next for a list paged by cursor (the admin's orders and products): each names the row to start from. */
export function CursorPager({ label, prev, next, onPage }: { label: string; prev: string | null; next: string | null; onPage: (cursor: { after: string } | { before: string }) => void }) {
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="btn btn--secondary"
        aria-disabled={!prev}
        onClick={() => {
          if (prev) onPage({ before: prev });
        }}
      >
        <span aria-hidden="true">←</span> Previous
      </button>
      <button
        type="button"
        className="btn btn--secondary"
        aria-disabled={!next}
        onClick={() => {
          if (next) onPage({ after: next });
        }}
      >
        Next <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}

/** "Showing 20 of 1,234 orders" (or "of 10,000+": totals are counted up to LIST_COUNT_CAP). */
export function ListCount({ shown, total, capped, one, many }: { shown: number; total: number; capped: boolean; one: string; many: string }) {
  if (total === 0) return null;
  const all = capped ? `${LIST_COUNT_CAP.toLocaleString('en-US')}+` : total.toLocaleString('en-US');
  return (
    <p aria-live="polite">
      Showing {shown} of {all} {total === 1 ? one : many}
    </p>
  );
}
