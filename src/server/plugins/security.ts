import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/http-errors.ts';
import { isSameOrigin } from '../lib/same-origin.ts';
import { registerReplayedOnHits, replayedOnHits } from './answer-cache/rules.ts';

export interface SecurityOptions {
  /** Other sites allowed to call the API (CORS_ORIGINS). */
  allowedOrigins: string[];
  /** The shop's own public origin (PUBLIC_URL). */
  publicUrl: string;
}

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * The headers of an API answer (JSON or a photo, never a document): the ones that protect a response that
 * is not a page (no sniffing, no framing, no cross-origin embedding, the same CSP). The headers that only
 * matter to documents (opener and agent-cluster isolation, referrer, DNS prefetch, old IE and Flash
 * switches) stay on the pages: on every API answer they would cost a fifth of the cached throughput.
 */
const API_SECURITY_HEADERS = {
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
    .filter(([, sources]) => sources !== null)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${(sources ?? []).join(' ')}`)
    .join(';'),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * The API's own security headers (see API_SECURITY_HEADERS), for a scope of API routes. The same for every
 * request: a kept catalogue answer carries them (replayed on hits).
 */
export function registerApiSecurityHeaders(api: FastifyInstance): void {
  api.addHook(
    'onRequest',
    replayedOnHits(function apiSecurityHeaders(_request, reply, done) {
      reply.headers(API_SECURITY_HEADERS);
      done();
    }),
  );
}

/**
 * Helmet's full set of headers, for a scope of pages (the web app, the API's documentation, 404s). The same
 * for every request (no nonces): the home page, a kept answer, carries them (replayed on hits).
 */
export async function registerPageSecurityHeaders(pages: FastifyInstance): Promise<void> {
  await registerReplayedOnHits(pages, () =>
    pages.register(helmet, {
      contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY },
      frameguard: { action: 'deny' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      // Plain HTTP on a LAN is a supported install; HSTS is left to the TLS proxy in front.
      strictTransportSecurity: false,
    }),
  );
}

/**
 * Cross-origin calls refused unless their origin is listed; listed ones get their CORS headers. The answer
 * cache's pre-router answers only requests this check lets through unchanged (same isSameOrigin), and
 * leaves listed origins to Fastify: both hooks are replayed on hits (a kept answer keeps `Vary: Origin`).
 */
export async function registerOriginCheck(app: FastifyInstance, { allowedOrigins, publicUrl }: SecurityOptions): Promise<void> {
  const allowed = new Set(allowedOrigins);
  // Runs before the CORS plugin's own hook: an origin that is neither listed nor the shop is refused.
  app.addHook(
    'onRequest',
    replayedOnHits(function originCheck(request, _reply, done) {
      const origin = request.headers.origin;
      if (!origin || allowed.has(origin) || isSameOrigin(origin, publicUrl, request.host)) return done();
      done(forbidden(`Cross-origin request from ${origin.slice(0, 100)} refused`));
    }),
  );
  // Listed origins get the CORS headers (and their preflight answered) from @fastify/cors.
  await registerReplayedOnHits(app, () =>
    app.register(cors, {
      origin: [...allowed],
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type'],
      exposedHeaders: ['x-total-count'],
      maxAge: 600,
    }),
  );
}
