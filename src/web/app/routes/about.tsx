import { Link } from 'react-router';
import { PlainText } from '../../components/ui/plain-text.tsx';
import { SHOP_NAME, usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { useShopContent } from '../../features/shop/api/get-shop-content.ts';
import './static-page.css';

/** The specification's placeholder text, shown until the owner writes the shop's own About text. */
function PlaceholderAbout() {
  return (
    <>
      <p>
        {SHOP_NAME} is a small online shop with a simple promise: good products, fair prices and no surprises. Every
        item is picked by people who use it, and every order is packed with care.
      </p>
      <p>
        You pay in cash when your order arrives, so there is nothing to enter and nothing to worry about. If
        something is not right, our support team is one message away.
      </p>
    </>
  );
}

export default function AboutRoute() {
  usePageTitle('About us');
  const shop = useShopContent();
  const about = shop.data?.details.about;
  return (
    <article className="card static-page prose" aria-labelledby="about-title" aria-busy={shop.isPending}>
      <h1 id="about-title">About {SHOP_NAME}</h1>
      {shop.isPending ? null : about ? <PlainText text={about} /> : <PlaceholderAbout />}
      <div className="static-page__actions">
        <Link to={paths.home} className="btn">
          Start shopping
        </Link>
        <Link to={paths.contact} className="btn btn--secondary">
          Contact us
        </Link>
      </div>
    </article>
  );
}
