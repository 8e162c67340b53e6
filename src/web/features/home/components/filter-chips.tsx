import type { Category } from '../../../../contract/category.ts';
import { bandOf } from '../shop-filters.ts';

interface FilterChipsProps {
  categories: readonly Category[];
  checked: string[];
  bandId: string | null;
  onRemoveCategory: (slug: string) => void;
  onRemoveBand: () => void;
}

/** The active filters as chips; each removes itself. */
export function FilterChips({ categories, checked, bandId, onRemoveCategory, onRemoveBand }: FilterChipsProps) {
  const band = bandOf(bandId);
  const chosen = checked
    .map((slug) => categories.find((category) => category.slug === slug))
    .filter((category): category is Category => Boolean(category));
  if (chosen.length === 0 && !band) return null;
  return (
    <ul className="filter-chips" aria-label="Active filters">
      {chosen.map((category) => (
        <li key={category.slug}>
          <button type="button" className="filter-chip" onClick={() => onRemoveCategory(category.slug)} aria-label={`Remove filter: ${category.name}`}>
            {category.name} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      {band ? (
        <li>
          <button type="button" className="filter-chip" onClick={onRemoveBand} aria-label={`Remove filter: ${band.label}`}>
            {band.label} <span aria-hidden="true">×</span>
          </button>
        </li>
      ) : null}
    </ul>
  );
}
