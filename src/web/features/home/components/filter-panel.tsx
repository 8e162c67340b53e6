import { useState } from 'react';
import type { Category } from '../../../../contract/category.ts';
import { PRICE_BANDS } from '../../../../domain/price-bands.ts';

interface FilterPanelProps {
  categories: Category[];
  checked: string[];
  bandId: string | null;
  onToggleCategory: (id: string, on: boolean) => void;
  onSelectBand: (id: string) => void;
  onReset: () => void;
}

/** Categories as checkboxes, the six price bands as radios (unique ids), RESET FILTERS. */
export function FilterPanel({ categories, checked, bandId, onToggleCategory, onSelectBand, onReset }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <aside className="card filters" aria-label="Filters">
      <button
        type="button"
        className="btn btn--secondary btn--block filters__toggle"
        aria-expanded={open}
        aria-controls="filters-body"
        onClick={() => setOpen((value) => !value)}
      >
        Filters
      </button>
      <div className="filters__body" id="filters-body" data-open={open}>
        <fieldset>
          <legend>Filter By Category</legend>
          {categories.map((category) => (
            <label key={category._id} className="choice">
              <input
                type="checkbox"
                checked={checked.includes(category._id)}
                onChange={(event) => onToggleCategory(category._id, event.target.checked)}
              />
              {category.name}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Filter By Price</legend>
          {PRICE_BANDS.map((band) => (
            <label key={band.id} className="choice" htmlFor={band.id}>
              <input
                id={band.id}
                type="radio"
                name="price-band"
                value={band.id}
                checked={bandId === band.id}
                onChange={() => onSelectBand(band.id)}
              />
              {band.label}
            </label>
          ))}
        </fieldset>
        <button type="button" className="btn btn--danger btn--block" onClick={onReset}>
          RESET FILTERS
        </button>
      </div>
    </aside>
  );
}
