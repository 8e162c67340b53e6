import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PaymentMethod } from '../../../../domain/order-lifecycle.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { cartActions, useCart } from '../../../stores/cart-store.ts';
import { usePlaceGuestOrder } from '../api/place-guest-order.ts';
import { GuestContactForm } from './guest-contact-form.tsx';

/** A guest order page's path with its token (in the fragment, so that no request or log holds it). */
export const guestOrderLink = (orderId: string, token: string) => `${paths.guestOrder(orderId)}#t=${encodeURIComponent(token)}`;

/**
 * "Continue as guest": for a signed-out shopper, next to the sign-in button. Opens the contact form and
 * places the cart's order with the chosen payment method; then on to the card payment page, or the order's
 * own page (the mailed link leads there too).
 */
export function GuestCheckout({ method }: { method: PaymentMethod }) {
  const [open, setOpen] = useState(false);
  const cart = useCart();
  const navigate = useNavigate();
  const place = usePlaceGuestOrder();
  if (cart.length === 0) return null;
  return (
    <section className="card guest-checkout" aria-labelledby="guest-checkout-title">
      <h2 id="guest-checkout-title">No account?</h2>
      {open ? (
        <GuestContactForm
          busy={place.isPending}
          submitLabel={method === 'card' ? 'Order and pay' : 'Order Now'}
          onSubmit={(contact) =>
            place.mutate(
              { cart, paymentMethod: method, contact },
              {
                onSuccess: (data) => {
                  cartActions.clear();
                  notify.success(data.message);
                  if (data.order.payment.method === 'card' && data.order.payment.url) window.location.assign(data.order.payment.url);
                  else navigate(guestOrderLink(data.order._id, data.token));
                },
                onError: (error) => notify.error(errorMessage(error)),
              },
            )
          }
        />
      ) : (
        <button type="button" className="btn btn--secondary btn--block" onClick={() => setOpen(true)}>
          Continue as guest
        </button>
      )}
    </section>
  );
}
