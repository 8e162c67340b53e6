import { Link, useParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '../../../../domain/order-lifecycle.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { Price } from '../../../components/ui/price.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { awaitingCard, useOrderPayment, usePayOrder } from '../../../features/orders/api/payments.ts';
import { UserArea } from '../../../features/user/components/user-menu.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

/**
 * An order's payment, for its buyer: where the card payment page sends them back (paid, or "payment
 * pending" until the provider confirms, without a reload), the bank details of a transfer, and "Pay now"
 * while a card order waits.
 */
export default function OrderPaymentRoute() {
  const { orderId = '' } = useParams();
  usePageTitle(`Order #${orderId}: payment`);
  const query = useOrderPayment(orderId);
  const pay = usePayOrder();

  if (query.isPending) return <Spinner label="Loading your order" />;
  if (query.isError) {
    return (
      <UserArea>
        <section className="card">
          <LoadError
            error={query.error}
            what="order"
            notFoundTitle="Order not found"
            notFoundText={`You have no order #${orderId}.`}
            action={<Link to={paths.user.orders}>Your orders</Link>}
            onRetry={query.refetch}
          />
        </section>
      </UserArea>
    );
  }

  const order = query.data;
  const { payment } = order;
  const status = payment.status ?? (payment.success ? 'paid' : 'pending');
  const waiting = awaitingCard(order);
  const payNow = () =>
    pay.mutate(order._id, {
      onSuccess: (data) => {
        if (data.order.payment.url) window.location.assign(data.order.payment.url);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <UserArea>
      <section aria-labelledby="order-payment-heading" className="card panel order-payment">
        <h1 id="order-payment-heading">Order #{order._id}</h1>
        <p role="status" aria-live="polite" data-payment-status={status} className="order-payment__status">
          {payment.success
            ? 'Paid. Thank you! Your order is on its way to being packed.'
            : waiting
              ? 'Payment pending: waiting for the payment provider to confirm…'
              : status === 'pending'
                ? 'Waiting for your payment.'
                : `Payment ${PAYMENT_STATUS_LABELS[status].toLowerCase()}${order.status === 'cancelled' ? ': the order is cancelled' : ''}.`}
        </p>
        <dl className="info-list">
          <dt>Payment</dt>
          <dd>
            {PAYMENT_METHOD_LABELS[payment.method]} · {PAYMENT_STATUS_LABELS[status]}
          </dd>
          <dt>Total</dt>
          <dd>
            <Price amount={order.total} />
          </dd>
          {payment.refunded ? (
            <>
              <dt>Refunded</dt>
              <dd>
                <Price amount={payment.refunded} />
              </dd>
            </>
          ) : null}
        </dl>
        {payment.method === 'bank_transfer' && payment.bank && status === 'pending' && order.status !== 'cancelled' ? (
          <div className="order-payment__bank">
            <h2>Pay by bank transfer</h2>
            <dl className="info-list">
              <dt>Account name</dt>
              <dd>{payment.bank.accountName}</dd>
              <dt>IBAN</dt>
              <dd>{payment.bank.iban}</dd>
              {payment.bank.bic ? (
                <>
                  <dt>BIC</dt>
                  <dd>{payment.bank.bic}</dd>
                </>
              ) : null}
              <dt>Reference</dt>
              <dd>{payment.reference}</dd>
            </dl>
          </div>
        ) : null}
        {waiting ? (
          <button type="button" className="btn" onClick={payNow} disabled={pay.isPending} aria-busy={pay.isPending}>
            Pay again
          </button>
        ) : null}
        <p>
          <Link to={paths.user.orders}>All your orders</Link>
        </p>
      </section>
    </UserArea>
  );
}
