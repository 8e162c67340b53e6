import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import '../../../components/layout/dashboard.css';
import './user-area.css';

/** The side menu of the user area: Profile and Orders (the current one is marked with aria-current). */
export function UserMenu() {
  return (
    <nav className="card side-menu user-menu" aria-labelledby="user-menu-heading">
      <h2 id="user-menu-heading">Dashboard</h2>
      <ul>
        <li>
          <NavLink to={paths.user.profile}>Profile</NavLink>
        </li>
        <li>
          <NavLink to={paths.user.orders}>Orders</NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** The frame of the three user screens: the menu beside the screen's content. */
export function UserArea({ children }: { children: ReactNode }) {
  return (
    <div className="dashboard user-area">
      <UserMenu />
      <div className="dashboard__main">{children}</div>
    </div>
  );
}
