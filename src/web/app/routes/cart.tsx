import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PaymentMethod } from '../../../domain/order-lifecycle.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { CartLine } from '../../features/cart/components/cart-line.tsx';
import { CartSummary } from '../../features/cart/components/cart-summary.tsx';
import { GuestCheckout } from '../../features/checkout/components/guest-checkout.tsx';
import { usePaymentMethods } from '../../features/orders/api/payments.ts';
import { usePlaceOrder } from '../../features/orders/api/place-order.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { cartActions, cartTotal, useCart } from '../../stores/cart-store.ts';
import './cart.css';

/** "You Have N items in your cart" (+ " please login to checkout !" for a guest), or "Your Cart Is Empty". */
function cartStatusText(count: number, signedIn: boolean): string {
  if (count === 0) return 'Your Cart Is Empty';
  const items = `You Have ${count} ${count === 1 ? 'item' : 'items'} in your cart`;
  return signedIn ? items : `${items} please login to checkout !`;
}

export default function CartRoute() {
  usePageTitle('Your Cart');
  const session = useAuth();
  const cart = useCart();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const user = session?.user ?? null;
  const offered = usePaymentMethods().data?.methods;
  const methods: PaymentMethod[] = offered && offered.length > 0 ? offered : ['cash_on_delivery'];
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] as PaymentMethod);

  const order = () => {
    if (placeOrder.isPending || cart.length === 0) return;
    placeOrder.mutate({ cart, paymentMethod: method }, {
      onSuccess: (data) => {
        cartActions.clear();
        notify.success(data.message);
        const payment = data.order.payment;
        // Card: on to the provider's payment page; transfer: the page with the bank details.
        if (payment.method === 'card' && payment.url) window.location.assign(payment.url);
        else if (payment.method === 'cash_on_delivery') navigate(paths.user.orders);
        else navigate(paths.user.orderPayment(data.order._id));
      },
      onError: (error) => {
        notify.error(errorMessage(error));
        // The card provider could not be reached: the order is kept, to be paid from the orders page.
        if (error instanceof ApiError && error.status === 503) {
          cartActions.clear();
          navigate(paths.user.orders);
        }
      },
    });
  };

  return (
    <div className="cart-page">
      <header className="cart-page__header">
        <h1>{user ? `Hello ${user.name}` : 'Hello Guest'}</h1>
        <p aria-live="polite">{cartStatusText(cart.length, user !== null)}</p>
      </header>
      <div className="cart-layout">
        <section aria-labelledby="cart-items-title">
          <h2 id="cart-items-title" className="visually-hidden">
            Items in your cart
          </h2>
          {cart.length === 0 ? (
            <div className="card empty-state">
              <h2>Nothing here yet</h2>
              <p>Find something you like and add it to your cart.</p>
              <Link to={paths.home} className="btn">
                Continue shopping
              </Link>
            </div>
          ) : (
            <ul className="cart-lines">
              {cart.map((product, index) => (
                <li key={`${product._id}-${product.variant?._id ?? ''}-${index}`}>
                  <CartLine product={product} onRemove={() => cartActions.remove(product._id, product.variant?._id)} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <div>
          <CartSummary
            total={cartTotal(cart)}
            itemCount={cart.length}
            user={user}
            ordering={placeOrder.isPending}
            onOrder={order}
            onLogin={() => navigate(paths.login, { state: { from: paths.cart } })}
            onUpdateAddress={() => navigate(paths.user.profile)}
            methods={methods}
            method={method}
            onMethod={setChosen}
          />
          {user && cart.length > 0 && (
            <Link to={paths.checkout} className="btn btn--block cart-page__checkout">
              Checkout with delivery
            </Link>
          )}
          {/* A signed-out shopper may also buy without an account (issue 19). */}
          {user === null ? <GuestCheckout method={method} /> : null}
        </div>
      </div>
    </div>
  );
}
