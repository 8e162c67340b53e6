import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import './guest-checkout.css';

/**
 * "Continue as guest": for a signed-out shopper with a cart, next to the sign-in button. Leads to the
 * one-page checkout, which asks a guest for an e-mail beside the delivery address, method and code.
 */
export function GuestCheckout() {
  return (
    <section className="card guest-checkout" aria-labelledby="guest-checkout-title">
      <h2 id="guest-checkout-title">No account?</h2>
      <p className="guest-checkout__note">Buy as a guest: we e-mail you a link to follow your order.</p>
      <Link to={paths.checkout} className="btn btn--secondary btn--block">
        Continue as guest
      </Link>
    </section>
  );
}
