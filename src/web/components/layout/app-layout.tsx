import { type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../ui/spinner.tsx';
import { Footer } from './footer.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { Header } from './header.tsx';

interface AppLayoutProps {
  categoriesMenu: ReactNode;
  searchBox: ReactNode;
  /** Above the header: the owner's announcement bar (none in the admin area). */
  announcement?: ReactNode;
  onLogout: () => Promise<void>;
  /** The admin area's frame (its header without the shop's search, cart and categories). */
  admin?: boolean;
}

/** The frame of every page: header (with the Categories menu, search box and logout the app gives it), the page, footer. */
export function AppLayout({ categoriesMenu, searchBox, announcement = null, onLogout, admin = false }: AppLayoutProps) {
  const { pathname } = useLocation();
  // A block body: in current Chromium scrollTo returns a promise, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {announcement}
      <Header categoriesMenu={categoriesMenu} searchBox={searchBox} onLogout={onLogout} admin={admin} />
      <main id="main" className="page">
        <div className="container">
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </div>
      </main>
      <Footer />
    </div>
  );
}
