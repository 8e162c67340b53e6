import { usePageTitle } from '../../components/ui/page-title.ts';
import './static-page.css';

export default function PolicyRoute() {
  usePageTitle('Privacy Policy');
  return (
    <article className="card static-page prose" aria-labelledby="policy-title">
      <h1 id="policy-title">Privacy Policy</h1>
      <p>Working on it</p>
    </article>
  );
}
