/**
 * Card payments through Stripe Checkout (the hosted payment page), with the official `stripe` package.
 * STRIPE_API_URL points the SDK elsewhere (a local fake in tests): its host, port and protocol are
 * handed to the SDK, which keeps its own `/v1/` paths.
 */
import Stripe from 'stripe';
import { currencyCode, MoneyError, toStripeAmount } from '../../../domain/money.ts';
import {
  type CreatePaymentInput,
  type PaymentEvent,
  type PaymentProvider,
  PaymentRejectedError,
  type PaymentSession,
  PaymentUnavailableError,
  type Refund,
  type RefundInput,
  WebhookRejectedError,
} from '../provider.ts';
import { ORDER_ID_KEY, toPaymentEvent, toPaymentSession, toRefund } from './stripe-mapper.ts';

export const STRIPE_DEFAULT_API_URL = 'https://api.stripe.com';

/** Seconds a signed notification stays acceptable (Stripe's own default): a replayed old one is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe keeps a Checkout Session open from 30 minutes to 24 hours after it is created. */
const MIN_OPEN_MS = 30 * 60_000;
const MAX_OPEN_MS = 24 * 60 * 60_000;
/** Room for the clocks and the trip to Stripe, so that the bounds hold when Stripe checks them. */
const BOUND_SLACK_MS = 60_000;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Default https://api.stripe.com. */
  apiUrl?: string;
  /** Per request (default 10 s: a shopper is waiting). */
  timeoutMs?: number;
  /** The SDK's retries on network errors and Stripe's 409/429/5xx, with the same idempotency key (default 2). */
  maxNetworkRetries?: number;
  /** For tests: the clock used for expiry bounds and signature age. */
  now?: () => number;
}

/** The SDK's host, port and protocol for an API URL ('http://127.0.0.1:4010' → http, 127.0.0.1, 4010). */
export function stripeConnection(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`STRIPE_API_URL must be http(s): ${apiUrl}`);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80, protocol };
}

/** The provider's errors for Stripe's: unavailable (retry later) or rejected (do not retry as is). */
function toProviderError(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error instanceof Error ? error : new Error(String(error));
  // The SDK makes every 5xx (and 409 lock timeouts) a StripeAPIError, every 429 a StripeRateLimitError.
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new PaymentUnavailableError(`Stripe is unavailable: ${error.message}`, { cause: error });
  }
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    // A key that Stripe refuses: no payment can be taken until the owner fixes it.
    return new PaymentUnavailableError(`Stripe refused the shop's key: ${error.message}`, { cause: error });
  }
  return new PaymentRejectedError(error.message, error.code ?? null, { cause: error });
}

/** The amount in Stripe's units; one Stripe cannot charge exactly is refused before any call. */
function stripeAmount(minor: number, currency: string): number {
  try {
    return toStripeAmount(minor, currency);
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: toStripeAmount throws nothing but MoneyError
    if (error instanceof MoneyError) throw new PaymentRejectedError(error.message, 'amount_invalid', { cause: error });
    throw error;
  }
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toProviderError(error);
  }
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const now = settings.now ?? Date.now;
  const stripe = new Stripe(settings.secretKey, {
    ...stripeConnection(settings.apiUrl ?? STRIPE_DEFAULT_API_URL),
    timeout: settings.timeoutMs ?? 10_000,
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    telemetry: false,
    appInfo: { name: 'Emporium' },
  });

  /** The session with its PaymentIntent, which tells a failed delayed payment from one still on its way. */
  const retrieve = (sessionId: string) => stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });

  async function getPayment(sessionId: string): Promise<PaymentSession> {
    return toPaymentSession(await call(() => retrieve(sessionId)));
  }

  return {
    name: 'stripe',

    async createPayment(input: CreatePaymentInput): Promise<PaymentSession> {
      const currency = currencyCode(input.currency);
      const unitAmount = stripeAmount(input.amountMinor, currency);
      const createdAt = now();
      const expiresAt = Math.min(
        Math.max(input.expiresAt.getTime(), createdAt + MIN_OPEN_MS + BOUND_SLACK_MS),
        createdAt + MAX_OPEN_MS - BOUND_SLACK_MS,
      );
      const metadata = { [ORDER_ID_KEY]: input.orderId };
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            // One line for the whole order: the amount charged is the shop's total to the minor unit,
            // never a sum Stripe would round on its side.
            line_items: [{ quantity: 1, price_data: { currency: currency.toLowerCase(), unit_amount: unitAmount, product_data: { name: input.description } } }],
            client_reference_id: input.orderId,
            metadata,
            payment_intent_data: { metadata },
            success_url: input.successUrl.replaceAll('{SESSION_ID}', '{CHECKOUT_SESSION_ID}'),
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(expiresAt / 1000),
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toPaymentSession(session);
    },

    getPayment,

    async expirePayment(sessionId: string, idempotencyKey: string): Promise<PaymentSession> {
      try {
        return toPaymentSession(await call(() => stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey })));
      } catch (error) {
        // Only an open session can be expired: one paid or closed meanwhile is answered as it stands.
        if (!(error instanceof PaymentRejectedError)) throw error;
        const session = await getPayment(sessionId);
        if (session.state === 'open') throw error;
        return session;
      }
    },

    async refund(input: RefundInput): Promise<Refund> {
      const currency = currencyCode(input.currency);
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: input.captureId, amount: stripeAmount(input.amountMinor, currency), metadata: { [ORDER_ID_KEY]: input.orderId } },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toRefund(refund, currency);
    },

    parseEvent(rawBody: string | Buffer, signature: string | undefined): PaymentEvent {
      if (!signature) throw new WebhookRejectedError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, now());
      } catch (error) {
        const reason = error instanceof Stripe.errors.StripeSignatureVerificationError ? error.message : 'the body is not an event';
        throw new WebhookRejectedError(`Stripe-Signature refused: ${reason}`, { cause: error });
      }
      try {
        return toPaymentEvent(event);
      } catch (error) {
        // Signed by Stripe but not a session the shop can read (a currency it does not know).
        throw new WebhookRejectedError(`Stripe event ${event.id} cannot be read: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}
