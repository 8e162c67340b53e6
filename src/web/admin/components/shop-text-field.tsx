import { describedBy, FieldMessages } from '../../components/ui/schema-form.tsx';
import '../../components/ui/form-fields.css';

interface ShopTextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  hint?: string | undefined;
  error?: string | undefined;
}

/** One labelled text field of the shop's details (optional: empty means not written). */
export function ShopTextField({ id, label, value, onChange, maxLength, rows, type = 'text', autoComplete = 'off', hint, error }: ShopTextFieldProps) {
  const aria = { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': describedBy(id, { hint: Boolean(hint), error: Boolean(error) }) };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea id={id} rows={rows} maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} {...aria} />
      ) : (
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...aria}
        />
      )}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** The field a server refusal names (`announcement.text: is required…` → `announcement.text`) and its message. */
export function refusalOf(message: string): { field: string; message: string } | null {
  const found = /^([A-Za-z]+(?:\.[A-Za-z]+)?): (.+)$/.exec(message);
  return found ? { field: found[1] as string, message: found[2] as string } : null;
}
