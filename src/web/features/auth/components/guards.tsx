import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { signOut, useAuth } from '../../../stores/auth-store.ts';
import { type GuardKind, useAuthCheck } from '../api/check-auth.ts';
import { redirectMessage, useCountdown } from './countdown.ts';

/** Where a guard sends the visitor: signed out, to login; a shopper on the admin area, to the shop. */
function redirectTarget(kind: GuardKind, signedIn: boolean): string {
  return kind === 'admin' && signedIn ? paths.home : paths.login;
}

function Redirecting({ target }: { target: string }) {
  const seconds = useCountdown();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (seconds === 0) navigate(target, { replace: true, state: { from: location.pathname + location.search } });
  }, [seconds, navigate, target, location.pathname, location.search]);
  return (
    <div className="redirecting" role="status" aria-live="polite">
      <h1>{redirectMessage(seconds)}</h1>
      <div className="spinner" />
    </div>
  );
}

/** Shows the protected screens when the server accepts the token; otherwise the countdown, then a redirect. */
function Guard({ kind }: { kind: GuardKind }) {
  const session = useAuth();
  const check = useAuthCheck(kind, session?.token);
  const expired = check.error instanceof ApiError && check.error.status === 401;
  // A token the server no longer accepts (expired, account gone) ends the session here too.
  useEffect(() => {
    if (expired) signOut();
  }, [expired]);
  if (session && check.data === true) return <Outlet />;
  if (session && check.isPending) {
    return (
      <div className="redirecting" role="status" aria-live="polite">
        <div className="spinner" />
        <span className="visually-hidden">Checking your session</span>
      </div>
    );
  }
  return <Redirecting target={redirectTarget(kind, Boolean(session))} />;
}

export const UserGuard = () => <Guard kind="user" />;
export const AdminGuard = () => <Guard kind="admin" />;
