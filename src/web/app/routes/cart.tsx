import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CartLine as ServerCartLine } from '../../../contract/cart.ts';
import type { PaymentMethod } from '../../../domain/order-lifecycle.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useServerCart } from '../../features/cart/api/get-cart.ts';
import { useRemoveCartLine } from '../../features/cart/api/remove-cart-line.ts';
import { useSetCartLine } from '../../features/cart/api/set-cart-line.ts';
import { CartLine } from '../../features/cart/components/cart-line.tsx';
import { CartSummary } from '../../features/cart/components/cart-summary.tsx';
import { GuestCheckout } from '../../features/checkout/components/guest-checkout.tsx';
import { usePaymentMethods } from '../../features/orders/api/payments.ts';
import { usePlaceOrder } from '../../features/orders/api/place-order.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../stores/auth-store.ts';
import './cart.css';

/** "You Have N items in your cart" (+ " please login to checkout !" for a guest), or "Your Cart Is Empty". */
function cartStatusText(count: number, signedIn: boolean): string {
  if (count === 0) return 'Your Cart Is Empty';
  const items = `You Have ${count} ${count === 1 ? 'item' : 'items'} in your cart`;
  return signedIn ? items : `${items} please login to checkout !`;
}

/** The order's cart in the specification's shape: one entry per unit, naming its variant. */
const orderEntries = (lines: ServerCartLine[]) =>
  lines.flatMap((line) => Array.from({ length: line.quantity }, () => ({ ...line.product, variant: { ...line.variant, price: line.price } })));

export default function CartRoute() {
  usePageTitle('Your Cart');
  const session = useAuth();
  const serverCart = useServerCart({ fresh: true });
  const queryClient = useQueryClient();
  const setLine = useSetCartLine();
  const removeLine = useRemoveCartLine();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const user = session?.user ?? null;
  const offered = usePaymentMethods().data?.methods;
  const methods: PaymentMethod[] = offered && offered.length > 0 ? offered : ['cash_on_delivery'];
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] as PaymentMethod);
  const cart = serverCart.data;
  const lines = cart?.lines ?? [];
  const busy = setLine.isPending || removeLine.isPending;
  const failed = (error: Error) => notify.error(errorMessage(error));
  // The order took its lines out of the server's cart: read it again.
  const ordered = () => void queryClient.invalidateQueries({ queryKey: ['cart'] });

  const order = () => {
    if (placeOrder.isPending || !cart?.canCheckout) return;
    placeOrder.mutate({ cart: orderEntries(lines), paymentMethod: method }, {
      onSuccess: (data) => {
        ordered();
        notify.success(data.message);
        const payment = data.order.payment;
        // Card: on to the provider's payment page; transfer: the page with the bank details.
        if (payment.method === 'card' && payment.url) window.location.assign(payment.url);
        else if (payment.method === 'cash_on_delivery') navigate(paths.user.orders);
        else navigate(paths.user.orderPayment(data.order._id));
      },
      onError: (error) => {
        notify.error(errorMessage(error));
        ordered();
        // The card provider could not be reached: the order is kept, to be paid from the orders page.
        if (error instanceof ApiError && error.status === 503) navigate(paths.user.orders);
      },
    });
  };

  if (!cart && serverCart.isPending) return <Spinner />;
  const count = cart?.count ?? 0;
  const blocked = lines.some((line) => line.soldOut || line.short);
  return (
    <div className="cart-page">
      <header className="cart-page__header">
        <h1>{user ? `Hello ${user.name}` : 'Hello Guest'}</h1>
        <p aria-live="polite">{cartStatusText(count, user !== null)}</p>
      </header>
      <div className="cart-layout">
        <section aria-labelledby="cart-items-title">
          <h2 id="cart-items-title" className="visually-hidden">
            Items in your cart
          </h2>
          {serverCart.isError && !cart ? (
            <div className="card empty-state" role="alert">
              <p>{errorMessage(serverCart.error)}</p>
            </div>
          ) : lines.length === 0 ? (
            <div className="card empty-state">
              <h2>Nothing here yet</h2>
              <p>Find something you like and add it to your cart.</p>
              <Link to={paths.home} className="btn">
                Continue shopping
              </Link>
            </div>
          ) : (
            <ul className="cart-lines">
              {lines.map((line) => (
                <li key={line._id}>
                  <CartLine
                    line={line}
                    busy={busy}
                    onQuantity={(quantity) => setLine.mutate({ variant: line.variant._id, quantity }, { onError: failed })}
                    onRemove={() => removeLine.mutate(line._id, { onError: failed })}
                  />
                </li>
              ))}
            </ul>
          )}
          {blocked ? (
            <p className="cart-page__blocked" role="status">
              Some items cannot be ordered as they are: see the lines marked above.
            </p>
          ) : null}
        </section>
        <div>
          <CartSummary
            total={cart?.total ?? 0}
            itemCount={blocked ? 0 : count}
            user={user}
            ordering={placeOrder.isPending}
            onOrder={order}
            onLogin={() => navigate(paths.login, { state: { from: paths.cart } })}
            onUpdateAddress={() => navigate(paths.user.profile)}
            methods={methods}
            method={method}
            onMethod={setChosen}
          />
          {user && count > 0 && !blocked && (
            <Link to={paths.checkout} className="btn btn--block cart-page__checkout">
              Checkout with delivery
            </Link>
          )}
          {/* A signed-out shopper may also buy without an account (issue 19). */}
          {user === null && count > 0 && !blocked ? <GuestCheckout /> : null}
        </div>
      </div>
    </div>
  );
}
