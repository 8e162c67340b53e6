import { useState } from 'react';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '../../../domain/order-lifecycle.ts';
import { paymentLabel } from '../../../domain/order-status.ts';
import { productVariantName } from '../../../domain/variants.ts';
import { Price } from '../../components/ui/price.tsx';
import type { ShopOrder } from '../../features/orders/api/get-orders.ts';
import { groupOrderProducts, orderLineKey } from '../../features/orders/components/orders-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useMarkOrderPaid, useRefundOrder } from '../api/order-payment.ts';

/**
 * An order's payment for the administrator: method, status, amounts paid and refunded; "Mark as paid" for
 * a bank transfer waiting; the refund form (some units of some lines, or everything left; stock back or not)
 * once paid.
 */
export function OrderPaymentPanel({ order }: { order: ShopOrder }) {
  const { payment } = order;
  const markPaid = useMarkOrderPaid();
  const refund = useRefundOrder();
  const [units, setUnits] = useState<Record<string, number>>({});
  const [restock, setRestock] = useState(false);
  const lines = groupOrderProducts(order.products);
  const refundable = payment.status === 'paid' || payment.status === 'partially_refunded' || (payment.method === 'cash_on_delivery' && payment.success);

  const send = (all: boolean) => {
    const chosen = lines
      .map(({ product }) => ({
        productId: Number(product._id),
        ...(product.variant ? { variant: Number(product.variant._id) } : {}),
        quantity: units[orderLineKey(product)] ?? 0,
      }))
      .filter((line) => line.quantity > 0);
    if (!all && chosen.length === 0) {
      notify.error('Choose the units to refund, or refund everything');
      return;
    }
    refund.mutate(
      { orderId: order._id, restock, ...(all ? {} : { lines: chosen }) },
      {
        onSuccess: (data) => {
          notify.success(data.message);
          setUnits({});
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  return (
    <section className="card panel order-detail__payment" aria-labelledby="order-payment-heading">
      <h2 id="order-payment-heading">Payment</h2>
      <dl className="info-list">
        <dt>Method</dt>
        <dd>{PAYMENT_METHOD_LABELS[payment.method]}</dd>
        <dt>Status</dt>
        <dd data-payment-status={payment.status ?? (payment.success ? 'paid' : 'pending')}>
          {payment.status ? PAYMENT_STATUS_LABELS[payment.status] : paymentLabel(payment, order.status)}
        </dd>
        {payment.paid !== undefined ? (
          <>
            <dt>Paid</dt>
            <dd>
              <Price amount={payment.paid} />
            </dd>
            <dt>Refunded</dt>
            <dd>
              <Price amount={payment.refunded ?? 0} />
            </dd>
          </>
        ) : null}
        {payment.reference ? (
          <>
            <dt>Transfer reference</dt>
            <dd>{payment.reference}</dd>
          </>
        ) : null}
      </dl>
      {payment.method === 'bank_transfer' && payment.status === 'pending' && order.status !== 'cancelled' ? (
        <button
          type="button"
          className="btn"
          disabled={markPaid.isPending}
          aria-busy={markPaid.isPending}
          onClick={() =>
            markPaid.mutate(order._id, {
              onSuccess: (data) => notify.success(data.message),
              onError: (error) => notify.error(errorMessage(error)),
            })
          }
        >
          Mark as paid
        </button>
      ) : null}
      {refundable ? (
        <form className="order-refund" aria-labelledby="order-refund-heading" onSubmit={(event) => event.preventDefault()}>
          <h3 id="order-refund-heading">Refund</h3>
          {lines.map(({ product, count }) => {
            const key = orderLineKey(product);
            const name = productVariantName(product.name, product.variant?.title);
            return (
            <label key={key} className="order-refund__line">
              <span>{name}</span>
              <input
                type="number"
                min={0}
                max={count}
                value={units[key] ?? 0}
                aria-label={`Units of ${name} to refund`}
                onChange={(event) => setUnits({ ...units, [key]: Math.max(0, Math.min(count, Number(event.target.value) || 0)) })}
              />
              <span className="muted">of {count}</span>
            </label>
            );
          })}
          <label className="order-refund__restock">
            <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} /> Put the units back in stock
          </label>
          <div className="order-refund__actions">
            <button type="button" className="btn btn--secondary" disabled={refund.isPending} onClick={() => send(false)}>
              Refund selected units
            </button>
            <button type="button" className="btn btn--danger-soft" disabled={refund.isPending} onClick={() => send(true)}>
              Refund everything left
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
