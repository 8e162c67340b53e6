import { describe, expect, it } from 'vitest';
import {
  decide,
  type Decision,
  FULFILMENT_STATUSES,
  FULFILMENT_STEPS,
  type FulfilmentStatus,
  newOrderState,
  nextFulfilmentSteps,
  type OrderAction,
  type OrderEffect,
  type OrderState,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_STEPS,
  paymentSucceeded,
  type PaymentMethod,
  type PaymentStatus,
} from '../../src/domain/order-lifecycle.ts';
import { toWireStatus } from '../../src/contract/order-status-wire.ts';

const order = (overrides: Partial<OrderState> = {}): OrderState => ({ ...newOrderState('card', 10_000, 'USD'), ...overrides });

/** The decision, which must be allowed. */
function allowed(state: OrderState, action: OrderAction): { state: OrderState; effects: OrderEffect[] } {
  const decision = decide(state, action);
  if (!decision.ok) throw new Error(`refused: ${decision.message}`);
  return { state: decision.state, effects: decision.changed ? decision.effects : [] };
}

function refused(state: OrderState, action: OrderAction): string {
  const decision = decide(state, action);
  if (decision.ok) throw new Error(`allowed: ${JSON.stringify(decision.state)}`);
  return decision.message;
}

const fulfil = (to: FulfilmentStatus): OrderAction => ({ type: 'fulfil', to });
const paidBy = (by: 'provider' | 'owner', amountMinor = 10_000): OrderAction => ({ type: 'paid', amountMinor, by });

describe('fulfilment steps', () => {
  it('go forward, may skip, and cancel only before shipping', () => {
    expect(FULFILMENT_STEPS).toEqual({
      not_processed: ['processing', 'shipped', 'delivered', 'cancelled'],
      processing: ['shipped', 'delivered', 'cancelled'],
      shipped: ['delivered'],
      delivered: [],
      cancelled: ['not_processed', 'processing'],
    });
  });

  it('refuse every step outside the table, with a message (a paid cash order, so only the table decides)', () => {
    let forbidden = 0;
    for (const from of FULFILMENT_STATUSES) {
      for (const to of FULFILMENT_STATUSES) {
        if (to === from || FULFILMENT_STEPS[from].includes(to)) continue;
        forbidden += 1;
        const message = refused(order({ method: 'cash_on_delivery', fulfilment: from }), fulfil(to));
        expect(message.length, `${from} → ${to}`).toBeGreaterThan(20);
      }
    }
    expect(forbidden).toBe(10);
    expect(refused(order({ fulfilment: 'shipped', payment: 'paid' }), fulfil('cancelled'))).toBe(
      'This order is shipped: only an order not shipped yet can be cancelled',
    );
    expect(refused(order({ fulfilment: 'shipped', payment: 'paid' }), fulfil('processing'))).toBe(
      'This order is shipped: it cannot go back to processing',
    );
    expect(refused(order({ fulfilment: 'delivered', payment: 'paid' }), fulfil('shipped'))).toBe(
      'This order is delivered: its status can no longer change',
    );
    expect(refused(order({ method: 'cash_on_delivery', fulfilment: 'cancelled' }), fulfil('delivered'))).toBe(
      'A cancelled order cannot be delivered: reopen it as not processed first',
    );
  });

  it('setting the status an order already has changes nothing', () => {
    const state = order({ fulfilment: 'processing' });
    expect(decide(state, fulfil('processing'))).toEqual({ ok: true, changed: false, state });
  });

  it('offer the owner only the steps allowed now', () => {
    expect(nextFulfilmentSteps(order())).toEqual(['not_processed', 'processing', 'cancelled']);
    expect(nextFulfilmentSteps(order({ payment: 'paid' }))).toEqual(['not_processed', 'processing', 'shipped', 'delivered', 'cancelled']);
    expect(nextFulfilmentSteps(order({ fulfilment: 'cancelled', payment: 'expired' }))).toEqual(['cancelled']);
    expect(nextFulfilmentSteps(order({ method: 'bank_transfer', fulfilment: 'cancelled' }))).toEqual([
      'cancelled',
      'not_processed',
      'processing',
    ]);
  });
});

describe('a card order', () => {
  it('cannot be shipped or delivered unpaid', () => {
    expect(refused(order(), fulfil('shipped'))).toBe('This card order is not paid yet: it cannot be shipped before it is paid');
    expect(refused(order({ fulfilment: 'processing' }), fulfil('delivered'))).toBe(
      'This card order is not paid yet: it cannot be delivered before it is paid',
    );
    expect(refused(order({ payment: 'refunded', refundedMinor: 10_000 }), fulfil('shipped'))).toBe(
      'This card order is refunded: it cannot be shipped',
    );
  });

  it('ships once paid, and still ships partly refunded (a line given back)', () => {
    expect(allowed(order({ payment: 'paid' }), fulfil('shipped')).state.fulfilment).toBe('shipped');
    expect(allowed(order({ payment: 'partially_refunded', refundedMinor: 500 }), fulfil('shipped')).state.fulfilment).toBe('shipped');
  });

  it('is marked paid once by the provider, whatever repeats it', () => {
    const first = allowed(order(), paidBy('provider'));
    expect(first).toEqual({ state: order({ payment: 'paid' }), effects: [] });
    expect(decide(first.state, paidBy('provider'))).toEqual({ ok: true, changed: false, state: first.state });
    expect(refused(order(), paidBy('owner'))).toBe('A card payment is recorded by the payment provider, not by hand');
  });

  it('refuses a payment that does not match its total', () => {
    expect(refused(order(), paidBy('provider', 9_999))).toBe("The payment ($99.99) does not match the order's total ($100.00)");
    expect(refused(order({ currency: 'JPY', totalMinor: 1500 }), paidBy('provider', 150_000))).toBe(
      "The payment (¥150,000) does not match the order's total (¥1,500)",
    );
  });

  it('is cancelled with its stock back when its payment page expires or its payment fails', () => {
    expect(allowed(order(), { type: 'payment_expired' })).toEqual({
      state: order({ payment: 'expired', fulfilment: 'cancelled' }),
      effects: [{ type: 'release_stock' }],
    });
    expect(allowed(order({ fulfilment: 'processing' }), { type: 'payment_failed' })).toEqual({
      state: order({ payment: 'failed', fulfilment: 'cancelled' }),
      effects: [{ type: 'release_stock' }],
    });
  });

  it('cancelled by the owner before its page expired: the expiry records the payment as ended and gives no stock back twice', () => {
    const cancelled = order({ fulfilment: 'cancelled' });
    expect(allowed(cancelled, { type: 'payment_expired' })).toEqual({ state: order({ payment: 'expired', fulfilment: 'cancelled' }), effects: [] });
    expect(allowed(cancelled, { type: 'payment_failed' })).toEqual({ state: order({ payment: 'failed', fulfilment: 'cancelled' }), effects: [] });
  });

  it('keeps a payment when a late expiry of another page arrives, and ends once', () => {
    const paid = order({ payment: 'paid' });
    expect(decide(paid, { type: 'payment_expired' })).toEqual({ ok: true, changed: false, state: paid });
    expect(decide(paid, { type: 'payment_failed' })).toEqual({ ok: true, changed: false, state: paid });
    const expired = order({ payment: 'expired', fulfilment: 'cancelled' });
    expect(decide(expired, { type: 'payment_expired' })).toEqual({ ok: true, changed: false, state: expired });
    expect(decide(expired, { type: 'payment_failed' })).toEqual({ ok: true, changed: false, state: expired });
  });

  it('paid after its page expired (or was closed by cancelling): the money is recorded and refunded at once', () => {
    const expired = order({ payment: 'expired', fulfilment: 'cancelled' });
    expect(allowed(expired, paidBy('provider'))).toEqual({
      state: order({ payment: 'refunded', fulfilment: 'cancelled', refundedMinor: 10_000 }),
      effects: [{ type: 'refund', amountMinor: 10_000 }],
    });
  });

  it('cancelled unpaid: its payment page is closed and its stock released', () => {
    expect(allowed(order({ fulfilment: 'processing' }), fulfil('cancelled'))).toEqual({
      state: order({ fulfilment: 'cancelled', payment: 'expired' }),
      effects: [{ type: 'release_stock' }, { type: 'expire_checkout' }],
    });
  });

  it('cannot be reopened once cancelled', () => {
    expect(refused(order({ fulfilment: 'cancelled', payment: 'expired' }), fulfil('not_processed'))).toBe(
      'A cancelled card order cannot be reopened: the shopper can place it again',
    );
  });
});

describe('cancelling a paid order refunds it', () => {
  it('in full, or what is left after earlier refunds', () => {
    expect(allowed(order({ payment: 'paid' }), fulfil('cancelled'))).toEqual({
      state: order({ payment: 'refunded', fulfilment: 'cancelled', refundedMinor: 10_000 }),
      effects: [{ type: 'release_stock' }, { type: 'refund', amountMinor: 10_000 }],
    });
    expect(allowed(order({ payment: 'partially_refunded', refundedMinor: 2_500 }), fulfil('cancelled')).effects).toEqual([
      { type: 'release_stock' },
      { type: 'refund', amountMinor: 7_500 },
    ]);
    const transfer = order({ method: 'bank_transfer', payment: 'paid' });
    expect(allowed(transfer, fulfil('cancelled')).effects).toEqual([{ type: 'release_stock' }, { type: 'refund', amountMinor: 10_000 }]);
  });

  it('and an order refunded in full already is only cancelled', () => {
    expect(allowed(order({ payment: 'refunded', refundedMinor: 10_000 }), fulfil('cancelled')).effects).toEqual([{ type: 'release_stock' }]);
  });
});

describe('refunds', () => {
  const paid = order({ payment: 'paid' });

  it('part, then the rest', () => {
    const part = allowed(paid, { type: 'refund', amountMinor: 3_000 });
    expect(part).toEqual({
      state: order({ payment: 'partially_refunded', refundedMinor: 3_000 }),
      effects: [{ type: 'refund', amountMinor: 3_000 }],
    });
    const rest = allowed(part.state, { type: 'refund', amountMinor: 7_000 });
    expect(rest.state).toEqual(order({ payment: 'refunded', refundedMinor: 10_000 }));
  });

  it('never more than was paid', () => {
    const part = allowed(paid, { type: 'refund', amountMinor: 3_000 }).state;
    expect(refused(part, { type: 'refund', amountMinor: 7_001 })).toBe('A refund of $70.01 is more than the $70.00 left to refund');
    expect(refused(order({ payment: 'refunded', refundedMinor: 10_000 }), { type: 'refund', amountMinor: 1 })).toBe(
      'This order is already refunded in full',
    );
    expect(refused(order(), { type: 'refund', amountMinor: 1 })).toBe('This order is not paid: there is nothing to refund');
    for (const amountMinor of [0, -5, 1.5]) {
      expect(refused(paid, { type: 'refund', amountMinor })).toBe('A refund must be more than nothing');
    }
  });

  it('applied one after another, 50 clicks of 3 on a 100 order refund 99 and refuse the rest', () => {
    let state = order({ totalMinor: 100, payment: 'paid' });
    let refundedByEffects = 0;
    let refusals = 0;
    for (let click = 0; click < 50; click += 1) {
      const decision = decide(state, { type: 'refund', amountMinor: 3 });
      if (!decision.ok) {
        refusals += 1;
        continue;
      }
      state = decision.state;
      for (const effect of decision.changed ? decision.effects : []) if (effect.type === 'refund') refundedByEffects += effect.amountMinor;
    }
    expect({ refundedByEffects, refusals, refundedMinor: state.refundedMinor, payment: state.payment }).toEqual({
      refundedByEffects: 99,
      refusals: 17,
      refundedMinor: 99,
      payment: 'partially_refunded',
    });
  });
});

describe('bank transfer and cash on delivery', () => {
  it('a transfer is marked paid by the owner (not by a provider), once', () => {
    const transfer = order({ method: 'bank_transfer' });
    const paid = allowed(transfer, paidBy('owner')).state;
    expect(paid.payment).toBe('paid');
    expect(decide(paid, paidBy('owner')).ok).toBe(true);
    expect(refused(transfer, paidBy('provider'))).toBe('This order is paid by bank transfer, not through the payment provider');
    expect(refused(order({ method: 'bank_transfer', fulfilment: 'cancelled' }), paidBy('owner'))).toBe(
      'A cancelled order cannot be marked paid: reopen it first',
    );
  });

  it('cash is paid when the parcel is delivered, and payment.success is true exactly then (the specification’s rule)', () => {
    let state = order({ method: 'cash_on_delivery' });
    const seen: [FulfilmentStatus, boolean][] = [];
    for (const to of ['processing', 'shipped', 'delivered'] as const) {
      state = allowed(state, fulfil(to)).state;
      seen.push([state.fulfilment, paymentSucceeded(state.payment)]);
    }
    expect(seen).toEqual([
      ['processing', false],
      ['shipped', false],
      ['delivered', true],
    ]);
  });

  it('only cash is paid at the door: a transfer delivered still waits for its payment, and a refunded cash order keeps its refund', () => {
    expect(allowed(order({ method: 'bank_transfer', fulfilment: 'shipped' }), fulfil('delivered'))).toEqual({
      state: order({ method: 'bank_transfer', fulfilment: 'delivered' }),
      effects: [],
    });
    // Paid before it was handed over, then partly refunded: delivering it changes the payment no more.
    const refundedCash = order({ method: 'cash_on_delivery', fulfilment: 'shipped', payment: 'partially_refunded', refundedMinor: 2_500 });
    expect(allowed(refundedCash, fulfil('delivered'))).toEqual({ state: { ...refundedCash, fulfilment: 'delivered' }, effects: [] });
    // Handed over and paid: no other effect than the payment.
    expect(allowed(order({ method: 'cash_on_delivery', fulfilment: 'shipped' }), fulfil('delivered')).effects).toEqual([]);
  });

  it('a transfer or cash order refunded in full is neither shipped nor delivered', () => {
    for (const method of ['bank_transfer', 'cash_on_delivery'] as PaymentMethod[]) {
      const refunded = order({ method, fulfilment: 'processing', payment: 'refunded', refundedMinor: 10_000 });
      expect(refused(refunded, fulfil('shipped'))).toBe('This order is refunded: it cannot be shipped');
      expect(refused(refunded, fulfil('delivered'))).toBe('This order is refunded: it cannot be delivered');
    }
  });

  it('unpaid and cancelled: stock back, payment still pending, and may be reopened with its stock taken again', () => {
    for (const method of ['cash_on_delivery', 'bank_transfer'] as PaymentMethod[]) {
      const cancelled = allowed(order({ method }), fulfil('cancelled'));
      expect(cancelled).toEqual({ state: order({ method, fulfilment: 'cancelled' }), effects: [{ type: 'release_stock' }] });
      expect(allowed(cancelled.state, fulfil('processing'))).toEqual({
        state: order({ method, fulfilment: 'processing' }),
        effects: [{ type: 'take_stock' }],
      });
    }
    expect(refused(order({ method: 'bank_transfer', fulfilment: 'cancelled', payment: 'refunded', refundedMinor: 10_000 }), fulfil('not_processed'))).toBe(
      'A cancelled order whose payment is refunded cannot be reopened',
    );
  });

  it('have no provider outcome', () => {
    expect(refused(order({ method: 'bank_transfer' }), { type: 'payment_expired' })).toBe('Only a card payment can be expired');
    expect(refused(order({ method: 'cash_on_delivery' }), { type: 'payment_failed' })).toBe('Only a card payment can be failed');
  });
});

describe('the wire', () => {
  it('payment.success is true exactly while the order counts as paid', () => {
    expect(PAYMENT_STATUSES.filter(paymentSucceeded)).toEqual(['paid', 'partially_refunded']);
  });

  it('status keeps the specification’s five spellings, from the fulfilment status', () => {
    expect(FULFILMENT_STATUSES.map(toWireStatus)).toEqual(['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel']);
  });
});

describe('events in any order, any number of times', () => {
  /** Every order of the events (each one twice), applied to a pending card order. */
  function* orderings(events: OrderAction[]): Generator<OrderAction[]> {
    if (events.length === 0) yield [];
    for (let i = 0; i < events.length; i += 1) {
      if (events.indexOf(events[i] as OrderAction) !== i) continue; // the same event twice gives the same orderings
      const rest = [...events.slice(0, i), ...events.slice(i + 1)];
      for (const tail of orderings(rest)) yield [events[i] as OrderAction, ...tail];
    }
  }

  const paid = paidBy('provider');
  const expired: OrderAction = { type: 'payment_expired' };

  it('pay at most once and give back exactly what was taken after an expiry', () => {
    const outcomes = new Map<string, number>();
    for (const events of orderings([paid, paid, expired, expired])) {
      let state = order();
      let stockReleases = 0;
      let refunded = 0;
      for (const event of events) {
        const decision: Decision = decide(state, event);
        expect(decision.ok).toBe(true);
        if (!decision.ok || !decision.changed) continue;
        state = decision.state;
        for (const effect of decision.effects) {
          if (effect.type === 'release_stock') stockReleases += 1;
          if (effect.type === 'refund') refunded += effect.amountMinor;
        }
      }
      const key = `${state.payment}/${state.fulfilment} released ${stockReleases} refunded ${refunded}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({
      // paid first: the expiries change nothing
      'paid/not_processed released 0 refunded 0': 3,
      // expired first: cancelled once, the late payment refunded once
      'refunded/cancelled released 1 refunded 10000': 3,
    });
  });

  it('never reach a payment status outside the table, from any state that can exist', () => {
    const steps = new Set<string>();
    const actions: OrderAction[] = [
      paid,
      paidBy('owner'),
      expired,
      { type: 'payment_failed' },
      { type: 'refund', amountMinor: 4_000 },
      ...FULFILMENT_STATUSES.map(fulfil),
    ];
    for (const method of ['card', 'bank_transfer', 'cash_on_delivery'] as PaymentMethod[]) {
      for (const payment of PAYMENT_STATUSES) {
        for (const fulfilment of FULFILMENT_STATUSES) {
          // A failed or expired payment always comes with a cancelled order (the states that can exist).
          if ((payment === 'failed' || payment === 'expired') && fulfilment !== 'cancelled') continue;
          const refundedMinor = payment === 'refunded' ? 10_000 : payment === 'partially_refunded' ? 4_000 : 0;
          for (const action of actions) {
            const decision = decide(order({ method, payment, fulfilment, refundedMinor }), action);
            if (decision.ok && decision.state.payment !== payment) steps.add(`${payment}→${decision.state.payment}`);
          }
        }
      }
    }
    const allowedSteps: PaymentStatus[][] = [
      ['pending', 'paid'],
      ['pending', 'failed'],
      ['pending', 'expired'],
      ['pending', 'refunded'], // paid while being cancelled: through paid, refunded at once
      ['paid', 'partially_refunded'],
      ['paid', 'refunded'],
      ['partially_refunded', 'refunded'],
      ['failed', 'refunded'],
      ['expired', 'refunded'],
    ];
    expect([...steps].sort()).toEqual(allowedSteps.map(([a, b]) => `${a}→${b}`).sort());
  });
});

describe('every decision, from every state', () => {
  it("moves the payment only along the payment table's steps (through `paid` for a late payment refunded at once)", () => {
    const actions: OrderAction[] = [
      ...FULFILMENT_STATUSES.map(fulfil),
      paidBy('provider'),
      paidBy('owner'),
      { type: 'payment_failed' },
      { type: 'payment_expired' },
      { type: 'refund', amountMinor: 2_500 },
      { type: 'refund', amountMinor: 10_000 },
    ];
    const step = (from: PaymentStatus, to: PaymentStatus) => from === to || PAYMENT_STEPS[from].includes(to);
    const moves = new Set<string>();
    let decided = 0;
    for (const method of PAYMENT_METHODS) {
      for (const fulfilment of FULFILMENT_STATUSES) {
        for (const payment of PAYMENT_STATUSES) {
          const refundedMinor = payment === 'refunded' ? 10_000 : payment === 'partially_refunded' ? 2_500 : 0;
          const state = order({ method, fulfilment, payment, refundedMinor });
          for (const action of actions) {
            const decision = decide(state, action);
            decided += 1;
            if (!decision.ok || !decision.changed) continue;
            const to = decision.state.payment;
            expect(step(payment, to) || (step(payment, 'paid') && step('paid', to)), `${method} ${fulfilment} ${payment} → ${to}`).toBe(true);
            moves.add(`${payment}→${to}`);
          }
        }
      }
    }
    expect(decided).toBe(PAYMENT_METHODS.length * FULFILMENT_STATUSES.length * PAYMENT_STATUSES.length * actions.length);
    // Every step of the table is taken by some decision.
    for (const [from, tos] of Object.entries(PAYMENT_STEPS)) for (const to of tos) expect(moves, `${from}→${to}`).toContain(`${from}→${to}`);
  });
});
