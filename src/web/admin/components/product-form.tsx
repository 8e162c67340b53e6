import { currencyExponent, currencyLabel, minorToDecimal, shopMoney } from '../../../domain/money.ts';
import { type ReactNode, useId } from 'react';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_QUANTITY_MAX,
  type Product,
  productFields,
} from '../../../contract/product.ts';
import { ProductPhoto } from '../../components/ui/product-photo.tsx';
import { FieldMessages, type FormField, useSchemaForm } from '../../components/ui/schema-form.tsx';
import { useCategories } from '../../features/categories/api/get-categories.ts';
import type { ProductInput } from '../api/product-form-data.ts';
import { CategorySelect } from './category-select.tsx';
import { PhotoInput } from './photo-input.tsx';
import '../../components/ui/form-fields.css';
import './product-form.css';

/** The checked fields, in the order they show; a missing category is said in the form's own words. */
export const PRODUCT_FORM_FIELDS: readonly FormField<keyof ProductInput>[] = [
  { name: 'category', label: 'Category', message: 'Select a category' },
  { name: 'name', label: 'Name' },
  { name: 'description', label: 'Description' },
  { name: 'price', label: 'Price' },
  { name: 'quantity', label: 'Quantity' },
  { name: 'lowStockThreshold', label: 'Low-stock threshold' },
];

const initialValues = (product: Product | undefined, lowStockThreshold: number): ProductInput => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  price: product ? String(product.price) : '',
  quantity: product ? String(product.quantity) : '',
  category: product?.category._id ?? '',
  lowStockThreshold: String(lowStockThreshold),
  shipping: product?.shipping ? '1' : '0',
  draft: product?.draft ? '1' : '0',
  photo: null,
});

interface ProductFormProps {
  /** The product being updated; none when creating. */
  product?: Product;
  /** The product's low-stock threshold (admin-product); the shop's default when creating. */
  lowStockThreshold?: number;
  submitLabel: string;
  busy: boolean;
  /** Called with valid values; the caller sends them and keeps the form as typed when the server refuses. */
  onSubmit: (values: ProductInput) => void;
  /** More actions beside the submit button (DELETE PRODUCT). */
  secondaryAction?: ReactNode;
}

type NumberName = 'price' | 'quantity' | 'lowStockThreshold';

/** What a number field needs of the product form. */
interface NumberFieldForm {
  values: ProductInput;
  errors: Partial<Record<keyof ProductInput, string>>;
  change: (name: NumberName, value: string) => void;
  inputId: (name: NumberName) => string;
  ariaProps: (name: NumberName, hint?: boolean) => { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
}

/** A labelled number input of the product form (money in cents' steps, or whole units), with its hint and error. */
function NumberField({
  form,
  name,
  label,
  decimal = false,
  max,
  placeholder,
  hint,
}: {
  form: NumberFieldForm;
  name: NumberName;
  label: string;
  decimal?: boolean;
  max: number;
  placeholder: string;
  hint?: string;
}) {
  const id = form.inputId(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode={decimal ? 'decimal' : 'numeric'}
        min={0}
        max={max}
        // The shop's currency's smallest step (0.01 for cents, 1 for yen).
        step={decimal ? 10 ** -currencyExponent(shopMoney().currency) : 1}
        placeholder={placeholder}
        value={form.values[name]}
        onChange={(event) => form.change(name, event.target.value)}
        {...form.ariaProps(name, hint !== undefined)}
      />
      <FieldMessages id={id} hint={hint} error={form.errors[name]} />
    </div>
  );
}

/** The one product form, for Create Product and Update Product. */
export function ProductForm({
  product,
  lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD,
  submitLabel,
  busy,
  onSubmit,
  secondaryAction,
}: ProductFormProps) {
  const categories = useCategories();
  const idPrefix = useId();
  // The same rules the server applies (one schema, src/contract/product.ts).
  const form = useSchemaForm({ schema: productFields, fields: PRODUCT_FORM_FIELDS, initial: initialValues(product, lowStockThreshold), idPrefix });
  const { values, errors, change, inputId } = form;
  const submit = form.handleSubmit((_data, typed) => onSubmit(typed));

  return (
    <form
      className="card panel product-form"
      onSubmit={(event) => (busy ? event.preventDefault() : submit(event))}
      noValidate
      aria-busy={busy}
    >
      <div className="product-form__grid">
        <div className="product-form__fields">
          <CategorySelect
            id={inputId('category')}
            label="Category"
            categories={categories.data ?? []}
            loading={categories.isPending}
            value={values.category}
            onChange={(id) => change('category', id)}
            error={errors.category}
          />
          <div className="field">
            <label htmlFor={inputId('name')}>Name</label>
            <input
              id={inputId('name')}
              name="name"
              type="text"
              autoComplete="off"
              placeholder="Write a name"
              maxLength={PRODUCT_NAME_MAX}
              value={values.name}
              onChange={(event) => change('name', event.target.value)}
              {...form.ariaProps('name')}
            />
            <FieldMessages id={inputId('name')} error={errors.name} />
          </div>
          <div className="field">
            <label htmlFor={inputId('description')}>Description</label>
            <textarea
              id={inputId('description')}
              name="description"
              placeholder="Write a description"
              maxLength={PRODUCT_DESCRIPTION_MAX}
              rows={5}
              value={values.description}
              onChange={(event) => change('description', event.target.value)}
              {...form.ariaProps('description')}
            />
            <FieldMessages id={inputId('description')} error={errors.description} />
          </div>
          <div className="product-form__row">
            <NumberField
              form={form}
              name="price"
              label={`Price (${currencyLabel()})`}
              decimal
              max={PRODUCT_PRICE_MAX}
              placeholder={minorToDecimal(0, shopMoney().currency)}
            />
            <NumberField form={form} name="quantity" label="Quantity" max={PRODUCT_QUANTITY_MAX} placeholder="0" hint="Units in stock." />
          </div>
          <div className="product-form__row">
            <NumberField
              form={form}
              name="lowStockThreshold"
              label="Low-stock threshold"
              max={PRODUCT_QUANTITY_MAX}
              placeholder={String(DEFAULT_LOW_STOCK_THRESHOLD)}
              hint="At or below this stock, the owner's page lists it."
            />
            <div className="field">
              <label htmlFor={inputId('shipping')}>Shipping</label>
              <select
                id={inputId('shipping')}
                name="shipping"
                value={values.shipping}
                onChange={(event) => change('shipping', event.target.value === '1' ? '1' : '0')}
              >
                <option value="0">No</option>
                <option value="1">Yes</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor={inputId('draft')}>Visibility</label>
              <select
                id={inputId('draft')}
                name="draft"
                value={values.draft}
                onChange={(event) => change('draft', event.target.value === '1' ? '1' : '0')}
              >
                <option value="0">Shown in the shop</option>
                <option value="1">Draft (hidden from shoppers)</option>
              </select>
            </div>
          </div>
        </div>
        <fieldset className="product-form__media">
          <legend>Photo</legend>
          <PhotoInput
            id={inputId('photo')}
            file={values.photo}
            onChange={(file) => change('photo', file)}
            current={product?.hasPhoto ? <ProductPhoto product={product} size={480} sizes="(max-width: 480px) 104px, (max-width: 1000px) 140px, 300px" eager /> : undefined}
          />
        </fieldset>
      </div>
      <div className="product-form__actions">
        {secondaryAction}
        <button type="submit" className="btn" aria-busy={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
