import { type ReactNode, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { dashboardPath, paths } from '../../config/paths.ts';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { useCart } from '../../stores/cart-store.ts';
import { Dropdown } from '../ui/dropdown.tsx';
import { SHOP_NAME } from '../ui/page-title.ts';

interface HeaderProps {
  categoriesMenu: ReactNode;
  searchBox: ReactNode;
  onLogout: () => Promise<void>;
  /** The admin area's frame: the shop's name, a link to the shop and the account menu; no search, cart or categories. */
  admin?: boolean;
}

/**
 * The site header; `categoriesMenu` is the Categories menu the app puts in its navigation, `searchBox` the
 * search box it gives, `onLogout` ends the session (on the server, then in the browser).
 */
export function Header({ categoriesMenu, searchBox, onLogout, admin = false }: HeaderProps) {
  const session = useAuth();
  const cart = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const logout = async () => {
    await onLogout();
    notify.success('Logout Successfully');
    navigate(paths.login);
  };

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to={admin ? paths.admin.dashboard : paths.home} className="brand">
          <span className="brand__mark" aria-hidden="true">
            {SHOP_NAME.charAt(0).toUpperCase()}
          </span>
          {SHOP_NAME}
        </Link>
        <button
          type="button"
          className="nav__button menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        {admin ? null : (
        <NavLink to={paths.cart} className="nav__link cart-link header-cart">
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <circle cx="9" cy="20" r="1.5" />
            <circle cx="18" cy="20" r="1.5" />
            <path d="M2 3h3l2.6 12.4a2 2 0 0 0 2 1.6h8.8a2 2 0 0 0 2-1.6L22 7H6" />
          </svg>
          Cart
          <span className="badge" data-testid="cart-count">
            {cart.length}
          </span>
          <span className="visually-hidden"> items</span>
        </NavLink>
        )}
        {admin ? null : searchBox}
        <nav id="site-nav" aria-label="Main" className={menuOpen ? 'nav nav--open' : 'nav'}>
          {admin ? (
            <Link to={paths.home} className="nav__link">
              View the shop
            </Link>
          ) : (
            <>
              <NavLink to={paths.home} end className="nav__link">
                Home
              </NavLink>
              {categoriesMenu}
            </>
          )}
          {session ? (
            <Dropdown label={session.user.name}>
              <li>
                <Link to={dashboardPath(session.user.role)}>Dashboard</Link>
              </li>
              <li>
                <button type="button" onClick={() => void logout()}>
                  Logout
                </button>
              </li>
            </Dropdown>
          ) : (
            <>
              <NavLink to={paths.register} className="nav__link">
                Register
              </NavLink>
              <NavLink to={paths.login} className="nav__link">
                Login
              </NavLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
