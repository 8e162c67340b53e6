import { Link } from 'react-router';
import type { ShopDetails } from '../../../contract/shop-content.ts';
import { paths } from '../../config/paths.ts';
import { useShopContent } from '../../features/shop/api/get-shop-content.ts';

/** What the owner may still write, each with the id of its field on the Shop pages screen. */
const TO_WRITE: { label: string; written: (details: ShopDetails) => boolean; field: string }[] = [
  { label: 'Contact details (e-mail, phone or address)', written: (d) => Boolean(d.email || d.phone || d.address), field: 'shop-contact-email' },
  { label: 'About page', written: (d) => d.about !== '', field: 'shop-pages-about' },
  { label: 'Privacy policy', written: (d) => d.privacyPolicy !== '', field: 'shop-pages-privacyPolicy' },
  { label: 'Shipping policy', written: (d) => d.shippingPolicy !== '', field: 'shop-pages-shippingPolicy' },
  { label: 'Returns policy', written: (d) => d.returnsPolicy !== '', field: 'shop-pages-returnsPolicy' },
];

/** The owner's page: what the shop's pages still lack, each a link to its field; nothing once all is written. */
export function UnwrittenPages() {
  const details = useShopContent().data?.details;
  const missing = details ? TO_WRITE.filter((item) => !item.written(details)) : [];
  if (missing.length === 0) return null;
  return (
    <section className="card today-list" aria-labelledby="unwritten-heading">
      <h2 id="unwritten-heading">
        Still to write <span className="today-list__count">{missing.length}</span>
      </h2>
      <p className="muted">Until you write them, these pages show the shop&rsquo;s placeholder text.</p>
      <ul>
        {missing.map((item) => (
          <li key={item.field} className="today-item">
            <Link to={`${paths.admin.shop}#${item.field}`} className="today-item__main">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
