import { Link, useLocation, useNavigate } from 'react-router';
import { loginBody, type LoginBody, PASSWORD_MAX } from '../../../contract/auth.ts';
import { SHOP_NAME, usePageTitle } from '../../components/ui/page-title.ts';
import { type FieldSpec, SchemaFields, useSchemaForm } from '../../components/ui/schema-form.tsx';
import { paths } from '../../config/paths.ts';
import { rememberedEmail, returnPath } from '../../features/auth/account-state.ts';
import { useLogin } from '../../features/auth/api/login.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import './account-page.css';



const FIELDS: readonly FieldSpec<keyof LoginBody>[] = [
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

export default function LoginRoute() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const form = useSchemaForm({
    schema: loginBody,
    fields: FIELDS,
    initial: { email: rememberedEmail(location.state), password: '' },
    idPrefix: 'login',
  });

  const submit = form.handleSubmit((data) => {
    if (login.isPending) return;
    login.mutate(data, {
      onSuccess: (response) => {
        notify.success(response.message);
        // Back where the sign-in was asked for; otherwise a shopper goes home, the owner to the admin area.
        navigate(returnPath(location.state, response.user.role === 1 ? paths.admin.dashboard : paths.home), { replace: true });
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  });

  return (
    <div className="account-page">
      <form className="form-card" onSubmit={submit} noValidate aria-labelledby="login-heading">
        <h1 id="login-heading">LOGIN FORM</h1>
        <p className="form-card__lead">Welcome back. Log in to check out and see your orders.</p>
        <SchemaFields form={form} />
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
          New to {SHOP_NAME}?{' '}
          <Link to={paths.register} state={location.state}>
            Create an account
          </Link>
        </p>
      </form>
    </div>
  );
}
