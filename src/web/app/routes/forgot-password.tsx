import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  ANSWER_MAX,
  forgotPasswordBody,
  type ForgotPasswordBody,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../../../contract/auth.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { useForgotPassword } from '../../features/auth/api/forgot-password.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';

type FieldName = keyof ForgotPasswordBody;
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

interface FieldSpec {
  name: FieldName;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  hint?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'Enter Your Email', maxLength: 254 },
  {
    name: 'answer',
    label: 'Favourite sport',
    type: 'text',
    autoComplete: 'off',
    placeholder: 'Enter Your Favorite Sport',
    maxLength: ANSWER_MAX,
    hint: 'The security answer you gave when you registered.',
  },
  {
    name: 'newPassword',
    label: 'New password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'Enter Your New Password',
    maxLength: PASSWORD_MAX,
    hint: `At least ${PASSWORD_MIN} characters`,
  },
];

function validate(values: Values): { data: ForgotPasswordBody | null; errors: Errors } {
  const result = forgotPasswordBody.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const found = z.flattenError(result.error).fieldErrors as Partial<Record<FieldName, string[]>>;
  const errors: Errors = {};
  for (const field of FIELDS) {
    const message = found[field.name]?.[0];
    if (message) errors[field.name] = `${field.label} ${message}`;
  }
  return { data: null, errors };
}

const inputId = (name: FieldName) => `reset-${name}`;

export default function ForgotPasswordRoute() {
  usePageTitle('Forgot Password');
  const navigate = useNavigate();
  const location = useLocation();
  const reset = useForgotPassword();
  const rememberedEmail = (location.state as { email?: unknown } | null)?.email;
  const [values, setValues] = useState<Values>({
    email: typeof rememberedEmail === 'string' ? rememberedEmail : '',
    answer: '',
    newPassword: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (name: FieldName, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    setSubmitted(true);
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      const first = FIELDS.find((field) => found[field.name]);
      if (first) document.getElementById(inputId(first.name))?.focus();
      return;
    }
    reset.mutate(data, {
      onSuccess: (response) => {
        notify.success(response.message);
        const state = location.state && typeof location.state === 'object' ? location.state : {};
        navigate(paths.login, { state: { ...state, email: data.email } });
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <div className="account-page">
      <form className="form-card" onSubmit={submit} noValidate aria-labelledby="reset-heading">
        <h1 id="reset-heading">RESET PASSWORD</h1>
        <p className="form-card__lead">Answer your security question and choose a new password.</p>
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
        <button type="submit" className="btn btn--block" disabled={reset.isPending} aria-busy={reset.isPending}>
          RESET
        </button>
        <p className="form-card__footer">
          Remembered it?{' '}
          <Link to={paths.login} state={location.state}>
            Back to login
          </Link>
        </p>
      </form>
    </div>
  );
}
