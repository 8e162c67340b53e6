import type { ReactNode, Ref } from 'react';
import { CATEGORY_NAME_MAX } from '../../../contract/category.ts';
import '../../components/ui/form-fields.css';
import './category-form.css';

interface CategoryFormProps {
  /** The input's id (unique on the page). */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  busy: boolean;
  /** 'inline': input and Submit on one line (the add form); 'stacked': actions below (the modal). */
  layout?: 'inline' | 'stacked';
  /** More buttons before Submit (the modal's Cancel). */
  actions?: ReactNode;
  /** Take the focus when a modal opens. */
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The server's refusal, shown under the field (a toast would sit behind a modal's backdrop). */
  error?: string | null;
}

/** The one category name form: adding on Manage Category and renaming in the edit modal. */
export function CategoryForm({ id, label, value, onChange, onSubmit, busy, layout = 'inline', actions, autoFocus = false, inputRef, error }: CategoryFormProps) {
  return (
    <form
      className={`category-form category-form--${layout}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="category-form__row">
          <input
            ref={inputRef}
            id={id}
            name="name"
            type="text"
            autoComplete="off"
            placeholder="Enter new category"
            maxLength={CATEGORY_NAME_MAX}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            data-autofocus={autoFocus || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {layout === 'inline' ? (
            <button type="submit" className="btn" aria-busy={busy}>
              Submit
            </button>
          ) : null}
        </div>
        {error ? (
          <p className="field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {layout === 'stacked' ? (
        <div className="modal__actions">
          {actions}
          <button type="submit" className="btn" aria-busy={busy}>
            Submit
          </button>
        </div>
      ) : null}
    </form>
  );
}
