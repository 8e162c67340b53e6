import { useLocation } from 'react-router';
import type { ShopDetails } from '../../../contract/shop-content.ts';
import { PlainText } from '../../components/ui/plain-text.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { useShopContent } from '../../features/shop/api/get-shop-content.ts';
import './static-page.css';

/** The policy pages, by path: the owner's text, or the specification's "Working on it" while it is unwritten. */
export const POLICY_PAGES = {
  [paths.policy]: { title: 'Privacy Policy', field: 'privacyPolicy' },
  [paths.shipping]: { title: 'Shipping Policy', field: 'shippingPolicy' },
  [paths.returns]: { title: 'Returns Policy', field: 'returnsPolicy' },
} as const satisfies Record<string, { title: string; field: keyof ShopDetails }>;

type PolicyPath = keyof typeof POLICY_PAGES;

export default function PolicyRoute() {
  const { pathname } = useLocation();
  const page = POLICY_PAGES[(pathname.replace(/\/$/, '') || '/') as PolicyPath] ?? POLICY_PAGES[paths.policy];
  usePageTitle(page.title);
  const shop = useShopContent();
  const text = shop.data?.details[page.field];
  return (
    <article className="card static-page prose" aria-labelledby="policy-title" aria-busy={shop.isPending}>
      <h1 id="policy-title">{page.title}</h1>
      {shop.isPending ? null : text ? <PlainText text={text} /> : <p>Working on it</p>}
    </article>
  );
}
