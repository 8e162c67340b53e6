import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthorizedHandler, CallHandler, Handlers } from '../../plugins/calls.ts';
import type { AuthService } from '../auth/service.ts';
import { tokenFromHeader } from '../auth/tokens.ts';
import type { PlacingExtras } from '../order/routes.ts';
import type { WhilePlacing } from '../order/service.ts';
import { toWireCart } from './mapper.ts';
import type { CartLineRow, CartOwner } from './repo.ts';
import { type CartService, GUEST_CART_DAYS, hashCartToken, newCartToken } from './service.ts';

/** The guest cart's cookie: httpOnly, for the API only, 30 days from the last change, SameSite=Lax. */
export const CART_COOKIE = 'cart_id';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The guest cart's token from the request's cookie (null: none, or not one we made). */
export function cookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CART_COOKIE) {
      const token = value.join('=');
      return TOKEN_PATTERN.test(token) ? token : null;
    }
  }
  return null;
}

function setCookie(request: FastifyRequest, reply: FastifyReply, token: string | null): void {
  const attributes = [`Path=/api/v1`, `Max-Age=${token ? GUEST_CART_DAYS * 24 * 60 * 60 : 0}`, 'HttpOnly', 'SameSite=Lax'];
  if (request.protocol === 'https') attributes.push('Secure');
  reply.header('set-cookie', [`${CART_COOKIE}=${token ?? ''}`, ...attributes].join('; '));
}

const answer = (lines: Parameters<typeof toWireCart>[0]) => ({ success: true as const, cart: toWireCart(lines) });

/**
 * The cart calls. Whose cart: the signed-in user's when a token comes (a bad one: 401), else the guest's
 * under the cookie; a guest's first write makes their cart and sets the cookie. A signed-in caller still
 * carrying a guest cookie has that cart merged into theirs first (and the cookie cleared).
 */
export function cartHandlers(carts: CartService, auth: AuthService, log: FastifyBaseLogger) {
  /** Whose cart the request is about (null: a guest without a cart yet); a bad token is a 401. */
  async function ownerOf(request: FastifyRequest, reply: FastifyReply): Promise<CartOwner | null> {
    const token = cookieToken(request);
    // Any token at all is checked (a bad one is a 401, never taken for a guest).
    if (request.headers.authorization?.trim()) {
      const { user } = await auth.authenticate(tokenFromHeader(request.headers.authorization));
      if (token) await adopt(carts, log, request, reply, token, user.id);
      return { userId: user.id };
    }
    return token ? { tokenHash: hashCartToken(token) } : null;
  }

  /** A write: a guest without a cart gets one; their cookie is (re)set for 30 days once the write is done. */
  async function written(request: FastifyRequest, reply: FastifyReply, change: (owner: CartOwner) => Promise<CartLineRow[]>) {
    const owner = await ownerOf(request, reply);
    const guestToken = owner && 'userId' in owner ? null : (cookieToken(request) ?? newCartToken());
    const lines = await change(owner ?? { tokenHash: hashCartToken(guestToken as string) });
    if (guestToken) setCookie(request, reply, guestToken);
    return answer(lines);
  }

  return {
    getCart: async (request, reply) => answer(await carts.read(await ownerOf(request, reply))),
    addCartLine: async (request, reply) => written(request, reply, (owner) => carts.add(owner, request.body)),
    setCartLine: async (request, reply) => written(request, reply, (owner) => carts.set(owner, request.body)),
    removeCartLine: async (request, reply) => answer(await carts.removeLine(await ownerOf(request, reply), request.params.lineId)),
    emptyCart: async (request, reply) => answer(await carts.empty(await ownerOf(request, reply))),
  } satisfies Partial<Handlers>;
}

/** Merges the guest cart of the cookie into the user's and clears the cookie; a failure is logged, never the caller's. */
async function adopt(carts: CartService, log: FastifyBaseLogger, request: FastifyRequest, reply: FastifyReply, token: string, userId: number) {
  try {
    await carts.merge(hashCartToken(token), userId);
    setCookie(request, reply, null);
  } catch (error) {
    log.warn({ err: error }, 'merging a guest cart failed');
  }
}

type Handler<N extends keyof Handlers> = CallHandler<N> | AuthorizedHandler<N>;
const handleOf = <N extends keyof Handlers>(entry: Handler<N>): CallHandler<N> => (typeof entry === 'function' ? entry : entry.handle);

/**
 * Sign-in with a guest cart: after login or register answers, the cookie's cart joins the account's
 * (units summed per variant, capped by stock; safe when two tabs sign in at once).
 */
export function withCartOnSignIn<H extends Pick<Handlers, 'login' | 'register'>>(handlers: H, carts: CartService, log: FastifyBaseLogger): H {
  const login = handleOf<'login'>(handlers.login);
  const register = handleOf<'register'>(handlers.register);
  return {
    ...handlers,
    login: async (request, reply) => {
      const answered = await login(request, reply);
      const token = cookieToken(request);
      if (token && 'user' in answered) await adopt(carts, log, request, reply, token, Number(answered.user._id));
      return answered;
    },
    register: async (request, reply) => {
      const answered = await register(request, reply);
      const token = cookieToken(request);
      if (token && 'user' in answered) await adopt(carts, log, request, reply, token, Number(answered.user._id));
      return answered;
    },
  } as H;
}

/**
 * The lines an order bought leave the buyer's server cart in the order's own transaction (they commit with
 * it, or not at all): the account's cart for an order placed signed in, the cookie's cart for a guest's.
 */
export function cartOrderedOut(carts: CartService): PlacingExtras {
  const out =
    (owner: CartOwner): WhilePlacing =>
    (orderId) =>
      carts.orderedOutWrites(owner, orderId);
  return {
    user: (request) => (request.currentUser ? out({ userId: request.currentUser.id }) : undefined),
    guest: (request) => {
      const token = cookieToken(request);
      return token ? out({ tokenHash: hashCartToken(token) }) : undefined;
    },
  };
}

/** Guests' carts past their 30 days are forgotten every hour (and once at start). */
export function scheduleGuestCartPruning(app: FastifyInstance, carts: Pick<CartService, 'prune'>): void {
  const prune = () => carts.prune().catch((error: unknown) => app.log.warn({ err: error }, 'pruning guest carts failed'));
  const timer = setInterval(prune, 60 * 60_000).unref();
  app.addHook('onReady', async () => {
    await prune();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
