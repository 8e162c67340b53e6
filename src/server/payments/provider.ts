/**
 * What the shop needs from a card payment provider, and nothing of any one provider's vocabulary: a
 * hosted payment page for an order (the shopper pays on the provider's site, no card number reaches the
 * shop), reading it back, closing it, refunding, and reading the provider's signed notifications. Stripe
 * is one implementation (./stripe/); a second provider (Braintree, Mollie) is one more folder beside it.
 *
 * Amounts are in the shop's minor units of the order's currency (src/domain/money.ts); each provider
 * converts to its own. Every call that creates or changes something takes an idempotency key, so that a
 * retry after a timeout never pays, closes or refunds twice.
 */

export interface CreatePaymentInput {
  /** The shop's order id: kept by the provider and handed back with every event about this payment. */
  orderId: string;
  amountMinor: number;
  /** ISO 4217 code, any case. */
  currency: string;
  /** One line the shopper reads on the payment page ("Order 42 at Emporium"). */
  description: string;
  /** Where the shopper lands after paying; `{SESSION_ID}` in it is replaced by the session's id. */
  successUrl: string;
  /** Where the shopper lands on going back without paying. */
  cancelUrl: string;
  /** When the page stops taking payments (the provider may move it into its own bounds; see `expiresAt` in the answer). */
  expiresAt: Date;
  /** The same key returns the same session, never a second one. */
  idempotencyKey: string;
  /** Prefills the payment page. */
  customerEmail?: string;
}

/**
 * Where a payment session stands:
 * - open: waiting on the shopper;
 * - processing: the shopper finished but the money is not in yet (a bank debit), an event follows;
 * - paid: the money is taken;
 * - expired: closed unpaid (by time, or by the shop);
 * - failed: a delayed payment did not go through.
 */
export type PaymentSessionState = 'open' | 'processing' | 'paid' | 'expired' | 'failed';

export interface PaymentSession {
  /** The provider's id of the payment page (a Stripe Checkout Session id). */
  id: string;
  /** The order id given at creation, read back from the provider (null if it has none: not the shop's). */
  orderId: string | null;
  state: PaymentSessionState;
  /** The page to send the shopper to (while open). */
  url: string | null;
  amountMinor: number;
  /** Upper-case ISO 4217 code. */
  currency: string;
  /** The provider's id of the money taken, which refunds name (a Stripe PaymentIntent); null until there is one. */
  captureId: string | null;
  expiresAt: Date;
}

export interface RefundInput {
  /** From the paid session (`captureId`). */
  captureId: string;
  amountMinor: number;
  currency: string;
  /** The same key never refunds twice. */
  idempotencyKey: string;
  /** Kept with the refund at the provider, for the owner's records. */
  orderId: string;
}

export interface Refund {
  id: string;
  amountMinor: number;
  /** pending: the provider has it and will finish it (some methods take days); failed: nothing was given back. */
  state: 'succeeded' | 'pending' | 'failed';
}

/** A provider's notification, verified and reduced to what the shop acts on. */
export type PaymentEvent =
  | {
      /** The provider's event id: the shop applies each one once. */
      id: string;
      /**
       * paid: paid at once (a card); async_paid: a delayed payment came in; processing: finished but not
       * paid yet (an event follows); expired: closed unpaid; failed: a delayed payment failed.
       */
      kind: 'paid' | 'async_paid' | 'processing' | 'expired' | 'failed';
      /** The provider's own name for it (checkout.session.completed…), for logs. */
      type: string;
      createdAt: Date;
      session: PaymentSession;
    }
  | { id: string; kind: 'ignored'; type: string; createdAt: Date };

/** The provider could not be reached or failed on its side (timeouts, 5xx, rate limits): try again later. */
export class PaymentUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentUnavailableError';
  }
}

/** The provider refused the request (an amount too large to refund, a session that does not exist): do not retry as is. */
export class PaymentRejectedError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentRejectedError';
  }
}

/** A notification whose signature is wrong, too old, or missing, or whose body is not an event: answer 400, change nothing. */
export class WebhookRejectedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookRejectedError';
  }
}

export interface PaymentProvider {
  /** A short name, stored with each payment ('stripe'). */
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<PaymentSession>;
  getPayment(sessionId: string): Promise<PaymentSession>;
  /**
   * Closes an open page so it can no longer be paid, and answers where the session stands then: a
   * session that was paid (or closed) in the meantime is answered as it is, not as an error.
   */
  expirePayment(sessionId: string, idempotencyKey: string): Promise<PaymentSession>;
  refund(input: RefundInput): Promise<Refund>;
  /** Verifies a notification on its raw bytes and signature header; throws WebhookRejectedError. */
  parseEvent(rawBody: string | Buffer, signature: string | undefined): PaymentEvent;
}
