import { useState } from 'react';
import { VARIANT_OPTIONS_MAX, VARIANTS_MAX } from '../../../contract/limits.ts';
import type { ProductVariantsResponse, SetVariantsBody } from '../../../contract/variants.ts';
import { combinationCount, fillDown, gridProblem, moveItem, regenerateRows, variantTitle } from '../../../domain/variants.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useSaveVariants } from '../api/product-variants.ts';
import './variant-editor.css';

interface OptionDraft {
  name: string;
  values: string[];
}

/** A row of the grid as typed (text), before it is sent. */
interface RowDraft {
  _id?: string;
  sku: string;
  price: string;
  compareAtPrice: string;
  quantity: string;
  lowStockThreshold: string;
  weight: string;
  options: string[];
}

type Column = 'sku' | 'price' | 'compareAtPrice' | 'quantity' | 'lowStockThreshold' | 'weight';
const COLUMNS: { key: Column; label: string; numeric: boolean }[] = [
  { key: 'sku', label: 'SKU', numeric: false },
  { key: 'price', label: 'Price', numeric: true },
  { key: 'compareAtPrice', label: 'Compare-at', numeric: true },
  { key: 'quantity', label: 'Stock', numeric: true },
  { key: 'lowStockThreshold', label: 'Alert at', numeric: true },
  { key: 'weight', label: 'Weight (g)', numeric: true },
];

const toDraft = (variant: ProductVariantsResponse['variants'][number]): RowDraft => ({
  _id: variant._id,
  sku: variant.sku ?? '',
  price: String(variant.price),
  compareAtPrice: variant.compareAtPrice === null ? '' : String(variant.compareAtPrice),
  quantity: String(variant.quantity),
  lowStockThreshold: String(variant.lowStockThreshold ?? 5),
  weight: variant.weight === null ? '' : String(variant.weight),
  options: variant.options,
});

const number = (text: string) => (text.trim() === '' ? null : Number(text));

/** The grid as the server takes it (text turned into numbers; the server checks them again). */
function toBody(options: OptionDraft[], rows: RowDraft[]): SetVariantsBody {
  return {
    options: options.map((option) => ({ name: option.name, values: option.values })),
    variants: rows.map((row) => ({
      ...(row._id ? { _id: row._id } : {}),
      sku: row.sku.trim() === '' ? null : row.sku.trim(),
      price: number(row.price) ?? Number.NaN,
      compareAtPrice: number(row.compareAtPrice),
      quantity: number(row.quantity) ?? Number.NaN,
      lowStockThreshold: number(row.lowStockThreshold) ?? 5,
      weight: number(row.weight),
      options: row.options,
    })),
  };
}

/**
 * Options (up to 3, values in order) and the variant grid of a product: generate the combinations, set a
 * column for all rows or fill it down, remove rows that do not exist, save all at once.
 */
export function VariantEditor({ productId, data }: { productId: string; data: ProductVariantsResponse }) {
  const [options, setOptions] = useState<OptionDraft[]>(data.options);
  const [rows, setRows] = useState<RowDraft[]>(data.variants.map(toDraft));
  const [newValues, setNewValues] = useState<string[]>(data.options.map(() => ''));
  const [setAll, setSetAll] = useState<Record<Column, string>>({ sku: '', price: '', compareAtPrice: '', quantity: '', lowStockThreshold: '', weight: '' });
  const save = useSaveVariants();
  const problem = gridProblem(options, rows);
  const first = rows[0];
  const blank = (values: string[]): RowDraft => ({
    sku: '',
    price: first?.price ?? '',
    compareAtPrice: '',
    quantity: '0',
    lowStockThreshold: first?.lowStockThreshold ?? '5',
    weight: '',
    options: values,
  });

  const changeOption = (index: number, next: OptionDraft) => setOptions(options.map((option, o) => (o === index ? next : option)));
  const addValue = (index: number) => {
    const value = (newValues[index] ?? '').trim();
    const option = options[index];
    if (!value || !option) return;
    changeOption(index, { ...option, values: [...option.values, value] });
    setNewValues(newValues.map((entry, o) => (o === index ? '' : entry)));
  };
  const removeOption = (index: number) => {
    setOptions(options.filter((_, o) => o !== index));
    setNewValues(newValues.filter((_, o) => o !== index));
    setRows(rows.map((row) => ({ ...row, options: row.options.filter((_, o) => o !== index) })));
  };
  const cell = (index: number, key: Column, value: string) => setRows(rows.map((row, r) => (r === index ? { ...row, [key]: value } : row)));

  return (
    <section className="card variant-editor" aria-labelledby="variants-heading">
      <h2 id="variants-heading">Options and variants</h2>
      <p className="muted">
        Up to {VARIANT_OPTIONS_MAX} options (Size, Colour…). Without options the product is one variant. The product's price is its lowest
        variant price and its stock the sum of theirs.
      </p>
      {options.map((option, o) => (
        <fieldset key={o} className="variant-editor__option">
          <legend>Option {o + 1}</legend>
          <label>
            Name
            <input value={option.name} onChange={(event) => changeOption(o, { ...option, name: event.target.value })} />
          </label>
          <ol className="variant-editor__values" aria-label={`Values of ${option.name || `option ${o + 1}`}`}>
            {option.values.map((value, v) => (
              <li key={`${value}-${v}`}>
                <span>{value}</span>
                <button type="button" className="btn btn--ghost btn--sm" aria-label={`Move ${value} up`} disabled={v === 0} onClick={() => changeOption(o, { ...option, values: moveItem(option.values, v, v - 1) })}>
                  ↑
                </button>
                <button type="button" className="btn btn--ghost btn--sm" aria-label={`Move ${value} down`} disabled={v === option.values.length - 1} onClick={() => changeOption(o, { ...option, values: moveItem(option.values, v, v + 1) })}>
                  ↓
                </button>
                <button type="button" className="btn btn--ghost btn--sm" aria-label={`Remove ${value}`} onClick={() => changeOption(o, { ...option, values: option.values.filter((_, w) => w !== v) })}>
                  ×
                </button>
              </li>
            ))}
          </ol>
          <div className="variant-editor__add">
            <label>
              New value
              <input
                value={newValues[o] ?? ''}
                onChange={(event) => setNewValues(newValues.map((entry, w) => (w === o ? event.target.value : entry)))}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addValue(o);
                  }
                }}
              />
            </label>
            <button type="button" className="btn btn--ghost" onClick={() => addValue(o)}>
              Add value
            </button>
            <button type="button" className="btn btn--danger-soft" onClick={() => removeOption(o)}>
              Remove option
            </button>
          </div>
        </fieldset>
      ))}
      <div className="variant-editor__actions">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={options.length >= VARIANT_OPTIONS_MAX}
          onClick={() => {
            setOptions([...options, { name: '', values: [] }]);
            setNewValues([...newValues, '']);
          }}
        >
          Add option
        </button>
        <button
          type="button"
          className="btn"
          disabled={combinationCount(options) > VARIANTS_MAX || options.some((option) => option.values.length === 0)}
          onClick={() => setRows(regenerateRows(options, rows, blank))}
        >
          Generate combinations ({combinationCount(options)})
        </button>
      </div>

      <div className="variant-editor__table" role="region" aria-label="Variant grid" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              {COLUMNS.map((column) => (
                <th scope="col" key={column.key}>
                  {column.label}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
            <tr className="variant-editor__bulk">
              <td>All rows</td>
              {COLUMNS.map((column) => (
                <td key={column.key}>
                  <input
                    aria-label={`${column.label} for all rows`}
                    inputMode={column.numeric ? 'decimal' : undefined}
                    value={setAll[column.key]}
                    onChange={(event) => setSetAll({ ...setAll, [column.key]: event.target.value })}
                  />
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRows(rows.map((row) => ({ ...row, [column.key]: setAll[column.key] })))}>
                    Set all
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => {
                      const filled = fillDown(rows.map((row) => row[column.key]));
                      setRows(rows.map((row, r) => ({ ...row, [column.key]: filled[r] ?? '' })));
                    }}
                  >
                    Fill down
                  </button>
                </td>
              ))}
              <td />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => {
              const title = variantTitle(row.options) || 'Default';
              return (
                <tr key={row._id ?? `new-${row.options.join('/')}-${r}`}>
                  <th scope="row">{title}</th>
                  {COLUMNS.map((column) => (
                    <td key={column.key}>
                      <input
                        aria-label={`${column.label} of ${title}`}
                        inputMode={column.numeric ? 'decimal' : undefined}
                        value={row[column.key]}
                        onChange={(event) => cell(r, column.key, event.target.value)}
                      />
                    </td>
                  ))}
                  <td>
                    <button type="button" className="btn btn--ghost btn--sm" aria-label={`Remove ${title}`} disabled={rows.length === 1} onClick={() => setRows(rows.filter((_, w) => w !== r))}>
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {problem ? (
        <p className="inline-error" role="alert">
          {problem.field}: {problem.message}
        </p>
      ) : null}
      <button
        type="button"
        className="btn"
        disabled={save.isPending || problem !== null}
        onClick={() =>
          save.mutate(
            { id: productId, body: toBody(options, rows) },
            {
              onSuccess: (saved) => {
                setRows(saved.variants.map(toDraft));
                setOptions(saved.options);
                notify.success('Variants Saved');
              },
              onError: (error) => notify.error(errorMessage(error)),
            },
          )
        }
      >
        {save.isPending ? 'Saving…' : 'SAVE VARIANTS'}
      </button>
    </section>
  );
}
