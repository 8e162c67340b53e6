import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link the owner wrote: a path of the shop through the router, an http(s) address as a plain link. */
export function ShopLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  if (to.startsWith('/')) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={className} rel="noopener">
      {children}
    </a>
  );
}
