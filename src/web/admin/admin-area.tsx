import { usePageTitle } from '../components/ui/page-title.ts';
import { useAuth } from '../stores/auth-store.ts';

/** The administrator area: its own lazily loaded chunk (filled in by the admin issue). */
export default function AdminArea() {
  usePageTitle('Admin Dashboard');
  const session = useAuth();
  return (
    <section className="card panel">
      <h1>Admin Dashboard</h1>
      <dl className="info-list">
        <dt>Name</dt>
        <dd>{session?.user.name}</dd>
        <dt>E-mail</dt>
        <dd>{session?.user.email}</dd>
        <dt>Phone</dt>
        <dd>{session?.user.phone}</dd>
      </dl>
    </section>
  );
}
