import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The answer cache's rules, checked instead of trusted (docs/decisions/0016-answer-cache-rules.md). A kept
 * answer is sent to anyone who asks, without running the route's hooks or handler: from the pre-router
 * before Fastify sees the request, or from the cache's own hook. So:
 * - a cacheable route (`config: { cache: true }`) has no hook of its own (a guard is one) and its handler
 *   reads neither the Authorization header nor the signed-in user: refused when it is registered;
 * - every request hook that applies to a cacheable route must be declared as replayed on hits (its whole
 *   effect is headers kept with the answer, or a check the pre-router makes too): otherwise the shop
 *   refuses to start, naming the hook.
 */

/** The hooks that run before a handler: a kept answer is sent without them. */
const REQUEST_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;
const CACHEABLE_METHODS = new Set(['GET', 'HEAD', 'POST']);
/** A handler that reads who is asking: its answer depends on the user, so it is not one answer for all. */
const READS_USER = /\bauthorization\b|\bcurrentUser\b|\bactorOf\b/i;

const replayed = new WeakSet<object>();

/** Declares a hook whose whole effect on a kept answer is replayed with it (see above); returns it. */
export function replayedOnHits<T extends object>(hook: T): T {
  replayed.add(hook);
  return hook;
}

type HookLists = Record<(typeof REQUEST_HOOKS)[number], object[]>;
let hooksSymbol: symbol | undefined;

/**
 * The request hooks of a Fastify scope, as Fastify will run them (its own list, which has no public
 * reader). If a Fastify version keeps them elsewhere, the shop refuses to start rather than guess.
 */
function requestHooksOf(scope: FastifyInstance): object[] {
  // Stryker disable next-line ConditionalExpression: forced true, the same symbol is looked up again (it is only remembered)
  if (!hooksSymbol) {
    for (let object: object | null = scope; object && !hooksSymbol; object = Object.getPrototypeOf(object)) {
      hooksSymbol = Object.getOwnPropertySymbols(object).find((symbol) => symbol.description === 'fastify.hooks');
    }
  }
  const lists = hooksSymbol ? ((scope as unknown as Record<symbol, Partial<HookLists> | undefined>)[hooksSymbol]) : undefined;
  if (!lists || !REQUEST_HOOKS.every((name) => Array.isArray(lists[name]))) {
    throw new Error("The answer cache cannot read Fastify's hook lists: check plugins/answer-cache/rules.ts against this Fastify version");
  }
  // Stryker disable next-line ArrayDeclaration: never reached, every list was just checked to be an array
  return REQUEST_HOOKS.flatMap((name) => lists[name] ?? []);
}

/** Registers plugins (helmet, CORS, multipart) and declares every request hook they add as replayed on hits. */
export async function registerReplayedOnHits(scope: FastifyInstance, register: () => PromiseLike<unknown>): Promise<void> {
  // Fastify adds a request hook when it loads what was queued before it (addHook waits its turn): those
  // hooks are not the plugins' and must not be declared with them, so they are loaded first.
  await scope.after();
  const before = new Set(requestHooksOf(scope));
  await register();
  for (const hook of requestHooksOf(scope)) if (!before.has(hook)) replayed.add(hook);
}

const describeHook = (hook: object) => {
  const name = (hook as { name?: string }).name;
  return name ? `${name}()` : String(hook).replace(/\s+/g, ' ').slice(0, 80);
};

/** A cacheable route's own rules, checked when it is registered (throws, naming the route and the rule). */
export function checkCacheableRoute(route: RouteOptions): void {
  if (route.config?.cache !== true) return;
  const methods = [route.method].flat();
  const name = `${methods.join(',')} ${route.url}`;
  if (!methods.every((method) => CACHEABLE_METHODS.has(method))) {
    throw new Error(`${name}: only GET, HEAD and POST routes can be cacheable (config.cache)`);
  }
  if (route.config.invalidatesCatalogue === true || route.config.movesStock === true) {
    throw new Error(`${name}: a route cannot both be cacheable and change the catalogue`);
  }
  for (const hook of REQUEST_HOOKS) {
    if ([route[hook] ?? []].flat().length > 0) {
      throw new Error(
        `${name} is cacheable (config.cache) but has its own ${hook} hook (a guard?): a kept answer is sent to everyone without running it`,
      );
    }
  }
  if (READS_USER.test(String(route.handler))) {
    throw new Error(`${name} is cacheable (config.cache) but its handler reads who is asking: its answer is not the same for everyone`);
  }
}

/**
 * Watches the routes registered from now on: each cacheable one is checked at once (checkCacheableRoute),
 * and when the app is ready every request hook that applies to it must be declared replayed on hits.
 */
export function enforceRules(app: FastifyInstance): void {
  const scopes = new Map<FastifyInstance, string[]>();
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    checkCacheableRoute(route);
    if (route.config?.cache !== true) return;
    scopes.set(this, [...(scopes.get(this) ?? []), `${[route.method].flat().join(',')} ${route.url}`]);
  });
  app.addHook('onReady', async () => {
    for (const [scope, routes] of scopes) {
      const unknown = requestHooksOf(scope).filter((hook) => !replayed.has(hook));
      if (unknown.length === 0) continue;
      throw new Error(
        `The answer cache would send kept answers of ${routes.join(', ')} without running the hook ${unknown.map(describeHook).join(', ')}. ` +
          'Declare it with replayedOnHits() if its whole effect is headers kept with the answer, or keep it off cacheable routes.',
      );
    }
  });
}
