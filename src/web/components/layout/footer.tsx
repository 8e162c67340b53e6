import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SHOP_NAME } from '../ui/page-title.ts';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>All rights reserved © {SHOP_NAME}</p>
        <nav aria-label="Footer">
          <Link to={paths.about}>About</Link>
          <Link to={paths.contact}>Contact</Link>
          <Link to={paths.policy}>Privacy Policy</Link>
          <Link to={paths.shipping}>Shipping</Link>
          <Link to={paths.returns}>Returns</Link>
        </nav>
      </div>
    </footer>
  );
}
