import { Link } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../stores/auth-store.ts';

const SHORTCUTS = [
  { to: paths.admin.createCategory, title: 'Categories', text: 'Add, rename and remove the categories of the shop.' },
  { to: paths.admin.createProduct, title: 'New product', text: 'Put a new product on sale with its photo and stock.' },
  { to: paths.admin.products, title: 'Products', text: 'Edit prices, stock, photos and descriptions.' },
  { to: paths.admin.orders, title: 'Orders', text: 'Follow every order and set its status.' },
  { to: paths.admin.users, title: 'Users', text: 'See who has an account, newest first.' },
] as const;

/** Admin home: the administrator's details and the way to every admin screen. */
export default function AdminHomeRoute() {
  usePageTitle('Admin Dashboard');
  const user = useAuth()?.user;
  return (
    <>
      <section className="card panel" aria-labelledby="admin-home-heading">
        <h1 id="admin-home-heading">Admin Dashboard</h1>
        <p className="panel__lead">Welcome back{user ? `, ${user.name}` : ''}.</p>
        <dl className="info-list">
          <dt>Admin Name</dt>
          <dd>{user?.name}</dd>
          <dt>Admin Email</dt>
          <dd>{user?.email}</dd>
          <dt>Admin Contact</dt>
          <dd>{user?.phone || <span className="muted">Not set</span>}</dd>
        </dl>
      </section>
      <section className="admin-shortcuts" aria-labelledby="admin-shortcuts-heading">
        <h2 id="admin-shortcuts-heading" className="visually-hidden">
          Manage the shop
        </h2>
        <ul>
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.to}>
              <Link to={shortcut.to} className="card admin-shortcut">
                <span className="admin-shortcut__title">
                  {shortcut.title}
                  <span aria-hidden="true"> →</span>
                </span>
                <span className="admin-shortcut__text">{shortcut.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
