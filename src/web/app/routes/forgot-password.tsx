import { Link, useLocation, useNavigate } from 'react-router';
import { ANSWER_MAX, forgotPasswordBody, type ForgotPasswordBody } from '../../../contract/auth.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { type FieldSpec, SchemaFields, useSchemaForm } from '../../components/ui/schema-form.tsx';
import { paths } from '../../config/paths.ts';
import { loginState, rememberedEmail } from '../../features/auth/account-state.ts';
import { useForgotPassword } from '../../features/auth/api/forgot-password.ts';
import { ResetLinkForm } from '../../features/auth/components/reset-link-form.tsx';
import { NEW_PASSWORD_FIELD } from '../../features/auth/new-password-field.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import './account-page.css';

const FIELDS: readonly FieldSpec<keyof ForgotPasswordBody>[] = [
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
  NEW_PASSWORD_FIELD,
];

export default function ForgotPasswordRoute() {
  usePageTitle('Forgot Password');
  const navigate = useNavigate();
  const location = useLocation();
  const reset = useForgotPassword();
  const form = useSchemaForm({
    schema: forgotPasswordBody,
    fields: FIELDS,
    initial: { email: rememberedEmail(location.state), answer: '', newPassword: '' },
    idPrefix: 'reset',
  });

  const submit = form.handleSubmit((data) => {
    if (reset.isPending) return;
    reset.mutate(data, {
      onSuccess: (response) => {
        notify.success(response.message);
        navigate(paths.login, { state: loginState(location.state, data.email) });
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  });

  // The specification's form (security answer) and, beside it, a link by e-mail.
  return (
    <div className="account-page account-page--pair">
      <form className="form-card" onSubmit={submit} noValidate aria-labelledby="reset-heading">
        <h1 id="reset-heading">RESET PASSWORD</h1>
        <p className="form-card__lead">Answer your security question and choose a new password.</p>
        <SchemaFields form={form} />
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
      <ResetLinkForm initialEmail={rememberedEmail(location.state)} />
    </div>
  );
}
