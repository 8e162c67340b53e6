import type { Category } from '../../../../contract/category.ts';
import { bandOf, type OptionChoices } from '../shop-filters.ts';

interface FilterChipsProps {
  categories: readonly Category[];
  checked: string[];
  bandId: string | null;
  options: OptionChoices;
  onRemoveCategory: (slug: string) => void;
  onRemoveBand: () => void;
  onRemoveOption: (name: string, value: string) => void;
}

/** The active filters as chips; each removes itself. */
export function FilterChips({ categories, checked, bandId, options, onRemoveCategory, onRemoveBand, onRemoveOption }: FilterChipsProps) {
  const band = bandOf(bandId);
  const chosen = checked
    .map((slug) => categories.find((category) => category.slug === slug))
    .filter((category): category is Category => Boolean(category));
  const values = Object.entries(options).flatMap(([name, chosenValues]) => chosenValues.map((value) => ({ name, value })));
  if (chosen.length === 0 && !band && values.length === 0) return null;
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
      {values.map(({ name, value }) => (
        <li key={`${name}\u0000${value}`}>
          <button type="button" className="filter-chip" onClick={() => onRemoveOption(name, value)} aria-label={`Remove filter: ${name} ${value}`}>
            {name}: {value} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
