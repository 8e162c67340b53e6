import { type FormEvent, useState } from 'react';
import { z } from 'zod';

/** One text input of a form: how it is labelled, typed and limited. */
export interface FieldSpec<Name extends string> {
  name: Name;
  label: string;
  type: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  /** Defaults to true. */
  required?: boolean;
  disabled?: boolean;
  hint?: string;
}

type Values<Name extends string> = Record<Name, string>;
type Errors<Name extends string> = Partial<Record<Name, string>>;

/**
 * A form checked by the same zod schema as its server call: messages show under their fields once the
 * form has been submitted (and follow the typing after that), and the first wrong field gets the focus.
 */
export function useSchemaForm<Name extends string, Output>(options: {
  schema: z.ZodType<Output>;
  fields: readonly FieldSpec<Name>[];
  initial: Values<Name>;
  idPrefix: string;
}) {
  const { schema, fields, idPrefix } = options;
  const [values, setValues] = useState<Values<Name>>(options.initial);
  const [errors, setErrors] = useState<Errors<Name>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputId = (name: Name) => `${idPrefix}-${name}`;

  const validate = (current: Values<Name>): { data: Output | null; errors: Errors<Name> } => {
    const result = schema.safeParse(current);
    if (result.success) return { data: result.data, errors: {} };
    const found = z.flattenError(result.error).fieldErrors as Partial<Record<string, string[]>>;
    const next: Errors<Name> = {};
    for (const field of fields) {
      const message = found[field.name]?.[0];
      if (message) next[field.name] = `${field.label} ${message}`;
    }
    return { data: null, errors: next };
  };

  const change = (name: Name, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
  };

  /** A submit handler that calls `onValid` with the parsed data, or shows the errors. */
  const handleSubmit = (onValid: (data: Output) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    setErrors(result.errors);
    if (result.data === null) {
      const first = fields.find((field) => result.errors[field.name]);
      if (first) document.getElementById(inputId(first.name))?.focus();
      return;
    }
    onValid(result.data);
  };

  return { values, setValues, errors, change, handleSubmit, inputId, fields };
}

type SchemaForm<Name extends string> = Pick<
  ReturnType<typeof useSchemaForm<Name, unknown>>,
  'values' | 'errors' | 'change' | 'inputId' | 'fields'
>;

/** The labelled inputs of a schema form, with hints and error messages tied to them for screen readers. */
export function SchemaFields<Name extends string>({ form }: { form: SchemaForm<Name> }) {
  return (
    <>
      {form.fields.map((field) => {
        const id = form.inputId(field.name);
        const error = form.errors[field.name];
        const describedBy = [field.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
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
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
            />
            {field.hint ? (
              <p className="field__hint" id={`${id}-hint`}>
                {field.hint}
              </p>
            ) : null}
            {error ? (
              <p className="field__error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
