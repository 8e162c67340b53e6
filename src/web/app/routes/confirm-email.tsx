import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { tokenFromHash } from '../../features/auth/account-state.ts';
import { useConfirmEmail } from '../../features/auth/api/confirm-email.ts';
import { errorMessage } from '../../lib/api-client.ts';
import './account-page.css';

/**
 * Where the mailed confirmation link leads (`#token=…`): one press confirms the account's address and
 * brings the orders placed as a guest with it into the account (a press, so that a mail scanner opening
 * the link confirms nothing).
 */
export default function ConfirmEmailRoute() {
  usePageTitle('Confirm Your E-mail Address');
  const token = tokenFromHash(useLocation().hash);
  const confirm = useConfirmEmail();
  return (
    <div className="account-page">
      <section className="form-card" aria-labelledby="confirm-email-heading">
        <h1 id="confirm-email-heading">Confirm your e-mail address</h1>
        {!token ? (
          <p className="form-card__lead" role="alert">
            This link is incomplete: open the link from the e-mail again (all of it).
          </p>
        ) : confirm.isSuccess ? (
          <>
            <p className="form-card__lead" role="status">
              {confirm.data.message}
            </p>
            <Link to={paths.user.orders} className="btn btn--block">
              Your orders
            </Link>
          </>
        ) : (
          <>
            <p className="form-card__lead">Orders placed as a guest with your address join your account once you confirm it is yours.</p>
            {confirm.isError ? (
              <p className="field__error" role="alert">
                {errorMessage(confirm.error)}
              </p>
            ) : null}
            <button type="button" className="btn btn--block" onClick={() => confirm.mutate(token)} disabled={confirm.isPending} aria-busy={confirm.isPending}>
              Confirm my address
            </button>
          </>
        )}
      </section>
    </div>
  );
}
