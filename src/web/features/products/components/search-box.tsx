import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Category } from '../../../../contract/category.ts';
import { paths } from '../../../config/paths.ts';
import { searchSuggestionsQuery } from '../api/search-products.ts';
import './search-box.css';

/** Suggestions start at this many characters, this long after the last key. */
const SUGGEST_MIN_CHARS = 2;
const SUGGEST_DELAY_MS = 200;
const MAX_CATEGORIES = 3;

interface Suggestion {
  key: string;
  label: string;
  kind: 'Category' | 'Product';
  to: string;
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The header's search box: Search goes to the results; while typing, categories and products that match
 * are suggested (from the search the server keeps), chosen with the arrow keys and Enter, or a click.
 */
export function SearchBox({ categories }: { categories: readonly Category[] }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const listId = useId();
  const current = location.pathname === paths.search ? (params.get('keyword') ?? '') : '';
  const [keyword, setKeyword] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => setKeyword(current), [current]);
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.pathname, location.search]);

  const typed = useDebounced(keyword.trim(), SUGGEST_DELAY_MS);
  const asking = open && typed.length >= SUGGEST_MIN_CHARS;
  const products = useQuery({ ...searchSuggestionsQuery(typed), enabled: asking });
  const lower = typed.toLowerCase();
  const suggestions: Suggestion[] = asking
    ? [
        ...categories
          .filter((category) => category.name.toLowerCase().includes(lower))
          .slice(0, MAX_CATEGORIES)
          .map((category) => ({ key: `c${category._id}`, label: category.name, kind: 'Category' as const, to: paths.category(category.slug) })),
        ...(products.data ?? []).map((product) => ({ key: `p${product._id}`, label: product.name, kind: 'Product' as const, to: paths.product(product.slug) })),
      ]
    : [];
  const shown = open && suggestions.length > 0;
  useEffect(() => setActive(-1), [typed]);

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = keyword.trim();
    if (value) go(`${paths.search}?keyword=${encodeURIComponent(value)}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // The first Escape closes the suggestions and keeps the words; the next one clears them (the browser's own).
      if (shown) event.preventDefault();
      setOpen(false);
      return;
    }
    if (!shown) {
      if (event.key === 'ArrowDown') setOpen(true);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the typed words themselves: the arrows cycle through the suggestions and back to them.
      setActive((index) => {
        const next = index + step;
        if (next >= suggestions.length) return -1;
        return next < -1 ? suggestions.length - 1 : next;
      });
    } else if (event.key === 'Enter' && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      go((suggestions[active] as Suggestion).to);
    }
  };

  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search products
      </label>
      <div className="search-form__field">
        <input
          id="site-search"
          type="search"
          placeholder="Search products"
          value={keyword}
          maxLength={100}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 && active < suggestions.length ? `${listId}-${active}` : undefined}
          onChange={(event) => {
            // New words: no suggestion is chosen until the arrows choose one again.
            setKeyword(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" aria-label="Suggestions" className="search-suggestions" hidden={!shown}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="search-suggestions__item"
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                go(suggestion.to);
              }}
            >
              <span>{suggestion.label}</span>
              <span className="search-suggestions__kind">{suggestion.kind}</span>
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="btn">
        Search
      </button>
    </form>
  );
}
