import { useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { tokenFromHash } from '../../features/auth/account-state.ts';
import { LinkProblem, NewPasswordForm } from '../../features/auth/components/new-password-form.tsx';
import './account-page.css';

/** Where the mailed reset link leads: choose a new password, then log in with it. */
export default function ResetPasswordRoute() {
  usePageTitle('Choose a New Password');
  const location = useLocation();
  const navigate = useNavigate();
  const token = tokenFromHash(location.hash);
  return (
    <div className="account-page">
      {token ? (
        <NewPasswordForm token={token} onDone={() => navigate(paths.login, { replace: true })} />
      ) : (
        <LinkProblem
          title="This link is incomplete"
          message="Open the link from the e-mail again (all of it), or ask for a new one."
        />
      )}
    </div>
  );
}
