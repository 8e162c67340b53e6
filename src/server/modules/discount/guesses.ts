/**
 * Guessing discount codes is limited like guessing passwords (src/server/modules/auth/service.ts): every call
 * that takes a code (the code check, the quote, the orders) counts the attempt per client address and per
 * guest cart cookie before the code is read, in one statement, so concurrent guesses cannot pass the limit;
 * a code that exists takes its attempt back, so only failures stay counted. Past the limit: 429 with
 * Retry-After, for every code from that client until the window ends. Others are not touched: the counts
 * are the client's own, never the code's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthorizedHandler, CallHandler, Handlers } from '../../plugins/calls.ts';
import { countGuesses, takeBackGuesses } from '../auth/service.ts';
import { cookieToken } from '../cart/routes.ts';
import { hashCartToken } from '../cart/service.ts';
import { isNoSuchCode } from './checkout.ts';

/** Codes that do not exist one client address, or one guest cart, may try in a window. */
export const CODE_GUESS_WINDOW_SECONDS = 15 * 60;

/** The calls whose body may carry a `code`. */
type CodeCalls = 'checkDiscountCode' | 'checkoutQuote' | 'placeOrder' | 'placeGuestOrder';
const CODE_CALLS: CodeCalls[] = ['checkDiscountCode', 'checkoutQuote', 'placeOrder', 'placeGuestOrder'];

type AnyHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The keys a request's guesses are counted under: its client address, and its guest cart when it has one. */
export function guessKeys(request: FastifyRequest): string[] {
  const cart = cookieToken(request);
  return [`code:address:${request.ip}`, ...(cart ? [`code:cart:${hashCartToken(cart)}`] : [])];
}

export function withCodeGuessLimit<H extends Pick<Handlers, CodeCalls>>(handlers: H, db: Db, limit: number): H {
  const wrapped: Partial<Record<CodeCalls, unknown>> = {};
  for (const name of CODE_CALLS) {
    const entry = handlers[name] as CallHandler<CodeCalls> | AuthorizedHandler<CodeCalls>;
    const handle = (typeof entry === 'function' ? entry : entry.handle) as AnyHandler;
    const limited: AnyHandler = async (request, reply) => {
      if ((request.body as { code?: unknown } | undefined)?.code === undefined) return handle(request, reply);
      const keys = guessKeys(request);
      await countGuesses(db, keys, limit, CODE_GUESS_WINDOW_SECONDS, 'at discount codes from your address or cart');
      let failed = false;
      try {
        return await handle(request, reply);
      } catch (error) {
        failed = isNoSuchCode(error);
        throw error;
      } finally {
        if (!failed) await takeBackGuesses(db, keys);
      }
    };
    wrapped[name] = typeof entry === 'function' ? limited : { ...entry, handle: limited };
  }
  return { ...handlers, ...wrapped } as H;
}
