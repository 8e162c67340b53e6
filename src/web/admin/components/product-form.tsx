import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { z } from 'zod';
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_QUANTITY_MAX,
  type Product,
  productFields,
} from '../../../contract/product.ts';
import { useCategories } from '../../features/categories/api/get-categories.ts';
import { ProductPhoto } from '../../features/products/components/product-photo.tsx';
import type { ProductInput } from '../api/product-form-data.ts';
import { CategorySelect } from './category-select.tsx';
import { PhotoInput } from './photo-input.tsx';

type TextField = 'category' | 'name' | 'description' | 'price' | 'quantity';
type Errors = Partial<Record<TextField, string>>;

const LABELS: Record<TextField, string> = {
  category: 'Category',
  name: 'Name',
  description: 'Description',
  price: 'Price',
  quantity: 'Quantity',
};
const ORDER: readonly TextField[] = ['category', 'name', 'description', 'price', 'quantity'];

/** The same rules the server applies (one schema, src/contract/product.ts), said in the form's words. */
export function validateProduct(values: ProductInput): Errors {
  const result = productFields.safeParse({ ...values, photo: undefined });
  if (result.success) return {};
  const found = z.flattenError(result.error).fieldErrors as Partial<Record<TextField, string[]>>;
  const errors: Errors = {};
  for (const field of ORDER) {
    const message = found[field]?.[0];
    if (!message) continue;
    errors[field] = field === 'category' ? 'Select a category' : `${LABELS[field]} ${message}`;
  }
  return errors;
}

const initialValues = (product?: Product): ProductInput => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  price: product ? String(product.price) : '',
  quantity: product ? String(product.quantity) : '',
  category: product?.category._id ?? '',
  shipping: product?.shipping ? '1' : '0',
  photo: null,
});

interface ProductFormProps {
  /** The product being updated; none when creating. */
  product?: Product;
  submitLabel: string;
  busy: boolean;
  /** Called with valid values; the caller sends them and keeps the form as typed when the server refuses. */
  onSubmit: (values: ProductInput) => void;
  /** More actions beside the submit button (DELETE PRODUCT). */
  secondaryAction?: ReactNode;
}

/** The one product form, for Create Product and Update Product. */
export function ProductForm({ product, submitLabel, busy, onSubmit, secondaryAction }: ProductFormProps) {
  const categories = useCategories();
  const prefix = useId();
  const fieldId = (name: string) => `${prefix}-${name}`;
  const [values, setValues] = useState<ProductInput>(() => initialValues(product));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const set = <K extends keyof ProductInput>(name: K, value: ProductInput[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validateProduct(next));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validateProduct(values);
    setErrors(found);
    const first = ORDER.find((field) => found[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    onSubmit(values);
  };

  const describedBy = (name: TextField, hint?: boolean) =>
    [hint ? `${fieldId(name)}-hint` : '', errors[name] ? `${fieldId(name)}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const errorText = (name: TextField) =>
    errors[name] ? (
      <p className="field__error" id={`${fieldId(name)}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="card panel product-form" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="product-form__grid">
        <div className="product-form__fields">
          <CategorySelect
            id={fieldId('category')}
            label="Category"
            categories={categories.data ?? []}
            loading={categories.isPending}
            value={values.category}
            onChange={(id) => set('category', id)}
            error={errors.category}
          />
          <div className="field">
            <label htmlFor={fieldId('name')}>Name</label>
            <input
              id={fieldId('name')}
              name="name"
              type="text"
              autoComplete="off"
              placeholder="Write a name"
              maxLength={PRODUCT_NAME_MAX}
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
            />
            {errorText('name')}
          </div>
          <div className="field">
            <label htmlFor={fieldId('description')}>Description</label>
            <textarea
              id={fieldId('description')}
              name="description"
              placeholder="Write a description"
              maxLength={PRODUCT_DESCRIPTION_MAX}
              rows={5}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy('description')}
            />
            {errorText('description')}
          </div>
          <div className="product-form__row">
            <div className="field">
              <label htmlFor={fieldId('price')}>Price (US$)</label>
              <input
                id={fieldId('price')}
                name="price"
                type="number"
                inputMode="decimal"
                min={0}
                max={PRODUCT_PRICE_MAX}
                step={0.01}
                placeholder="0.00"
                value={values.price}
                onChange={(event) => set('price', event.target.value)}
                aria-invalid={errors.price ? true : undefined}
                aria-describedby={describedBy('price')}
              />
              {errorText('price')}
            </div>
            <div className="field">
              <label htmlFor={fieldId('quantity')}>Quantity</label>
              <input
                id={fieldId('quantity')}
                name="quantity"
                type="number"
                inputMode="numeric"
                min={0}
                max={PRODUCT_QUANTITY_MAX}
                step={1}
                placeholder="0"
                value={values.quantity}
                onChange={(event) => set('quantity', event.target.value)}
                aria-invalid={errors.quantity ? true : undefined}
                aria-describedby={describedBy('quantity', true)}
              />
              <p className="field__hint" id={`${fieldId('quantity')}-hint`}>
                Units in stock.
              </p>
              {errorText('quantity')}
            </div>
          </div>
          <div className="field">
            <label htmlFor={fieldId('shipping')}>Shipping</label>
            <select
              id={fieldId('shipping')}
              name="shipping"
              value={values.shipping}
              onChange={(event) => set('shipping', event.target.value === '1' ? '1' : '0')}
            >
              <option value="0">No</option>
              <option value="1">Yes</option>
            </select>
          </div>
        </div>
        <fieldset className="product-form__media">
          <legend>Photo</legend>
          <PhotoInput
            id={fieldId('photo')}
            file={values.photo}
            onChange={(file) => set('photo', file)}
            current={product?.hasPhoto ? <ProductPhoto product={product} size={480} eager /> : undefined}
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
