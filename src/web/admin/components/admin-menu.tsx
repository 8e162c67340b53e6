import type { ReactNode } from 'react';
import { NavLink, useMatch } from 'react-router';
import { paths } from '../../config/paths.ts';
import '../../components/layout/dashboard.css';
import '../admin.css';

const LINKS = [
  { to: paths.admin.dashboard, label: 'Overview', end: true },
  { to: paths.admin.createCategory, label: 'Create Category', end: false },
  { to: paths.admin.createProduct, label: 'Create Product', end: false },
  { to: paths.admin.products, label: 'Products', end: false },
  { to: paths.admin.orders, label: 'Orders', end: false },
  { to: paths.admin.discounts, label: 'Discount codes', end: false },
  { to: paths.admin.users, label: 'Users', end: false },
  { to: paths.admin.data, label: 'Data', end: false },
  { to: paths.admin.audit, label: 'Audit log', end: false },
  { to: paths.admin.mails, label: 'Mails', end: false },
  { to: paths.admin.shop, label: 'Shop pages', end: false },
  { to: paths.admin.shipping, label: 'Shipping & tax', end: false },
  { to: paths.admin.settings, label: 'Settings', end: false },
] as const;

/** The admin side menu; the current screen is marked with aria-current (an open product counts under Products). */
export function AdminMenu() {
  const onProduct = useMatch(`${paths.admin.dashboard}/product/:slug`) !== null;
  return (
    <nav className="card side-menu admin-menu" aria-labelledby="admin-menu-heading">
      <h2 id="admin-menu-heading">Admin Panel</h2>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={onProduct && link.to === paths.admin.products ? 'admin-menu__parent' : undefined}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The frame of every admin screen: the menu beside the screen. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="dashboard admin">
      <AdminMenu />
      <div className="dashboard__main">{children}</div>
    </div>
  );
}
