import { useEffect, useRef, useState } from 'react';
import type { Category } from '../../../../contract/category.ts';
import type { Facet } from '../../../../contract/product.ts';
import { PRICE_BANDS } from '../../../../domain/price-bands.ts';
import { chosenValueCount, type OptionChoices } from '../shop-filters.ts';

interface FilterPanelProps {
  categories: Category[];
  /** The chosen categories' slugs. */
  checked: string[];
  bandId: string | null;
  /** The options' values with their counts (none: no fieldsets), and the chosen ones. */
  facets: Facet[];
  options: OptionChoices;
  /** How many products the chosen filters give (the phone sheet's "Show N results"); null while counting. */
  resultCount: number | null;
  onToggleCategory: (slug: string, on: boolean) => void;
  onSelectBand: (id: string) => void;
  onToggleOption: (name: string, value: string, on: boolean) => void;
  onReset: () => void;
}

/**
 * Categories as checkboxes, the six price bands as radios (unique ids), each option's values with their counts
 * as checkboxes ("S (12)"), RESET FILTERS. On a phone the
 * panel is a button that opens the filters as a sheet over the list, closed by "Show N results" (or Escape).
 */
export function FilterPanel({
  categories,
  checked,
  bandId,
  facets,
  options,
  resultCount,
  onToggleCategory,
  onSelectBand,
  onToggleOption,
  onReset,
}: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const active = checked.length + (bandId ? 1 : 0) + chosenValueCount(options);

  useEffect(() => {
    if (!open) return;
    body.current?.querySelector<HTMLElement>('input, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <aside className="card filters" aria-label="Filters">
      <button
        ref={toggle}
        type="button"
        className="btn btn--secondary btn--block filters__toggle"
        aria-expanded={open}
        aria-controls="filters-body"
        onClick={() => setOpen((value) => !value)}
      >
        Filters{active > 0 ? ` (${active})` : ''}
      </button>
      {open ? <div className="filters__backdrop" aria-hidden="true" onClick={close} /> : null}
      <div className="filters__body" id="filters-body" data-open={open} ref={body}>
        <fieldset>
          <legend>Filter By Category</legend>
          {categories.map((category) => (
            <label key={category._id} className="choice">
              <input
                type="checkbox"
                checked={checked.includes(category.slug)}
                onChange={(event) => onToggleCategory(category.slug, event.target.checked)}
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
        {facets.map((facet) => (
          <fieldset key={facet.name}>
            <legend>{facet.name}</legend>
            {facet.values.map(({ value, count }) => (
              <label key={value} className="choice">
                <input
                  type="checkbox"
                  checked={options[facet.name]?.includes(value) ?? false}
                  onChange={(event) => onToggleOption(facet.name, value, event.target.checked)}
                />
                <span>
                  {value} <span className="choice__count">({count})</span>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
        <div className="filters__actions">
          <button type="button" className="btn btn--danger btn--block" onClick={onReset}>
            RESET FILTERS
          </button>
          <button type="button" className="btn btn--block filters__show" onClick={close}>
            {resultCount === null ? 'Show results' : `Show ${resultCount} ${resultCount === 1 ? 'result' : 'results'}`}
          </button>
        </div>
      </div>
    </aside>
  );
}
