import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { RequestPayload } from 'fastify';
import { isSameOrigin } from '../../lib/same-origin.ts';
import { writeAnswer } from './answer.ts';
import { keyableBody } from './keys.ts';
import type { AnswerCache } from './store.ts';

/** A POST body read by the pre-router, which Fastify's parser is then given instead of the spent stream. */
const PRE_READ_BODY = Symbol('emporium.preReadBody');
type PreReadRequest = IncomingMessage & { [PRE_READ_BODY]?: Buffer };

/** The body the pre-router read for this request, if it did. */
export const preReadBody = (req: IncomingMessage): Buffer | undefined => (req as PreReadRequest)[PRE_READ_BODY];

/** The whole body of a request whose length is known, as one buffer. */
export function readBody(payload: NodeJS.ReadableStream, done: (error: Error | null, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: the streams read here (Node's request, Fastify's inject, a replay) give Buffers, no encoding is ever set; Buffer.from of a Buffer is the same bytes
  const onData = (chunk: Buffer | string) => chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const onEnd = (error?: Error) => {
    // Stryker disable next-line StringLiteral: no data comes after a stream's end or error; the listener left on would never be called again
    payload.removeListener('data', onData);
    // Stryker disable next-line StringLiteral: a stream ends once; the listener left on would never be called again
    payload.removeListener('end', onEnd);
    // Stryker disable next-line StringLiteral: a request emits no error after its end (an abort before the end destroys it): never called again
    payload.removeListener('error', onEnd);
    if (error) return done(Object.assign(error, { statusCode: 400 }));
    // Stryker disable next-line ConditionalExpression: forced false, Buffer.concat of the one chunk is the same bytes (a copy); forced true (the first chunk only) is what the EqualityOperator mutant does too, killed by the body sent in two parts
    done(null, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  };
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}

/** A body handed to Fastify's parser as if it had not been read yet. */
// Stryker disable next-line ObjectLiteral: Fastify counts the replayed bytes itself, and they are receivedEncodedLength: a body read here is never encoded (keyableBody)
export const replay = (body: Buffer): RequestPayload => Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });

export interface PreRouterOptions {
  /** PUBLIC_URL: a request with this Origin is the shop's own page (the origin check lets it through). */
  publicUrl: string;
  /** CORS_ORIGINS: their requests get CORS headers from Fastify, so they are left to it. */
  allowedOrigins: string[];
}

/**
 * The HTTP server's own request listener, in front of Fastify's `handler`: a kept catalogue answer is
 * written here, before Fastify routes the request and builds its request and reply. It answers a GET or
 * HEAD whose address has a kept answer (only cacheable routes' answers are kept), and a POST to a cacheable
 * POST route whose plain JSON body has one. Only requests the origin check lets through unchanged are
 * answered here: no Origin, or the shop's own (isSameOrigin, as the origin check decides it), but not a
 * listed CORS origin, whose answers carry CORS headers. Every other request, and every miss, goes to
 * Fastify (a POST body read here is handed on to Fastify's parser). The start-up check (rules.ts) makes
 * sure no hook of a cacheable route needs to run for an answer sent from here.
 */
export function createPreRouter(
  cache: AnswerCache,
  { publicUrl, allowedOrigins }: PreRouterOptions,
): (req: IncomingMessage, res: ServerResponse, handler: (req: IncomingMessage, res: ServerResponse) => void) => void {
  const listed = new Set(allowedOrigins);
  const answersHere = (req: IncomingMessage): boolean => {
    const { origin } = req.headers;
    if (origin === undefined) return true;
    if (listed.has(origin)) return false;
    // Without X-Forwarded-Host, the host Fastify resolves is the Host header, with or without TRUST_PROXY.
    return isSameOrigin(origin, publicUrl, req.headers['x-forwarded-host'] === undefined ? req.headers.host : undefined);
  };
  return (req, res, handler) => {
    if (!answersHere(req)) return handler(req, res);
    const { method, url } = req;
    if (method === 'GET' || method === 'HEAD') {
      const answer = cache.lookup(req);
      if (!answer) return handler(req, res);
      cache.served.preRouter += 1;
      return writeAnswer(req, res, answer, cache.grown);
    }
    if (method !== 'POST' || url === undefined || !cache.answering || !cache.postPaths.has(url) || !keyableBody(req.headers)) return handler(req, res);
    readBody(req, (error, body) => {
      // Stryker disable next-line LogicalOperator: readBody gives an error and no body, or a body and no error: `error && !body` decides the same
      if (error || !body) return void res.destroy(); // the client went away mid-body
      const answer = cache.lookup({ method, url, headers: req.headers, body });
      if (!answer) {
        (req as PreReadRequest)[PRE_READ_BODY] = body;
        return handler(req, res);
      }
      cache.served.preRouter += 1;
      writeAnswer(req, res, answer, cache.grown);
    });
  };
}
