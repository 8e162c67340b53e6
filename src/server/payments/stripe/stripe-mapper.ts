/** Stripe's objects in the provider interface's terms (src/server/payments/provider.ts). */
import type Stripe from 'stripe';
import { currencyCode, fromStripeAmount } from '../../../domain/money.ts';
import type { PaymentEvent, PaymentSession, PaymentSessionState, Refund } from '../provider.ts';

/** The metadata key under which the order id travels with the session and its PaymentIntent. */
export const ORDER_ID_KEY = 'order_id';

function sessionState(session: Stripe.Checkout.Session): PaymentSessionState {
  if (session.status === 'open') return 'open';
  if (session.status === 'expired') return 'expired';
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  // Complete but unpaid: a delayed method. Its PaymentIntent (when expanded) tells a failure from a wait.
  const intent = session.payment_intent;
  // Stryker disable next-line ConditionalExpression: an intent given by its id (a string) has no status, so neither test below matches it and it stays processing
  if (intent && typeof intent === 'object') {
    if (intent.status === 'succeeded') return 'paid';
    if (intent.status === 'requires_payment_method' || intent.status === 'canceled') return 'failed';
  }
  return 'processing';
}

export function toPaymentSession(session: Stripe.Checkout.Session, state = sessionState(session)): PaymentSession {
  const currency = currencyCode(session.currency ?? '');
  const intent = session.payment_intent;
  return {
    id: session.id,
    orderId: session.metadata?.[ORDER_ID_KEY] ?? session.client_reference_id ?? null,
    state,
    url: session.status === 'open' ? session.url : null,
    amountMinor: fromStripeAmount(session.amount_total ?? 0, currency),
    currency,
    captureId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    expiresAt: new Date(session.expires_at * 1000),
  };
}

const EVENT_KINDS: Record<string, Exclude<PaymentEvent['kind'], 'ignored'>> = {
  'checkout.session.async_payment_succeeded': 'async_paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/** The session events the shop acts on; every other type is `ignored` (answered 200, nothing done). */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const createdAt = new Date(event.created * 1000);
  const base = { id: event.id, type: event.type, createdAt };
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    return { ...base, kind: paid ? 'paid' : 'processing', session: toPaymentSession(session, paid ? 'paid' : 'processing') };
  }
  const kind = EVENT_KINDS[event.type];
  if (!kind) return { ...base, kind: 'ignored' };
  const session = event.data.object as Stripe.Checkout.Session;
  const state: PaymentSessionState = kind === 'async_paid' ? 'paid' : kind;
  return { ...base, kind, session: toPaymentSession(session, state) };
}

export function toRefund(refund: Stripe.Refund, currency: string): Refund {
  const state = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
  return { id: refund.id, amountMinor: fromStripeAmount(refund.amount, currency), state };
}
