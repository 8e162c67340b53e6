import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, preParsingHookHandler } from 'fastify';
import { replyWith } from './answer-cache/answer.ts';
import { keyableBody } from './answer-cache/keys.ts';
import { preReadBody, readBody, replay } from './answer-cache/pre-router.ts';
import { enforceRules, replayedOnHits } from './answer-cache/rules.ts';
import type { AnswerCache, Flight, StockHolds } from './answer-cache/store.ts';

// The answer cache's parts: store.ts (the kept answers and the one lookup), keys.ts (which answer a request
// names), answer.ts (what is sent: the one writer), pre-router.ts (answers before Fastify routes),
// rules.ts (what may be cacheable, checked). This file is the Fastify side.
export { AnswerCache } from './answer-cache/store.ts';
export { createPreRouter } from './answer-cache/pre-router.ts';
// Where the product routes' photo 304 has always found it; it lives in the HTTP-cache helper.
export { matchesEtag } from '../lib/http-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answers are kept until the catalogue changes (GET by URL, POST by URL and body). */
    cache?: boolean;
    /** A successful call changes the catalogue: this process drops its kept answers before answering. */
    invalidatesCatalogue?: boolean;
    /** The route's answers hold no product's stock: a change of stock alone leaves them kept. */
    holdsNoStock?: boolean;
    /**
     * A successful call moves some products' stock (named by its handler, `stockMoved`): this process drops
     * the kept answers holding it before answering (all of them when the handler names none).
     */
    movesStock?: boolean;
  }
  interface FastifyInstance {
    /** This app's kept answers (tests read who answered from its counters). */
    answerCache: AnswerCache;
  }
  interface FastifyRequest {
    /** A cacheable POST's body as it was sent (its answer is keyed by it). */
    answerBody: Buffer | null;
    /** The catalogue's generation when a cacheable request was looked up and missed (-1: it was not). */
    answerGeneration: number;
    /** The stock changes heard when it was looked up (AnswerCache.stockChanges). */
    answerStock: number;
    /**
     * The products whose stock the answer holds, named by its handler (null: it does not say; then none if
     * the route holds no stock, any otherwise).
     */
    answerHolds: readonly number[] | null;
    /** The products whose stock a `movesStock` call moved. */
    stockMoved: readonly number[] | null;
    /** Answered from memory. */
    answerServed: boolean;
    /** The miss this request computes for others waiting for the same answer (single-flight). */
    answerFlight: Flight | null;
  }
}

/**
 * Kept catalogue answers on Fastify's side. Over HTTP the pre-router (createPreRouter, the server's own
 * listener) answers most hits before Fastify sees them; here, a cacheable route's request is looked up
 * once more just before its handler (after the origin check, so a listed origin keeps its CORS headers),
 * and every 200 answer of a cacheable route is kept, with an ETag (304 on a match) and its gzip and brotli
 * forms made once. Concurrent misses for one answer run the route once: the first leads, the others
 * wait for its answer (store.ts, `miss` and `land`). A route declared with `invalidatesCatalogue` drops every kept answer before its own
 * answer is sent. An answer is kept with the products whose stock it holds (`answerHolds`, `holdsNoStock`),
 * so that an order drops only those (`AnswerCache.stockChanged`). The rules of what may be cacheable are checked (rules.ts).
 */
export function registerAnswerCache(app: FastifyInstance, cache: AnswerCache): void {
  app.decorate('answerCache', cache);
  // Stryker disable next-line StringLiteral: undeclared, answerBody reads undefined, taken as no body (`?? undefined`) as null is
  app.decorateRequest('answerBody', null);
  app.decorateRequest('answerGeneration', -1);
  app.decorateRequest('answerStock', 0);
  app.decorateRequest('answerHolds', null);
  app.decorateRequest('stockMoved', null);
  // Stryker disable next-line StringLiteral: undeclared, answerServed reads undefined, as false to its reader (the access log)
  app.decorateRequest('answerServed', false);
  // Stryker disable next-line StringLiteral: undeclared, answerFlight reads undefined, no flight as null is
  app.decorateRequest('answerFlight', null);
  enforceRules(app);
  /** A miss this request computes: what the catalogue was when it was looked up, for `keep`. */
  const lookedUp = (request: FastifyRequest) => {
    request.answerGeneration = cache.generation;
    request.answerStock = cache.stockChanges;
  };

  // The addresses of cacheable POST routes, for the pre-router.
  app.addHook('onRoute', (route) => {
    if (route.config?.cache === true && [route.method].flat().includes('POST')) cache.postPaths.add(route.url);
  });

  // A cacheable POST is keyed by its body's bytes as sent, before they are parsed (the same bytes always
  // parse and validate the same). The bytes are then handed on to Fastify's parser as if not read.
  const keyByBody: preParsingHookHandler = function keyByBody(request, _reply, payload, done) {
    const preRead = preReadBody(request.raw);
    const keyed = request.routeOptions.config.cache === true && request.method === 'POST' && cache.answering && keyableBody(request.headers);
    if (!keyed) return done(null, preRead ? replay(preRead) : payload);
    const keep = (body: Buffer) => {
      request.answerBody = body;
      done(null, replay(body));
    };
    if (preRead) return keep(preRead);
    // Stryker disable next-line LogicalOperator,StringLiteral: readBody gives an error and no body, or a body and no error: `error && !body` decides the same, and 'no body' is never made
    readBody(payload, (error, body) => (error || !body ? done(error ?? new Error('no body')) : keep(body)));
  };
  app.addHook('preParsing', replayedOnHits(keyByBody));

  app.addHook(
    'preHandler',
    replayedOnHits(function answerFromMemory(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      if (request.routeOptions.config.cache !== true) return done();
      const request_ = { method: request.method, url: request.url, headers: request.headers, body: request.answerBody ?? undefined };
      const answer = cache.lookup(request_);
      if (answer) {
        cache.served.fastify += 1;
        request.answerServed = true;
        return void reply.send(replyWith(reply, answer, request.headers, cache.grown));
      }
      cache.misses += 1;
      // Concurrent misses for one answer: the first runs the route, the others wait for its answer.
      const flight = cache.miss(request_, request.routeOptions.schema?.querystring, (given) => {
        if (given) {
          request.answerServed = true;
          return void reply.send(replyWith(reply, given, request.headers, cache.grown));
        }
        lookedUp(request);
        done();
      });
      if (flight === 'follows') return;
      request.answerFlight = flight;
      lookedUp(request);
      done();
    }),
  );

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const config = request.routeOptions.config;
    if (config.invalidatesCatalogue === true && reply.statusCode < 400) cache.invalidate();
    if (config.movesStock === true && reply.statusCode < 400) {
      if (request.stockMoved) cache.stockChanged(request.stockMoved);
      else cache.invalidate();
    }
    const flight = request.answerFlight;
    if (
      request.answerGeneration < 0 ||
      // Stryker disable next-line ConditionalExpression: forced false, a request of a route that is not cacheable was never looked up (answerGeneration -1)
      config.cache !== true ||
      reply.statusCode !== 200
    ) {
      if (flight) cache.land(flight, null);
      return done(null, payload);
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    const request_ = { method: request.method, url: request.url, headers: request.headers, body: request.answerBody ?? undefined };
    const holds: StockHolds = request.answerHolds ?? (config.holdsNoStock === true ? [] : 'any');
    const answer = body && cache.keep(request_, request.routeOptions.schema?.querystring, body, reply.getHeaders(), request.answerGeneration, holds, request.answerStock);
    if (flight) cache.land(flight, answer, holds);
    done(null, answer ? replyWith(reply, answer, request.headers, cache.grown) : payload);
  });

  app.addHook('preClose', (done: HookHandlerDoneFunction) => {
    cache.close();
    done();
  });
}
