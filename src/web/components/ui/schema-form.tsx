import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import './form-fields.css';

/** A field the form checks: its name, and the word its messages start with. */
export interface FormField<Name extends string> {
  name: Name;
  /** The field's label; messages read `${label} ${schema message}` ('Price must be 0 or more'). */
  label: string;
  /** Said instead of the schema's message, whatever it was ('Select a category'). */
  message?: string;
}

/** One text input of a form: how it is labelled, typed and limited (rendered by SchemaFields). */
export interface FieldSpec<Name extends string> extends FormField<Name> {
  type: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  /** Defaults to true. */
  required?: boolean;
  disabled?: boolean;
  hint?: string;
}

type FieldName<Values> = keyof Values & string;
type Errors<Name extends string> = Partial<Record<Name, string>>;

/**
 * Check values against a schema: the parsed data, or each field's first message in the form's words
 * (`${label} ${message}`, or the field's own `message`). Only the listed fields get messages.
 */
export function checkWithSchema<Name extends string, Output>(
  schema: z.ZodType<Output>,
  fields: readonly FormField<Name>[],
  values: unknown,
): { data: Output; errors: Errors<Name> } | { data: null; errors: Errors<Name> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const found = z.flattenError(result.error).fieldErrors as Partial<Record<string, string[]>>;
  const errors: Errors<Name> = {};
  for (const field of fields) {
    const message = found[field.name]?.[0];
    if (message) errors[field.name] = field.message ?? `${field.label} ${message}`;
  }
  return { data: null, errors };
}

/**
 * The one way to build a form: its values, checked by the same zod schema as its server call. Messages
 * show under their fields once the form has been submitted (and follow the typing after that), and the
 * first wrong field (in the order of `fields`) gets the focus. Values that are not text (a select, a
 * file) live here too; fields the schema does not know are left out of the check.
 */
export function useSchemaForm<
  Values extends object,
  Output,
  Field extends FormField<FieldName<Values>> = FormField<FieldName<Values>>,
>(options: {
  schema: z.ZodType<Output>;
  /** The checked fields, in the order they show. */
  fields: readonly Field[];
  initial: Values;
  idPrefix: string;
}) {
  const { schema, fields, idPrefix } = options;
  type Name = FieldName<Values>;
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<Errors<Name>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputId = (name: Name) => `${idPrefix}-${name}`;

  const validate = (current: Values) => checkWithSchema(schema, fields, current);

  const change = <K extends Name>(name: K, value: Values[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
  };

  /** A submit handler that calls `onValid` with the parsed data (and the values as typed), or shows the errors. */
  const handleSubmit = (onValid: (data: Output, values: Values) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    setErrors(result.errors);
    if (result.data === null) {
      const first = fields.find((field) => result.errors[field.name]);
      if (first) document.getElementById(inputId(first.name))?.focus();
      return;
    }
    onValid(result.data, values);
  };

  /** Ties a control (id `inputId(name)`) to its hint and message: spread it on the input, select or textarea. */
  const ariaProps = (name: Name, hint = false) => ({
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': describedBy(inputId(name), { hint, error: Boolean(errors[name]) }),
  });

  return { values, setValues, errors, change, handleSubmit, inputId, ariaProps, fields };
}

/** The ids of a control's hint and error message, for aria-describedby (undefined when it has neither). */
export function describedBy(id: string, shown: { hint?: boolean; error?: boolean }): string | undefined {
  return [shown.hint ? `${id}-hint` : '', shown.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A control's hint and error message, with the ids `describedBy` names. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** What SchemaFields needs of a form whose fields are all text inputs. */
interface TextForm<Name extends string> {
  fields: readonly FieldSpec<Name>[];
  values: Record<Name, string>;
  errors: Errors<Name>;
  change: (name: Name, value: string) => void;
  inputId: (name: Name) => string;
  ariaProps: (name: Name, hint?: boolean) => { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
}

/** The labelled text inputs of a schema form, with hints and error messages tied to them for screen readers. */
export function SchemaFields<Name extends string>({ form }: { form: TextForm<Name> }) {
  return (
    <>
      {form.fields.map((field) => {
        const id = form.inputId(field.name);
        return (
          <div className="field" key={field.name}>
            <label htmlFor={id}>{field.label}</label>
            <input
              id={id}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              maxLength={field.maxLength}
              required={field.required ?? true}
              disabled={field.disabled}
              readOnly={field.disabled}
              value={form.values[field.name]}
              onChange={(event) => form.change(field.name, event.target.value)}
              {...form.ariaProps(field.name, Boolean(field.hint))}
            />
            <FieldMessages id={id} hint={field.hint} error={form.errors[field.name]} />
          </div>
        );
      })}
    </>
  );
}
