import { Link, useLocation, useParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '../../../domain/order-lifecycle.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { guestTokenFromHash, useGuestOrder, usePayGuestOrder } from '../../features/orders/api/guest-order.ts';
import { awaitingCard } from '../../features/orders/api/payments.ts';
import { OrdersTable } from '../../features/orders/components/orders-table.tsx';
import { PriceSummary } from '../../features/orders/components/price-summary.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import '../../features/checkout/components/guest-checkout.css';

const NOT_FOUND_TEXT = 'This link does not open an order. Open the link from your confirmation e-mail again (all of it).';

/**
 * A guest's order, from the confirmation mail's link (`/order/<id>#t=<token>`): the order, its payment and
 * delivery, "Pay again" while a card payment waits (also where the card payment page comes back to).
 */
export default function GuestOrderRoute() {
  const { orderId = '' } = useParams();
  const token = guestTokenFromHash(useLocation().hash);
  usePageTitle(`Order #${orderId}`);
  const query = useGuestOrder(orderId, token);
  const pay = usePayGuestOrder(orderId, token);

  if (!token) {
    return (
      <div className="not-found">
        <h1>Order not found</h1>
        <p>{NOT_FOUND_TEXT}</p>
      </div>
    );
  }
  if (query.isPending) return <Spinner label="Loading your order" />;
  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        what="order"
        notFoundTitle="Order not found"
        notFoundText={NOT_FOUND_TEXT}
        action={<Link to={paths.home}>Back to the shop</Link>}
        onRetry={query.refetch}
      />
    );
  }

  const order = query.data;
  const { payment } = order;
  const status = payment.status ?? (payment.success ? 'paid' : 'pending');
  const waiting = awaitingCard(order);
  const payNow = () =>
    pay.mutate(undefined, {
      onSuccess: (data) => {
        if (data.order.payment.url) window.location.assign(data.order.payment.url);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <section aria-labelledby="guest-order-heading" className="guest-order">
      <h1 id="guest-order-heading">Order #{order._id}</h1>
      <p role="status" aria-live="polite" data-payment-status={status}>
        {payment.success
          ? 'Paid. Thank you!'
          : waiting
            ? 'Waiting for your card payment.'
            : `${PAYMENT_METHOD_LABELS[payment.method]}: ${PAYMENT_STATUS_LABELS[status].toLowerCase()}.`}
      </p>
      <OrdersTable orders={[order]} />
      <div className="card panel">
        <PriceSummary figures={{ ...order, discount: order.discount?.amount ?? 0, code: order.discount?.code }} totalTestId="order-total" />
        <dl className="info-list">
          <dt>Deliver to</dt>
          <dd className="guest-order__address">
            {order.delivery.name}
            {'\n'}
            {order.delivery.address}
            {'\n'}
            {order.delivery.phone}
          </dd>
          {payment.method === 'bank_transfer' && payment.bank && status === 'pending' && order.status !== 'cancelled' ? (
            <>
              <dt>Pay by bank transfer</dt>
              <dd>
                {payment.bank.accountName} · {payment.bank.iban}
                {payment.bank.bic ? ` · ${payment.bank.bic}` : ''} · reference {payment.reference}
              </dd>
            </>
          ) : null}
        </dl>
        {waiting ? (
          <button type="button" className="btn" onClick={payNow} disabled={pay.isPending} aria-busy={pay.isPending}>
            Pay again
          </button>
        ) : null}
        <p>
          To cancel the order or ask for a refund, <Link to={paths.contact}>contact us</Link> with its number.
        </p>
        <p>
          Keep your orders together: <Link to={paths.register}>create an account</Link> with the same e-mail address and confirm it from the mail we
          send; this order joins it.
        </p>
      </div>
    </section>
  );
}
