import { Link } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import './not-found.css';

/** An unknown /dashboard/admin/* path: said inside the admin area, with the menu still at hand. */
export default function AdminNotFoundRoute() {
  usePageTitle('Page Not Found');
  return (
    <section className="card panel admin-not-found" aria-labelledby="admin-not-found-heading">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="admin-not-found-heading">Oops ! Page Not Found</h1>
      <p className="muted">There is no admin screen at this address.</p>
      <Link to={paths.admin.dashboard} className="btn">
        Back to the dashboard
      </Link>
    </section>
  );
}
