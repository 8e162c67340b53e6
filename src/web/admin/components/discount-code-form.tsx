import { type FormEvent, useId, useState } from 'react';
import { DISCOUNT_BATCH_MAX, DISCOUNT_CODE_MAX, type DiscountKind, type WireDiscountCode } from '../../../contract/discount.ts';
import { currencyLabel } from '../../../domain/money.ts';
import { useCategories } from '../../features/categories/api/get-categories.ts';
import type { DiscountCodeBody } from '../api/save-discount-code.ts';
import '../../components/ui/form-fields.css';
import './discount-code-form.css';

/** What the form sends: one code's rules (with its text), or a batch's (count and prefix instead). */
export type DiscountFormResult = { mode: 'one'; body: DiscountCodeBody } | { mode: 'batch'; body: Omit<DiscountCodeBody, 'code'> & { count: number; prefix: string } };

interface DiscountCodeFormProps {
  /** The code edited (none: a new one, or a batch). */
  code: WireDiscountCode | null;
  mode: 'one' | 'batch';
  busy: boolean;
  /** The server's refusal, shown above the buttons (it names the field). */
  error: string | null;
  onSubmit: (result: DiscountFormResult) => void;
  onCancel: () => void;
}

const KIND_LABELS: Record<DiscountKind, string> = { percent: 'Percentage off', fixed: 'Amount off', free_shipping: 'Free shipping' };
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The one form of a discount code's rules: a new code, a batch of them, or a code's changes. */
export function DiscountCodeForm({ code, mode, busy, error, onSubmit, onCancel }: DiscountCodeFormProps) {
  const id = useId();
  const categories = useCategories();
  const [text, setText] = useState(code?.code ?? '');
  const [count, setCount] = useState('50');
  const [prefix, setPrefix] = useState('');
  const [kind, setKind] = useState<DiscountKind>(code?.kind ?? 'percent');
  const [value, setValue] = useState(code ? String(code.value) : '10');
  const [chosen, setChosen] = useState<string[]>(code?.categories ?? []);
  const [productIds, setProductIds] = useState((code?.products ?? []).join(', '));
  const [minimumSubtotal, setMinimumSubtotal] = useState(code?.minimumSubtotal === null || !code ? '' : String(code.minimumSubtotal));
  const [minimumQuantity, setMinimumQuantity] = useState(code?.minimumQuantity ? String(code.minimumQuantity) : '');
  const [startsAt, setStartsAt] = useState(day(code?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(day(code?.endsAt ?? null));
  const [firstOrderOnly, setFirstOrderOnly] = useState(code?.firstOrderOnly ?? false);
  const [maxUses, setMaxUses] = useState(code?.maxUses ? String(code.maxUses) : '');
  const [maxUsesPerCustomer, setMaxUsesPerCustomer] = useState(code?.maxUsesPerCustomer ? String(code.maxUsesPerCustomer) : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const rules = {
      kind,
      value: kind === 'free_shipping' ? 0 : Number(value),
      categories: chosen,
      products: productIds
        .split(/[\s,]+/)
        .map((part) => part.trim())
        .filter(Boolean),
      minimumSubtotal: numberOrNull(minimumSubtotal),
      minimumQuantity: numberOrNull(minimumQuantity),
      startsAt: startsAt || null,
      endsAt: endsAt || null,
      firstOrderOnly,
      maxUses: numberOrNull(maxUses),
      maxUsesPerCustomer: numberOrNull(maxUsesPerCustomer),
      disabled: code?.disabled ?? false,
    };
    if (mode === 'batch') onSubmit({ mode, body: { ...rules, count: Number(count), prefix } });
    else onSubmit({ mode, body: { ...rules, code: text } });
  };

  return (
    <form className="discount-form" onSubmit={submit} noValidate>
      {mode === 'one' ? (
        <div className="field">
          <label htmlFor={`${id}-code`}>Code</label>
          <input id={`${id}-code`} value={text} onChange={(event) => setText(event.target.value)} maxLength={DISCOUNT_CODE_MAX} autoComplete="off" required data-autofocus />
          <p className="field__hint">Letters, digits, - and _; shoppers may type it in any case.</p>
        </div>
      ) : (
        <div className="discount-form__row">
          <div className="field">
            <label htmlFor={`${id}-count`}>How many codes</label>
            <input id={`${id}-count`} type="number" min={1} max={DISCOUNT_BATCH_MAX} value={count} onChange={(event) => setCount(event.target.value)} data-autofocus />
          </div>
          <div className="field">
            <label htmlFor={`${id}-prefix`}>Prefix (optional)</label>
            <input id={`${id}-prefix`} value={prefix} onChange={(event) => setPrefix(event.target.value)} maxLength={12} autoComplete="off" placeholder="VIP-" />
          </div>
        </div>
      )}
      <div className="discount-form__row">
        <div className="field">
          <label htmlFor={`${id}-kind`}>Discount</label>
          <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as DiscountKind)}>
            {Object.entries(KIND_LABELS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {kind !== 'free_shipping' ? (
          <div className="field">
            <label htmlFor={`${id}-value`}>{kind === 'percent' ? 'Percent off' : `Amount off (${currencyLabel()})`}</label>
            <input id={`${id}-value`} type="number" inputMode="decimal" min={0} step="any" value={value} onChange={(event) => setValue(event.target.value)} />
          </div>
        ) : null}
      </div>
      <fieldset className="discount-form__scope">
        <legend>Only on these categories (none: the whole order)</legend>
        <div className="discount-form__choices">
          {(categories.data ?? []).map((category) => (
            <label key={category._id} className="discount-form__choice">
              <input
                type="checkbox"
                checked={chosen.includes(category._id)}
                onChange={(event) => setChosen((list) => (event.target.checked ? [...list, category._id] : list.filter((item) => item !== category._id)))}
              />
              {category.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-products`}>Only on these products (ids, separated by commas)</label>
        <input id={`${id}-products`} value={productIds} onChange={(event) => setProductIds(event.target.value)} inputMode="numeric" autoComplete="off" />
      </div>
      <div className="discount-form__row">
        <div className="field">
          <label htmlFor={`${id}-min`}>Minimum subtotal ({currencyLabel()})</label>
          <input id={`${id}-min`} type="number" inputMode="decimal" min={0} step="any" value={minimumSubtotal} onChange={(event) => setMinimumSubtotal(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-minq`}>Minimum items</label>
          <input id={`${id}-minq`} type="number" min={1} value={minimumQuantity} onChange={(event) => setMinimumQuantity(event.target.value)} />
        </div>
      </div>
      <div className="discount-form__row">
        <div className="field">
          <label htmlFor={`${id}-starts`}>Starts on</label>
          <input id={`${id}-starts`} type="date" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-ends`}>Ends on (not included)</label>
          <input id={`${id}-ends`} type="date" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
        </div>
      </div>
      <div className="discount-form__row">
        <div className="field">
          <label htmlFor={`${id}-uses`}>Uses in all</label>
          <input id={`${id}-uses`} type="number" min={1} value={maxUses} onChange={(event) => setMaxUses(event.target.value)} placeholder="No limit" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-per`}>Uses per customer</label>
          <input id={`${id}-per`} type="number" min={1} value={maxUsesPerCustomer} onChange={(event) => setMaxUsesPerCustomer(event.target.value)} placeholder="No limit" />
        </div>
      </div>
      <label className="discount-form__choice">
        <input type="checkbox" checked={firstOrderOnly} onChange={(event) => setFirstOrderOnly(event.target.checked)} />
        First order only
      </label>
      {error ? (
        <p className="field__error discount-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="discount-form__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn" aria-busy={busy}>
          {mode === 'batch' ? 'Generate' : code ? 'Save' : 'Create'}
        </button>
      </div>
    </form>
  );
}
