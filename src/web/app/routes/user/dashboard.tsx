import { Link } from 'react-router';
import { shopDateFormat } from '../../../../domain/money.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { paths } from '../../../config/paths.ts';
import { UserArea } from '../../../features/user/components/user-menu.tsx';
import { useAuth } from '../../../stores/auth-store.ts';

const memberSince = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : shopDateFormat({ month: 'long', year: 'numeric' }).format(date);
};

export default function UserDashboardRoute() {
  usePageTitle('Dashboard');
  const user = useAuth()?.user;
  if (!user) return null;
  return (
    <UserArea>
      <section className="card panel account-panel" aria-labelledby="dashboard-heading">
        <div className="account-summary">
          <span className="avatar" aria-hidden="true">
            {Array.from(user.name.trim())[0]?.toUpperCase() ?? '?'}
          </span>
          <div>
            <h1 id="dashboard-heading">Your account</h1>
            <p className="panel__lead">
              Welcome back, {user.name}.{memberSince(user.createdAt) ? ` Member since ${memberSince(user.createdAt)}.` : ''}
            </p>
          </div>
        </div>
        <dl className="info-list">
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Address</dt>
          <dd>{user.address || <Link to={paths.user.profile}>Add your address</Link>}</dd>
        </dl>
      </section>
    </UserArea>
  );
}
