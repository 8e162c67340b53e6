import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { ADDRESS_MAX, ANSWER_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX, registerBody, type RegisterBody } from '../../../contract/auth.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { useRegister } from '../../features/auth/api/register.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';

type FieldName = keyof RegisterBody;
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

interface FieldSpec {
  name: FieldName;
  label: string;
  type: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  hint?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name', placeholder: 'Enter Your Name', maxLength: NAME_MAX },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'Enter Your Email', maxLength: 254 },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'Enter Your Password',
    maxLength: PASSWORD_MAX,
    hint: `At least ${PASSWORD_MIN} characters`,
  },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', placeholder: 'Enter Your Phone', maxLength: PHONE_MAX },
  {
    name: 'address',
    label: 'Address',
    type: 'text',
    autoComplete: 'street-address',
    placeholder: 'Enter Your Address',
    maxLength: ADDRESS_MAX,
  },
  {
    name: 'answer',
    label: 'Favourite sport',
    type: 'text',
    autoComplete: 'off',
    placeholder: 'What is Your Favorite sports',
    maxLength: ANSWER_MAX,
    hint: 'Your security answer: you will need it to reset your password.',
  },
];

const EMPTY: Values = { name: '', email: '', password: '', phone: '', address: '', answer: '' };

/** The shared schema of the register call decides; its messages are shown under the fields. */
function validate(values: Values): { data: RegisterBody | null; errors: Errors } {
  const result = registerBody.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const found = z.flattenError(result.error).fieldErrors as Partial<Record<FieldName, string[]>>;
  const errors: Errors = {};
  for (const field of FIELDS) {
    const message = found[field.name]?.[0];
    if (message) errors[field.name] = `${field.label} ${message}`;
  }
  return { data: null, errors };
}

const inputId = (name: FieldName) => `register-${name}`;

export default function RegisterRoute() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const location = useLocation();
  const register = useRegister();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (name: FieldName, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    setSubmitted(true);
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      const first = FIELDS.find((field) => found[field.name]);
      if (first) document.getElementById(inputId(first.name))?.focus();
      return;
    }
    register.mutate(data, {
      onSuccess: (response) => {
        notify.success(response.message);
        // Keep the page the visitor came for, and spare them typing the e-mail again.
        const state = location.state && typeof location.state === 'object' ? location.state : {};
        navigate(paths.login, { state: { ...state, email: data.email } });
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <div className="account-page">
      <form className="form-card" onSubmit={submit} noValidate aria-labelledby="register-heading">
        <h1 id="register-heading">REGISTER FORM</h1>
        <p className="form-card__lead">Create your Emporium account to check out and follow your orders.</p>
        {FIELDS.map((field) => {
          const id = inputId(field.name);
          const error = errors[field.name];
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
                required
                value={values[field.name]}
                onChange={(event) => change(field.name, event.target.value)}
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
        <button type="submit" className="btn btn--block" disabled={register.isPending} aria-busy={register.isPending}>
          REGISTER
        </button>
        <p className="form-card__footer">
          Already have an account?{' '}
          <Link to={paths.login} state={location.state}>
            Log in
          </Link>
        </p>
      </form>
    </div>
  );
}
