/**
 * A stateful stand-in for the part of Stripe's API the shop uses, on 127.0.0.1, spoken as the official
 * SDK speaks it: form-encoded bodies with bracketed keys, `Authorization: Bearer <secret key>`,
 * `Idempotency-Key` honoured (the same key and parameters answer the same object; other parameters under
 * the same key are Stripe's idempotency_error), and Stripe's error shape `{error: {type, code, message,
 * param}}`. It keeps Checkout Sessions (open → complete or expired, payment_status unpaid → paid),
 * their PaymentIntents (made when the shopper pays or tries to, as Stripe's current API does) and
 * Refunds (never more than was taken).
 *
 * It also serves a stand-in payment page (`GET /pay/:sessionId`, whose buttons post to
 * `/pay/:sessionId/{pay,async,decline,abandon}`) and delivers signed events to the shop's webhook
 * (signed with the SDK's own `generateTestHeaderString`), with controls for tests: hold events, drop
 * them, deliver each several times, release held ones shuffled or late, redeliver one signed at any time.
 *
 * Start one per test file: `const stripe = await startFakeStripe()`; point the shop at it with
 * STRIPE_API_URL=stripe.url, STRIPE_SECRET_KEY=stripe.secretKey, STRIPE_WEBHOOK_SECRET=stripe.webhookSecret.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { formatMoney, fromStripeAmount } from '../../src/domain/money.ts';

type Json = Record<string, unknown>;

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not Stripe's: the line the payment page shows, and the PaymentIntent's metadata to be. */
  line_items_name: string;
  intent_metadata: Record<string, string>;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded';
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
  /** Not Stripe's: the sum of its refunds. */
  amount_refunded: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  metadata: Record<string, string>;
  created: number;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The decoded query (GET) or form body (POST), nested as the SDK encoded it. */
  params: Json;
  raw: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  contentType: string | undefined;
}

export interface Delivery {
  eventId: string;
  type: string;
  /** The shop's answer (0: it could not be reached). */
  status: number;
  body: string;
}

export type DeliveryMode = 'immediate' | 'hold' | 'drop';

export interface DeliveryOptions {
  /** immediate: sent as it happens; hold: kept until `release`; drop: never sent (kept in `events`). */
  mode?: DeliveryMode;
  /** Each event sent this many times (default 1). */
  copies?: number;
  /** Each delivery waits this long first. */
  delayMs?: number;
}

export interface ReleaseOptions {
  copies?: number;
  /** Sent in a random order (seeded: the same seed, the same order). */
  shuffle?: boolean | number;
  delayMs?: number;
  /** All at once (default) or one after the other. */
  concurrent?: boolean;
}

const SESSION_MIN_OPEN_S = 30 * 60;
const SESSION_MAX_OPEN_S = 24 * 60 * 60;
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const invalid = (message: string, param?: string, code?: string) => new StripeFailure(400, 'invalid_request_error', message, code, param);
const missing = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

/** `a[b][0][c]=x` keys into nested objects and arrays, as Stripe reads the SDK's form bodies. */
export function decodeStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[index + 1] as string);
      const slot = Array.isArray(node) ? Number(segment) : segment;
      const target = node as Record<string | number, unknown>;
      if (last) target[slot] = value;
      else {
        target[slot] ??= nextIsIndex ? [] : {};
        node = target[slot] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string; webhookUrl?: string; now?: () => number } = {},
) {
  const secretKey = options.secretKey ?? `sk_test_fake_${randomBytes(8).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_fake_${randomBytes(16).toString('hex')}`;
  const clock = { now: options.now ?? Date.now };
  const seconds = () => Math.floor(clock.now() / 1000);

  const sessions = new Map<string, FakeSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const events: FakeEvent[] = [];
  const held: FakeEvent[] = [];
  const deliveries: Delivery[] = [];
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const inFlight = new Set<Promise<unknown>>();
  const delivery: Required<DeliveryOptions> = { mode: 'immediate', copies: 1, delayMs: 0 };
  const failures = { count: 0, status: 500 };
  /** The status new refunds are made with (refundsAnswer): a failed one gives nothing back. */
  let refundStatus: FakeRefund['status'] = 'succeeded';
  let webhookUrl = options.webhookUrl ?? null;
  let apiVersion: string = Stripe.API_VERSION;
  let baseUrl = '';

  // ---- events ----

  async function send(event: FakeEvent, signedAt = clock.now()): Promise<Delivery> {
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(signedAt / 1000) });
    let result: Delivery;
    if (!webhookUrl) result = { eventId: event.id, type: event.type, status: 0, body: 'no webhook URL set' };
    else {
      try {
        const answer = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          body: payload,
        });
        result = { eventId: event.id, type: event.type, status: answer.status, body: await answer.text() };
      } catch (error) {
        result = { eventId: event.id, type: event.type, status: 0, body: (error as Error).message };
      }
    }
    deliveries.push(result);
    return result;
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  async function deliverCopies(event: FakeEvent, copies: number, delayMs: number): Promise<Delivery[]> {
    if (delayMs > 0) await sleep(delayMs);
    return Promise.all(Array.from({ length: copies }, () => send(event)));
  }

  function emit(type: string, object: Json): FakeEvent {
    const event: FakeEvent = {
      id: id('evt'),
      object: 'event',
      api_version: apiVersion,
      created: seconds(),
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    events.push(event);
    if (delivery.mode === 'hold') held.push(event);
    else if (delivery.mode === 'immediate') void track(deliverCopies(event, delivery.copies, delivery.delayMs));
    return event;
  }

  // ---- state ----

  function sessionOf(sessionId: string): FakeSession {
    const session = sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    expireIfDue(session);
    return session;
  }

  function expireIfDue(session: FakeSession): void {
    if (session.status === 'open' && seconds() >= session.expires_at) expire(session);
  }

  function expire(session: FakeSession): void {
    session.status = 'expired';
    session.url = null;
    emit('checkout.session.expired', publicSession(session));
  }

  function publicSession(session: FakeSession): Json {
    const { line_items_name: _name, intent_metadata: _metadata, ...rest } = session;
    return rest;
  }

  function publicIntent(intent: FakePaymentIntent): Json {
    const { amount_refunded: _refunded, ...rest } = intent;
    return rest;
  }

  function intentFor(session: FakeSession): FakePaymentIntent {
    const existing = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (existing) return existing;
    const intent: FakePaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      status: 'requires_payment_method',
      metadata: { ...session.intent_metadata },
      latest_charge: null,
      last_payment_error: null,
      created: seconds(),
      livemode: false,
      amount_refunded: 0,
    };
    paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  function openSession(sessionId: string): FakeSession {
    const session = sessionOf(sessionId);
    if (session.status !== 'open') throw invalid(`This Checkout Session is ${session.status}: it can no longer be paid`);
    return session;
  }

  function succeed(intent: FakePaymentIntent): void {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = id('ch');
    intent.last_payment_error = null;
  }

  const shopper = {
    /** Pays by card: the session completes paid and `checkout.session.completed` goes out. */
    pay(sessionId: string): FakeSession {
      const session = openSession(sessionId);
      succeed(intentFor(session));
      session.status = 'complete';
      session.payment_status = 'paid';
      session.url = null;
      emit('checkout.session.completed', publicSession(session));
      return session;
    },
    /** Pays by a delayed method (a bank debit): complete but unpaid until `settle`. */
    payLater(sessionId: string): FakeSession {
      const session = openSession(sessionId);
      intentFor(session).status = 'processing';
      session.status = 'complete';
      session.url = null;
      emit('checkout.session.completed', publicSession(session));
      return session;
    },
    /** The card is declined: the page stays open for another try; no event the shop listens to. */
    decline(sessionId: string): FakeSession {
      const session = openSession(sessionId);
      const intent = intentFor(session);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      return session;
    },
    /** Goes back to the shop without paying: nothing changes until the session expires. */
    abandon(sessionId: string): FakeSession {
      return openSession(sessionId);
    },
  };

  const controls = {
    /** The delayed payment comes in (async_payment_succeeded) or fails (async_payment_failed). */
    settle(sessionId: string, outcome: 'succeeded' | 'failed'): FakeSession {
      const session = sessionOf(sessionId);
      const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
      if (session.status !== 'complete' || session.payment_status !== 'unpaid' || intent?.status !== 'processing') {
        throw new Error(`Session ${sessionId} has no payment on its way`);
      }
      if (outcome === 'succeeded') {
        succeed(intent);
        session.payment_status = 'paid';
        emit('checkout.session.async_payment_succeeded', publicSession(session));
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'invalid_request_error', code: 'payment_method_provider_decline', message: 'The debit failed.' };
        emit('checkout.session.async_payment_failed', publicSession(session));
      }
      return session;
    },
    /** Expires an open session now, as Stripe does when its time is up. */
    expireNow(sessionId: string): FakeSession {
      const session = openSession(sessionId);
      expire(session);
      return session;
    },
    /** Expires every open session whose time is up (by the fake's clock). */
    expireDue(): void {
      for (const session of sessions.values()) expireIfDue(session);
    },
  };

  // ---- API ----

  function createSession(params: Json): FakeSession {
    if (params.mode !== 'payment') throw invalid('Only mode=payment is supported by this fake', 'mode');
    const lines = params.line_items;
    if (!Array.isArray(lines) || lines.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    let amount = 0;
    let currency: string | null = null;
    const names: string[] = [];
    lines.forEach((line: Json, index) => {
      const price = (line.price_data ?? {}) as Json;
      const unitAmount = Number(price.unit_amount);
      const quantity = Number(line.quantity);
      const lineCurrency = String(price.currency ?? '');
      if (!/^[a-z]{3}$/.test(lineCurrency)) throw invalid(`Invalid currency: ${lineCurrency}`, `line_items[${index}][price_data][currency]`);
      if (currency && currency !== lineCurrency) throw invalid('All line items must have the same currency', 'line_items');
      currency = lineCurrency;
      if (!Number.isSafeInteger(unitAmount) || unitAmount < 0) throw invalid('Invalid integer: unit_amount', `line_items[${index}][price_data][unit_amount]`);
      if (!Number.isSafeInteger(quantity) || quantity < 1) throw invalid('Invalid integer: quantity', `line_items[${index}][quantity]`);
      if (THREE_DECIMAL.has(lineCurrency) && unitAmount % 10 !== 0) {
        throw invalid(`Amounts in ${lineCurrency.toUpperCase()} must be rounded to the nearest ten`, `line_items[${index}][price_data][unit_amount]`, 'amount_invalid');
      }
      if (lineCurrency === 'isk' && unitAmount % 100 !== 0) {
        throw invalid('Currency ISK has become effectively zero-decimal and amounts must be evenly divisible by 100', undefined, 'invalid_charge_amount_no_decimal_compatible');
      }
      names.push(String(((price.product_data ?? {}) as Json).name ?? ''));
      amount += unitAmount * quantity;
    });
    if (typeof params.success_url !== 'string') throw invalid('Missing required param: success_url.', 'success_url');
    const created = seconds();
    const expiresAt = params.expires_at === undefined ? created + SESSION_MAX_OPEN_S : Number(params.expires_at);
    if (!Number.isSafeInteger(expiresAt) || expiresAt < created + SESSION_MIN_OPEN_S) {
      throw invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
    }
    if (expiresAt > created + SESSION_MAX_OPEN_S) {
      throw invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
    }
    const sessionId = id('cs_test');
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      amount_subtotal: amount,
      currency: currency as unknown as string,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
      payment_intent: null,
      success_url: params.success_url,
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      url: `${baseUrl}/pay/${sessionId}`,
      created,
      expires_at: expiresAt,
      livemode: false,
      line_items_name: names.join(', '),
      intent_metadata: { ...((((params.payment_intent_data ?? {}) as Json).metadata ?? {}) as Record<string, string>) },
    };
    sessions.set(sessionId, session);
    return session;
  }

  function expandSession(session: FakeSession, params: Json): Json {
    const expand = Array.isArray(params.expand) ? params.expand : [];
    const body = publicSession(session);
    if (expand.includes('payment_intent') && session.payment_intent) {
      body.payment_intent = publicIntent(paymentIntents.get(session.payment_intent) as FakePaymentIntent);
    }
    return body;
  }

  function createRefund(params: Json): FakeRefund {
    const intentId = String(params.payment_intent ?? '');
    if (!intentId) throw invalid('Missing required param: payment_intent or charge.', 'payment_intent');
    const intent = paymentIntents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    const left = intent.amount_received - intent.amount_refunded;
    if (left === 0) throw invalid(`Charge ${intent.latest_charge} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isSafeInteger(amount) || amount < 1) throw invalid('Invalid positive integer', 'amount');
    if (amount > left) {
      const show = (minor: number) => formatMoney(fromStripeAmount(minor, intent.currency), intent.currency);
      throw invalid(`Refund amount (${show(amount)}) is greater than unrefunded amount on charge (${show(left)})`, 'amount');
    }
    if (refundStatus !== 'failed') intent.amount_refunded += amount;
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: refundStatus,
      metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
      created: seconds(),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  /** The API's routes: method, path, and the answer as [status, body]. */
  const routes: [string, RegExp, (target: string, params: Json) => [number, Json]][] = [
    ['POST', /^\/v1\/checkout\/sessions$/, (_, params) => [200, publicSession(createSession(params))]],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (target, params) => [200, expandSession(sessionOf(target), params)]],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      (target) => {
        const session = sessionOf(target);
        if (session.status !== 'open') {
          throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
        }
        expire(session);
        return [200, publicSession(session)];
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (target) => {
        const intent = paymentIntents.get(target);
        if (!intent) throw missing('payment_intent', target);
        return [200, publicIntent(intent)];
      },
    ],
    ['POST', /^\/v1\/refunds$/, (_, params) => [200, { ...createRefund(params) }]],
    [
      'GET',
      /^\/v1\/refunds\/([^/]+)$/,
      (target) => {
        const refund = refunds.get(target);
        if (!refund) throw missing('refund', target);
        return [200, { ...refund }];
      },
    ],
  ];

  function api(method: string, path: string, params: Json): [number, Json] {
    for (const [routeMethod, pattern, answer] of routes) {
      const match = routeMethod === method ? pattern.exec(path) : null;
      if (match) return answer(decodeURIComponent(match[1] ?? ''), params);
    }
    throw new StripeFailure(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function answerJson(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
    response.end(body);
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const raw = request.method === 'POST' ? await readBody(request) : url.search.slice(1);
    const params = decodeStripeForm(raw);
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      params,
      raw,
      authorization: header('authorization'),
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
      contentType: header('content-type'),
    };
    requests.push(recorded);
    if (recorded.authorization !== `Bearer ${secretKey}`) {
      const shown = recorded.authorization?.replace(/^Bearer /, '') ?? '';
      const message = shown ? `Invalid API Key provided: ${shown.slice(0, 8)}${'*'.repeat(Math.max(0, shown.length - 12))}${shown.slice(-4)}` : 'You did not provide an API key.';
      answerJson(response, 401, JSON.stringify({ error: { type: 'invalid_request_error', message } }));
      return;
    }
    if (failures.count > 0) {
      failures.count -= 1;
      answerJson(response, failures.status, JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred (the fake was told to fail).' } }));
      return;
    }
    if (recorded.stripeVersion) apiVersion = recorded.stripeVersion;
    const key = recorded.method === 'POST' ? recorded.idempotencyKey : undefined;
    if (key) {
      const fingerprint = `${recorded.path}?${raw}`;
      const earlier = idempotent.get(key);
      if (earlier && earlier.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        answerJson(response, 400, JSON.stringify({ error: { type: 'idempotency_error', message } }));
        return;
      }
      if (earlier) {
        answerJson(response, earlier.status, earlier.body, { 'idempotent-replayed': 'true', 'original-request': 'req_original' });
        return;
      }
    }
    let status: number;
    let body: string;
    try {
      const [okStatus, object] = api(recorded.method, url.pathname, params);
      [status, body] = [okStatus, JSON.stringify(object)];
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = JSON.stringify({ error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) } });
    }
    // Stripe keeps the answer of a key, errors included, except its own 5xx.
    if (key && status < 500) idempotent.set(key, { fingerprint: `${recorded.path}?${raw}`, status, body });
    answerJson(response, status, body);
  }

  // ---- the stand-in payment page ----

  function page(session: FakeSession, notice = ''): string {
    const shown = formatMoney(fromStripeAmount(session.amount_total, session.currency), session.currency);
    const open = session.status === 'open';
    const button = (action: string, label: string) =>
      `<form method="post" action="/pay/${session.id}/${action}"><button type="submit">${label}</button></form>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${escapeHtml(shown)} – Stripe test page</title></head>
<body><main><h1>Pay ${escapeHtml(shown)}</h1><p>${escapeHtml(session.line_items_name)}</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}
${
  open
    ? [button('pay', 'Pay'), button('decline', 'Pay with a declined card'), button('async', 'Pay by bank debit'), button('abandon', 'Back to the shop')].join('\n')
    : `<p>This payment page is ${session.status === 'expired' ? 'expired' : 'complete'}.</p>`
}
</main></body></html>`;
  }

  function answerPage(response: ServerResponse, status: number, html: string): void {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  }

  function redirect(response: ServerResponse, location: string): void {
    response.writeHead(303, { location });
    response.end();
  }

  async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const [, , sessionId = '', action] = url.pathname.split('/');
    const session = sessions.get(sessionId);
    if (!session) return answerPage(response, 404, '<!doctype html><title>Not found</title><p>No such payment page.</p>');
    expireIfDue(session);
    if (request.method === 'GET' && !action) return answerPage(response, 200, page(session));
    if (request.method !== 'POST') return answerPage(response, 405, page(session));
    await readBody(request);
    if (session.status !== 'open') return answerPage(response, 409, page(session, 'This payment page can no longer be used.'));
    const successUrl = session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    switch (action) {
      case 'pay':
        shopper.pay(session.id);
        return redirect(response, successUrl);
      case 'async':
        shopper.payLater(session.id);
        return redirect(response, successUrl);
      case 'decline':
        shopper.decline(session.id);
        return answerPage(response, 402, page(session, 'Your card was declined.'));
      case 'abandon':
        shopper.abandon(session.id);
        return redirect(response, session.cancel_url ?? successUrl);
      default:
        return answerPage(response, 404, page(session, 'Unknown action.'));
    }
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const handler = url.pathname.startsWith('/v1/') ? handleApi : url.pathname.startsWith('/pay/') ? handlePage : null;
    if (!handler) {
      answerJson(response, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` } }));
      return;
    }
    handler(request, response, url).catch((error: unknown) => {
      answerJson(response, 500, JSON.stringify({ error: { type: 'api_error', message: (error as Error).message } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** STRIPE_API_URL for the shop. */
    url: baseUrl,
    secretKey,
    webhookSecret,
    clock,
    sessions,
    paymentIntents,
    refunds,
    /** Every event made, delivered or not. */
    events,
    /** Every delivery attempt and the shop's answer. */
    deliveries,
    /** Every API request, as received. */
    requests,
    shopper,
    ...controls,

    setWebhookUrl(url: string | null): void {
      webhookUrl = url;
    },
    /** How events go out from now on. */
    setDelivery(next: DeliveryOptions): void {
      Object.assign(delivery, next);
    },
    /** The next `count` API requests answer `status` (500: Stripe failing on its side), changing nothing. */
    failNext(count: number, status = 500): void {
      Object.assign(failures, { count, status });
    },
    /** New refunds are made `status` while `run` runs (a bank that turns the refund down: 'failed'), 'succeeded' after it. */
    async refundsAnswer<T>(status: FakeRefund['status'], run: () => Promise<T>): Promise<T> {
      refundStatus = status;
      try {
        return await run();
      } finally {
        refundStatus = 'succeeded';
      }
    },
    /** Every API request answers `status` while `run` runs (Stripe down), and none after it, even if it throws. */
    async whileDown<T>(run: () => Promise<T>, status = 500): Promise<T> {
      Object.assign(failures, { count: Number.POSITIVE_INFINITY, status });
      try {
        return await run();
      } finally {
        failures.count = 0;
      }
    },
    /** Events held so far (mode 'hold'). */
    held,
    /** Sends the held events (and forgets them): duplicated, shuffled, late, at once or one by one. */
    async release({ copies = 1, shuffle = false, delayMs = 0, concurrent = true }: ReleaseOptions = {}): Promise<Delivery[]> {
      const batch = held.splice(0).flatMap((event) => Array.from({ length: copies }, () => event));
      if (shuffle !== false) {
        const random = seededRandom(typeof shuffle === 'number' ? shuffle : Date.now());
        for (let i = batch.length - 1; i > 0; i -= 1) {
          const j = Math.floor(random() * (i + 1));
          [batch[i], batch[j]] = [batch[j] as FakeEvent, batch[i] as FakeEvent];
        }
      }
      if (delayMs > 0) await sleep(delayMs);
      if (concurrent) return track(Promise.all(batch.map((event) => send(event))));
      const results: Delivery[] = [];
      for (const event of batch) results.push(await track(send(event)));
      return results;
    },
    /** Sends one event again, signed at `signedAt` (ms; default now): an old signature is how a replay looks. */
    redeliver(eventId: string, { signedAt }: { signedAt?: number } = {}): Promise<Delivery> {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No event ${eventId}`);
      return track(send(event, signedAt));
    },
    /** The payment page a shopper would be sent to. */
    payPageUrl: (sessionId: string) => `${baseUrl}/pay/${sessionId}`,
    /** Waits for every delivery under way. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close(): Promise<void> {
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
