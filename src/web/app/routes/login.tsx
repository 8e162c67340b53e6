import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { loginBody, type LoginBody, PASSWORD_MAX } from '../../../contract/auth.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { useLogin } from '../../features/auth/api/login.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';

type FieldName = keyof LoginBody;
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

interface FieldSpec {
  name: FieldName;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  placeholder: string;
  maxLength: number;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'Enter Your Email', maxLength: 254 },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'current-password',
    placeholder: 'Enter Your Password',
    maxLength: PASSWORD_MAX,
  },
];

const ACCOUNT_PATHS: readonly string[] = [paths.login, paths.register, paths.forgotPassword];

/**
 * Where to go after logging in: the page a guard or the cart remembered (`state.from`, or a plain path
 * string), if it is a path of this site; otherwise the shop.
 */
function returnPath(state: unknown): string {
  const from =
    typeof state === 'string' ? state : state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.home;
  return ACCOUNT_PATHS.includes(from.split(/[?#]/)[0] ?? '') ? paths.home : from;
}

function validate(values: Values): { data: LoginBody | null; errors: Errors } {
  const result = loginBody.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const found = z.flattenError(result.error).fieldErrors as Partial<Record<FieldName, string[]>>;
  const errors: Errors = {};
  for (const field of FIELDS) {
    const message = found[field.name]?.[0];
    if (message) errors[field.name] = `${field.label} ${message}`;
  }
  return { data: null, errors };
}

const inputId = (name: FieldName) => `login-${name}`;

export default function LoginRoute() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const rememberedEmail = (location.state as { email?: unknown } | null)?.email;
  const [values, setValues] = useState<Values>({
    email: typeof rememberedEmail === 'string' ? rememberedEmail : '',
    password: '',
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
    if (login.isPending) return;
    setSubmitted(true);
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      const first = FIELDS.find((field) => found[field.name]);
      if (first) document.getElementById(inputId(first.name))?.focus();
      return;
    }
    login.mutate(data, {
      onSuccess: (response) => {
        notify.success(response.message);
        navigate(returnPath(location.state), { replace: true });
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <div className="account-page">
      <form className="form-card" onSubmit={submit} noValidate aria-labelledby="login-heading">
        <h1 id="login-heading">LOGIN FORM</h1>
        <p className="form-card__lead">Welcome back. Log in to check out and see your orders.</p>
        {FIELDS.map((field) => {
          const id = inputId(field.name);
          const error = errors[field.name];
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
                aria-describedby={error ? `${id}-error` : undefined}
              />
              {error ? (
                <p className="field__error" id={`${id}-error`}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="form-card__actions">
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => navigate(paths.forgotPassword, { state: location.state })}
          >
            Forgot Password
          </button>
          <button type="submit" className="btn btn--block" disabled={login.isPending} aria-busy={login.isPending}>
            LOGIN
          </button>
        </div>
        <p className="form-card__footer">
          New to Emporium?{' '}
          <Link to={paths.register} state={location.state}>
            Create an account
          </Link>
        </p>
      </form>
    </div>
  );
}
