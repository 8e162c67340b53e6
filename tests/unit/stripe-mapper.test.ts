/**
 * Stripe's objects read as the shop's (src/server/payments/stripe/stripe-mapper.ts), for the states the
 * fake never makes: a session paid without a PaymentIntent object (a free order, an intent not expanded),
 * a delayed payment whose intent failed or was cancelled, refunds Stripe answers pending, failed or cancelled.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { toPaymentEvent, toPaymentSession, toRefund } from '../../src/server/payments/stripe/stripe-mapper.ts';

/** A completed Checkout Session of $19.99 for order 42, with what the case changes. */
const session = (overrides: Record<string, unknown>) =>
  ({
    id: 'cs_test_1',
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'unpaid',
    payment_intent: null,
    currency: 'usd',
    amount_total: 1999,
    metadata: { order_id: '42' },
    client_reference_id: '42',
    url: null,
    expires_at: 1_900_000_000,
    ...overrides,
  }) as unknown as Stripe.Checkout.Session;

const intent = (status: string) => ({ id: 'pi_1', object: 'payment_intent', status });

describe('a session read back', () => {
  it('is paid when Stripe says paid or no payment required, whatever its intent', () => {
    expect(toPaymentSession(session({ payment_status: 'paid', payment_intent: 'pi_1' }))).toMatchObject({ state: 'paid', captureId: 'pi_1' });
    expect(toPaymentSession(session({ payment_status: 'paid', payment_intent: intent('processing') })).state).toBe('paid');
    expect(toPaymentSession(session({ payment_status: 'no_payment_required' })).state).toBe('paid');
  });

  it('a complete, unpaid session: its intent tells paid, failed (no method, cancelled) and on its way', () => {
    expect(toPaymentSession(session({ payment_intent: intent('succeeded') })).state).toBe('paid');
    expect(toPaymentSession(session({ payment_intent: intent('requires_payment_method') })).state).toBe('failed');
    expect(toPaymentSession(session({ payment_intent: intent('canceled') })).state).toBe('failed');
    expect(toPaymentSession(session({ payment_intent: intent('processing') })).state).toBe('processing');
    // Not expanded (an id only), or none yet: on its way.
    expect(toPaymentSession(session({ payment_intent: 'pi_1' })).state).toBe('processing');
    expect(toPaymentSession(session({})).state).toBe('processing');
  });

  it('a session without a currency is refused, not read as some currency', () => {
    expect(() => toPaymentSession(session({ currency: null }))).toThrow(/^Unknown currency: $/);
  });
});

describe('a completed-session event', () => {
  const completed = (payment_status: string) =>
    ({ id: 'evt_1', type: 'checkout.session.completed', created: 1, data: { object: session({ payment_status }) } }) as unknown as Stripe.Event;

  it('is paid when no payment was required, processing when unpaid', () => {
    expect(toPaymentEvent(completed('no_payment_required'))).toMatchObject({ kind: 'paid', session: { state: 'paid' } });
    expect(toPaymentEvent(completed('unpaid'))).toMatchObject({ kind: 'processing', session: { state: 'processing' } });
  });
});

describe('a refund read back', () => {
  const refund = (status: string | null) => ({ id: 're_1', object: 'refund', amount: 1500, status }) as unknown as Stripe.Refund;

  it('succeeded, failed or cancelled (nothing given back), otherwise pending', () => {
    expect(toRefund(refund('succeeded'), 'USD')).toEqual({ id: 're_1', amountMinor: 1500, state: 'succeeded' });
    expect(toRefund(refund('failed'), 'USD').state).toBe('failed');
    expect(toRefund(refund('canceled'), 'USD').state).toBe('failed');
    expect(toRefund(refund('pending'), 'USD').state).toBe('pending');
    expect(toRefund(refund('requires_action'), 'USD').state).toBe('pending');
    expect(toRefund(refund(null), 'JPY')).toEqual({ id: 're_1', amountMinor: 1500, state: 'pending' });
  });
});
