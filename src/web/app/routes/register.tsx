import { Link, useLocation, useNavigate } from 'react-router';
import { ANSWER_MAX, PASSWORD_MAX, PASSWORD_MIN, registerBody, type RegisterBody } from '../../../contract/auth.ts';
import { SHOP_NAME, usePageTitle } from '../../components/ui/page-title.ts';
import { type FieldSpec, SchemaFields, useSchemaForm } from '../../components/ui/schema-form.tsx';
import { paths } from '../../config/paths.ts';
import { loginState } from '../../features/auth/account-state.ts';
import { useRegister } from '../../features/auth/api/register.ts';
import { CONTACT_FIELDS } from '../../features/auth/contact-fields.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import './account-page.css';

const FIELDS: readonly FieldSpec<keyof RegisterBody>[] = [
  CONTACT_FIELDS.name,
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
  CONTACT_FIELDS.phone,
  CONTACT_FIELDS.address,
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

const EMPTY = { name: '', email: '', password: '', phone: '', address: '', answer: '' };

export default function RegisterRoute() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const location = useLocation();
  const register = useRegister();
  const form = useSchemaForm({ schema: registerBody, fields: FIELDS, initial: EMPTY, idPrefix: 'register' });

  const submit = form.handleSubmit((data) => {
    if (register.isPending) return;
    register.mutate(data, {
      onSuccess: (response) => {
        notify.success(response.message);
        // Keep the page the visitor came for, and spare them typing the e-mail again.
        navigate(paths.login, { state: loginState(location.state, data.email) });
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  });

  return (
    <div className="account-page">
      <form className="form-card" onSubmit={submit} noValidate aria-labelledby="register-heading">
        <h1 id="register-heading">REGISTER FORM</h1>
        <p className="form-card__lead">Create your {SHOP_NAME} account to check out and follow your orders.</p>
        <SchemaFields form={form} />
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
