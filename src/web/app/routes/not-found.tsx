import { Link } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';

export default function NotFoundRoute() {
  usePageTitle('Page Not Found');
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code">
        404
      </p>
      <h1 id="not-found-title">Oops ! Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <p>
        <Link to={paths.home} className="btn">
          Go Back
        </Link>
      </p>
    </section>
  );
}
