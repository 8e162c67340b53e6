/**
 * The order lifecycle as pure rules: an order has a payment status and a fulfilment status that move
 * separately, each through the allowed steps of its table, and a few rules tie them together (a card
 * order ships only once paid; cancelling a paid order refunds it; a failed or expired card payment
 * cancels the order). `decide` answers, for an order and something that happens to it, the next state
 * and what must be done alongside (stock, refund, closing the payment page), or why not, in words fit
 * for a 409. Nothing here touches a database or a provider: the order service applies the decision.
 *
 * The fulfilment statuses are the order statuses the shop already has (`not_processed` …), so their wire
 * spellings stay those of src/contract/order-status-wire.ts.
 */
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from './order-status.ts';
import { formatMoney } from './money.ts';

export const PAYMENT_METHODS = ['card', 'bank_transfer', 'cash_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'partially_refunded', 'refunded', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const FULFILMENT_STATUSES = ORDER_STATUSES;
export type FulfilmentStatus = OrderStatus;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cash_on_delivery: 'Cash on delivery',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  failed: 'Failed',
  expired: 'Expired',
};

/**
 * The payment steps. `expired → paid` and `failed → paid` are late payments only a provider reports
 * (the shopper paid as the page was being closed): the money is taken, so it is recorded, and refunded
 * at once because the order is cancelled by then.
 */
export const PAYMENT_STEPS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['paid', 'failed', 'expired'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
  failed: ['paid'],
  expired: ['paid'],
};

/**
 * The fulfilment steps: forward along not processed → processing → shipped → delivered (a step may be
 * skipped: a parcel packed and sent at once, a pickup delivered at once), cancelled from any step before
 * shipped. A cancelled order may be reopened (to not processed or processing, its stock taken again)
 * only while nothing was paid and it is not a card order (whose payment page is closed for good).
 */
export const FULFILMENT_STEPS: Readonly<Record<FulfilmentStatus, readonly FulfilmentStatus[]>> = {
  not_processed: ['processing', 'shipped', 'delivered', 'cancelled'],
  processing: ['shipped', 'delivered', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: ['not_processed', 'processing'],
};

export interface OrderState {
  method: PaymentMethod;
  payment: PaymentStatus;
  fulfilment: FulfilmentStatus;
  /** In the order's currency's minor units. */
  totalMinor: number;
  refundedMinor: number;
  currency: string;
}

export type OrderAction =
  /** The owner moves the order (cancelling included). */
  | { type: 'fulfil'; to: FulfilmentStatus }
  /** The payment arrived: reported by the provider (card), or recorded by the owner (transfer, cash). */
  | { type: 'paid'; amountMinor: number; by: 'provider' | 'owner' }
  /** The provider: a delayed payment (a bank debit) failed. */
  | { type: 'payment_failed' }
  /** The provider: the payment page expired unpaid. */
  | { type: 'payment_expired' }
  /** The owner gives money back (some lines, the shipping, or everything). */
  | { type: 'refund'; amountMinor: number };

export type OrderEffect =
  /** Put the order's stock back on the shelves. */
  | { type: 'release_stock' }
  /** Take the order's stock again (a reopened order); refused by the caller if it is gone. */
  | { type: 'take_stock' }
  /** Give this much back: through the provider for a card, recorded for the other methods. */
  | { type: 'refund'; amountMinor: number }
  /** Close the provider's open payment page so that it can no longer be paid. */
  | { type: 'expire_checkout' };

export type Decision =
  | { ok: true; changed: false; state: OrderState }
  | { ok: true; changed: true; state: OrderState; effects: OrderEffect[] }
  | { ok: false; message: string };

/** What the wire's `payment.success` says: true exactly while the order counts as paid (a partial refund keeps it paid). */
export function paymentSucceeded(payment: PaymentStatus): boolean {
  return payment === 'paid' || payment === 'partially_refunded';
}

/** The amount taken from the shopper: the total once paid, nothing before (a refund is counted apart). */
export function paidMinor(state: Pick<OrderState, 'payment' | 'totalMinor'>): number {
  return state.payment === 'pending' || state.payment === 'failed' || state.payment === 'expired' ? 0 : state.totalMinor;
}

/** What the new state of an order is at its creation: nothing paid, nothing done. */
export function newOrderState(method: PaymentMethod, totalMinor: number, currency: string): OrderState {
  return { method, payment: 'pending', fulfilment: 'not_processed', totalMinor, refundedMinor: 0, currency };
}

const refuse = (message: string): Decision => ({ ok: false, message });
const unchanged = (state: OrderState): Decision => ({ ok: true, changed: false, state });
const changed = (state: OrderState, effects: OrderEffect[]): Decision => ({ ok: true, changed: true, state, effects });

const fulfilmentLabel = (status: FulfilmentStatus) => ORDER_STATUS_LABELS[status].toLowerCase();
const money = (state: OrderState, minor: number) => formatMoney(minor, state.currency);

function fulfil(state: OrderState, to: FulfilmentStatus): Decision {
  const from = state.fulfilment;
  if (to === from) return unchanged(state);
  if (!FULFILMENT_STEPS[from].includes(to)) {
    if (from === 'delivered') return refuse('This order is delivered: its status can no longer change');
    if (to === 'cancelled') return refuse(`This order is ${fulfilmentLabel(from)}: only an order not shipped yet can be cancelled`);
    if (from === 'cancelled') return refuse(`A cancelled order cannot be ${fulfilmentLabel(to)}: reopen it as not processed first`);
    return refuse(`This order is ${fulfilmentLabel(from)}: it cannot go back to ${fulfilmentLabel(to)}`);
  }
  const next = { ...state, fulfilment: to };

  if (to === 'cancelled') return cancel(state);

  if (from === 'cancelled') {
    if (state.method === 'card') return refuse('A cancelled card order cannot be reopened: the shopper can place it again');
    if (state.payment !== 'pending') {
      return refuse(`A cancelled order whose payment is ${PAYMENT_STATUS_LABELS[state.payment].toLowerCase()} cannot be reopened`);
    }
    return changed(next, [{ type: 'take_stock' }]);
  }

  if (to === 'shipped' || to === 'delivered') {
    const verb = to === 'shipped' ? 'shipped' : 'delivered';
    if (state.method === 'card' && !paymentSucceeded(state.payment)) {
      return refuse(
        state.payment === 'refunded'
          ? `This card order is refunded: it cannot be ${verb}`
          : `This card order is not paid yet: it cannot be ${verb} before it is paid`,
      );
    }
    if (state.payment === 'refunded') return refuse(`This order is refunded: it cannot be ${verb}`);
    // Cash on delivery: handing the parcel over is being paid.
    if (to === 'delivered' && state.method === 'cash_on_delivery' && state.payment === 'pending') {
      return changed({ ...next, payment: 'paid' }, []);
    }
  }
  return changed(next, []);
}

/** Cancelling gives the stock back; a paid order is refunded what is left of it, an open card payment page is closed. */
function cancel(state: OrderState): Decision {
  const next: OrderState = { ...state, fulfilment: 'cancelled' };
  const effects: OrderEffect[] = [{ type: 'release_stock' }];
  if (paymentSucceeded(state.payment)) {
    effects.push({ type: 'refund', amountMinor: state.totalMinor - state.refundedMinor });
    return changed({ ...next, payment: 'refunded', refundedMinor: state.totalMinor }, effects);
  }
  if (state.payment === 'pending' && state.method === 'card') {
    effects.push({ type: 'expire_checkout' });
    return changed({ ...next, payment: 'expired' }, effects);
  }
  // Transfer or cash not paid: nothing was due, the payment stays pending on a cancelled order.
  return changed(next, effects);
}

function paid(state: OrderState, amountMinor: number, by: 'provider' | 'owner'): Decision {
  if (by === 'owner' && state.method === 'card') return refuse('A card payment is recorded by the payment provider, not by hand');
  if (by === 'provider' && state.method !== 'card') return refuse(`This order is paid by ${PAYMENT_METHOD_LABELS[state.method].toLowerCase()}, not through the payment provider`);
  if (paidMinor(state) > 0) return unchanged(state);
  if (amountMinor !== state.totalMinor) {
    return refuse(`The payment (${money(state, amountMinor)}) does not match the order's total (${money(state, state.totalMinor)})`);
  }
  const next: OrderState = { ...state, payment: 'paid' };
  if (state.fulfilment !== 'cancelled') return changed(next, []);
  if (by === 'owner') return refuse('A cancelled order cannot be marked paid: reopen it first');
  // Paid while (or after) it was cancelled: the money is recorded and given back at once.
  return changed({ ...next, payment: 'refunded', refundedMinor: state.totalMinor }, [
    { type: 'refund', amountMinor: state.totalMinor },
  ]);
}

/** A failed or expired card payment ends the order: cancelled, its stock back. It never undoes a payment. */
function paymentEnded(state: OrderState, outcome: 'failed' | 'expired'): Decision {
  if (state.method !== 'card') return refuse(`Only a card payment can be ${outcome}`);
  // Already over (the other outcome came first), or paid through another page of the same order: nothing to do.
  if (state.payment !== 'pending') return unchanged(state);
  const effects: OrderEffect[] = state.fulfilment === 'cancelled' ? [] : [{ type: 'release_stock' }];
  return changed({ ...state, payment: outcome, fulfilment: 'cancelled' }, effects);
}

function refund(state: OrderState, amountMinor: number): Decision {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return refuse('A refund must be more than nothing');
  if (state.payment === 'refunded') return refuse('This order is already refunded in full');
  if (!paymentSucceeded(state.payment)) return refuse('This order is not paid: there is nothing to refund');
  const left = state.totalMinor - state.refundedMinor;
  if (amountMinor > left) {
    return refuse(`A refund of ${money(state, amountMinor)} is more than the ${money(state, left)} left to refund`);
  }
  const refundedMinor = state.refundedMinor + amountMinor;
  const payment = refundedMinor === state.totalMinor ? 'refunded' : 'partially_refunded';
  return changed({ ...state, payment, refundedMinor }, [{ type: 'refund', amountMinor }]);
}

/** The next state of an order after `action`, with what to do alongside, or why it is refused (a 409). */
export function decide(state: OrderState, action: OrderAction): Decision {
  const decision = decideStep(state, action);
  // Stryker disable all: a safety net for a step added later: every change decideStep makes now is one of the
  // payment table's steps (the unit test "every decision, from every state" walks them all), so no mutant here can be seen
  if (!decision.ok || !decision.changed) return decision;
  // The payment table has the last word: every change is one of its steps (a late payment refunded at
  // once goes through `paid`).
  const from = state.payment;
  const to = decision.state.payment;
  const step = (a: PaymentStatus, b: PaymentStatus) => a === b || PAYMENT_STEPS[a].includes(b);
  if (!step(from, to) && !(step(from, 'paid') && step('paid', to))) {
    return refuse(`A payment cannot go from ${PAYMENT_STATUS_LABELS[from].toLowerCase()} to ${PAYMENT_STATUS_LABELS[to].toLowerCase()}`);
  }
  // Stryker restore all
  return decision;
}

function decideStep(state: OrderState, action: OrderAction): Decision {
  switch (action.type) {
    case 'fulfil':
      return fulfil(state, action.to);
    case 'paid':
      return paid(state, action.amountMinor, action.by);
    case 'payment_failed':
      return paymentEnded(state, 'failed');
    case 'payment_expired':
      return paymentEnded(state, 'expired');
    case 'refund':
      return refund(state, action.amountMinor);
  }
}

/** The fulfilment statuses the owner may pick next (for the admin's dropdown), the current one first. */
export function nextFulfilmentSteps(state: OrderState): FulfilmentStatus[] {
  return [state.fulfilment, ...FULFILMENT_STEPS[state.fulfilment].filter((to) => decide(state, { type: 'fulfil', to }).ok)];
}
