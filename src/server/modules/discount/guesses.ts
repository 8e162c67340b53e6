/**
 * Guessing discount codes is limited like guessing passwords (src/server/modules/auth/service.ts): a call
 * that takes a code (the code check, the quote, the orders) from a client that has reached the limit of
 * failed guesses (per client address and per guest cart cookie) is refused at once, with a read; a code that
 * does not exist counts a failure under each key, in one statement, so concurrent failures each get their own
 * number and no more than the limit are answered with the reason (the rest 429). A code that exists writes
 * nothing (the quote is asked again at every choice of the checkout). Past the limit: 429 with Retry-After,
 * for every code from that client until the window ends. Others are not touched: the counts are the
 * client's own, never the code's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthorizedHandler, CallHandler, Handlers } from '../../plugins/calls.ts';
import { countGuesses, refuseGuessedOut } from '../auth/service.ts';
import { cookieToken } from '../cart/routes.ts';
import { hashCartToken } from '../cart/service.ts';
import { isNoSuchCode } from './checkout.ts';

/** Codes that do not exist one client address, or one guest cart, may try in a window. */
export const CODE_GUESS_WINDOW_SECONDS = 15 * 60;

/** The calls whose body may carry a `code`. */
type CodeCalls = 'checkDiscountCode' | 'checkoutQuote' | 'placeOrder' | 'placeGuestOrder';
const CODE_CALLS: CodeCalls[] = ['checkDiscountCode', 'checkoutQuote', 'placeOrder', 'placeGuestOrder'];

const GUESSES = 'at discount codes from your address or cart';

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
      await refuseGuessedOut(db, keys, limit, CODE_GUESS_WINDOW_SECONDS, GUESSES);
      try {
        return await handle(request, reply);
      } catch (error) {
        if (isNoSuchCode(error)) await countGuesses(db, keys, limit, CODE_GUESS_WINDOW_SECONDS, GUESSES);
        throw error;
      }
    };
    wrapped[name] = typeof entry === 'function' ? limited : { ...entry, handle: limited };
  }
  return { ...handlers, ...wrapped } as H;
}
