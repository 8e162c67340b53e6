import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Category } from '../../../contract/category.ts';
import { describedBy, FieldMessages } from '../../components/ui/schema-form.tsx';
import './category-select.css';

interface CategorySelectProps {
  id: string;
  label: string;
  categories: Category[];
  /** The selected category's id ('' for none). */
  value: string;
  onChange: (id: string) => void;
  loading?: boolean;
  /** An error message shown under the field. */
  error?: string;
}

const normalise = (text: string) => text.trim().toLocaleLowerCase();

/**
 * A searchable category dropdown (the ARIA 1.2 combobox pattern): type to filter, ↓/↑ to move,
 * Enter to choose, Escape to close; Home/End jump. It holds the category's id, shows its name.
 */
export function CategorySelect({ id, label, categories, value, onChange, loading = false, error }: CategorySelectProps) {
  const listId = useId();
  const selected = categories.find((category) => category._id === value) ?? null;
  const [query, setQuery] = useState<string | null>(null); // null: not typing, the input shows the selection
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const options = useMemo(() => {
    const needle = normalise(query ?? '');
    return needle ? categories.filter((category) => normalise(category.name).includes(needle)) : categories;
  }, [categories, query]);

  const activeOption = open ? options[Math.min(active, options.length - 1)] : undefined;
  const optionId = (categoryId: string) => `${listId}-option-${categoryId}`;

  const activeId = activeOption ? optionId(activeOption._id) : undefined;

  // Keep the active option in view while moving through a long list.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  /** Open on the selected category (or the first one). */
  const openList = () => {
    setOpen(true);
    setActive(Math.max(options.findIndex((category) => category._id === value), 0));
  };

  const choose = (category: Category) => {
    onChange(category._id);
    setQuery(null);
    setOpen(false);
  };

  /** Leaving the field: an exact name typed counts as choosing it; anything else shows the selection again. */
  const settle = () => {
    if (query !== null) {
      const exact = categories.find((category) => normalise(category.name) === normalise(query));
      if (exact) onChange(exact._id);
    }
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((index) => Math.min(index + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(Math.max(options.length - 1, 0));
        }
        break;
      case 'Enter':
        if (open) {
          // Choosing never submits the form.
          event.preventDefault();
          if (activeOption) choose(activeOption);
        }
        break;
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          // Inside a modal dialog, Escape closes the list, not the dialog.
          event.stopPropagation();
          setQuery(null);
          setOpen(false);
        }
        break;
      case 'Tab':
        settle();
        break;
    }
  };

  const text = query ?? selected?.name ?? '';
  const noMatch = open && options.length === 0;

  return (
    <div className="field combobox">
      <label htmlFor={id}>{label}</label>
      <div className="combobox__control">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error: Boolean(error) })}
          autoComplete="off"
          spellCheck={false}
          placeholder={loading ? 'Loading categories…' : 'Select a category'}
          value={text}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          // Typing replaces the shown name instead of adding to it.
          onFocus={(event) => event.currentTarget.select()}
          onClick={() => (open ? setOpen(false) : openList())}
          onBlur={settle}
        />
        <button
          type="button"
          className="combobox__toggle"
          tabIndex={-1}
          aria-label={open ? 'Hide categories' : 'Show categories'}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            inputRef.current?.focus();
            if (open) setOpen(false);
            else openList();
          }}
        >
          <span aria-hidden="true">▾</span>
        </button>
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="combobox__list"
          hidden={!open || options.length === 0}
        >
          {options.map((category, index) => (
            <li
              key={category._id}
              id={optionId(category._id)}
              role="option"
              aria-selected={category._id === value}
              data-active={activeOption?._id === category._id}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(category)}
            >
              {category.name}
            </li>
          ))}
        </ul>
        {noMatch ? (
          <p className="combobox__empty" role="status">
            No category matches “{query}”
          </p>
        ) : null}
      </div>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
