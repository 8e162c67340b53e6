import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AnswerCache, registerAnswerCache } from '../../src/server/plugins/answer-cache.ts';
import { registerReplayedOnHits, replayedOnHits } from '../../src/server/plugins/answer-cache/rules.ts';

/** An app with the answer cache, as buildApp registers it: first of all hooks. */
function appWithCache(): FastifyInstance {
  const app = Fastify();
  registerAnswerCache(app, new AnswerCache(1024 * 1024));
  return app;
}

const guard = async (request: FastifyRequest, reply: FastifyReply) => {
  if (!request.headers.authorization) await reply.code(401).send({ success: false });
};

describe('the answer cache refuses what would leak or skip a check', () => {
  it('refuses to register a cacheable route with a guard of its own, whatever the hook', () => {
    const app = appWithCache();
    expect(() => app.get('/mine', { config: { cache: true }, preHandler: guard }, async () => ({ ok: true }))).toThrow(
      'GET /mine is cacheable (config.cache) but has its own preHandler hook (a guard?)',
    );
    expect(() => app.get('/early', { config: { cache: true }, onRequest: [guard] }, async () => ({ ok: true }))).toThrow('has its own onRequest hook');
    // The same route without the cache is fine, and a cacheable route without a hook too.
    app.get('/mine', { preHandler: guard }, async () => ({ ok: true }));
    app.get('/open', { config: { cache: true } }, async () => ({ ok: true }));
  });

  it('refuses a cacheable route whose handler reads the Authorization header or the signed-in user', () => {
    const app = appWithCache();
    expect(() =>
      app.get('/who', { config: { cache: true } }, async (request) => ({ token: request.headers.authorization ?? null })),
    ).toThrow('GET /who is cacheable (config.cache) but its handler reads who is asking');
    expect(() =>
      app.post('/mine', { config: { cache: true } }, async (request) => ({ user: (request as unknown as { currentUser: unknown }).currentUser })),
    ).toThrow('its handler reads who is asking');
  });

  it('refuses a cacheable route that changes the catalogue, or is not a read', () => {
    const app = appWithCache();
    expect(() => app.put('/x', { config: { cache: true } }, async () => ({}))).toThrow('only GET, HEAD and POST routes can be cacheable');
    expect(() => app.get('/y', { config: { cache: true, invalidatesCatalogue: true } }, async () => ({}))).toThrow('cannot both be cacheable and change the catalogue');
    expect(() => app.get('/w', { config: { cache: true, movesStock: true } }, async () => ({}))).toThrow('cannot both be cacheable and change the catalogue');
    // Every one of its methods must be a read, not just one of them.
    expect(() => app.route({ method: ['GET', 'PUT'], url: '/z', config: { cache: true }, handler: async () => ({}) })).toThrow(
      'GET,PUT /z: only GET, HEAD and POST routes can be cacheable',
    );
  });

  it('refuses to start when a request hook added after the cache is not declared replayed on hits', async () => {
    const app = appWithCache();
    app.addHook('onRequest', async function limitEveryone() {});
    app.get('/list', { config: { cache: true } }, async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(
      'The answer cache would send kept answers of GET /list, HEAD /list without running the hook limitEveryone()',
    );
  });

  it('names every undeclared hook, an anonymous one by its source on one line (at most 80 characters), and says what to do', async () => {
    const app = appWithCache();
    app.addHook('onRequest', async function limitEveryone() {});
    app.addHook('preHandler', async (request: FastifyRequest) => {
      request.log.debug('an anonymous hook, its source long enough to be cut at eighty characters');
    });
    app.route({ method: ['GET', 'POST'], url: '/list', config: { cache: true }, handler: async () => ({ ok: true }) });
    const message = await app.ready().then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toMatch(/^The answer cache would send kept answers of GET,POST \/list, HEAD \/list without running the hook limitEveryone\(\), async \(request\) => \{ request\.log\.debug\(/);
    const anonymous = message.slice(message.indexOf('async (request)'), message.indexOf('. Declare it'));
    expect(anonymous).toHaveLength(80);
    expect(message.endsWith('. Declare it with replayedOnHits() if its whole effect is headers kept with the answer, or keep it off cacheable routes.')).toBe(true);
  });

  it('declares only the hooks the registered plugins add, not those added before', async () => {
    const app = appWithCache();
    app.addHook('onRequest', async function addedBefore() {});
    await registerReplayedOnHits(app, () =>
      app.register(Object.assign(async (scope: FastifyInstance) => void scope.addHook('preValidation', async () => {}), { [Symbol.for('skip-override')]: true })),
    );
    app.get('/list', { config: { cache: true } }, async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow('without running the hook addedBefore().');
  });

  it("refuses to guess when Fastify keeps its hook lists elsewhere (another Fastify version)", async () => {
    const refusal = "The answer cache cannot read Fastify's hook lists";
    const elsewhere = { after: async () => {} };
    await expect(registerReplayedOnHits(elsewhere as unknown as FastifyInstance, async () => {})).rejects.toThrow(refusal);
    let symbol: symbol | undefined;
    for (let object: object | null = Fastify(); object && !symbol; object = Object.getPrototypeOf(object)) {
      symbol = Object.getOwnPropertySymbols(object).find((candidate) => candidate.description === 'fastify.hooks');
    }
    const partial = { ...elsewhere, [symbol as symbol]: { onRequest: [], preParsing: [], preValidation: [] } } as unknown as FastifyInstance;
    await expect(registerReplayedOnHits(partial, async () => {})).rejects.toThrow(refusal);
  });

  it('refuses a hook added in the scope of a cacheable route by a plugin, and starts once it is declared', async () => {
    const refused = appWithCache();
    await refused.register(async (scope) => {
      scope.addHook('preHandler', async () => {});
      scope.get('/scoped', { config: { cache: true } }, async () => ({ ok: true }));
    });
    await expect(refused.ready()).rejects.toThrow('without running the hook');

    const declared = appWithCache();
    declared.addHook('onRequest', replayedOnHits(async function sameHeadersForAll(_request: FastifyRequest, reply: FastifyReply) {
      reply.header('x-shop', 'yes');
    }));
    await registerReplayedOnHits(declared, () =>
      declared.register(
        Object.assign(
          async (scope: FastifyInstance) => {
            scope.addHook('preValidation', async () => {});
          },
          { [Symbol.for('skip-override')]: true },
        ),
      ),
    );
    declared.get('/list', { config: { cache: true } }, async () => ({ ok: true }));
    // Hooks in a scope without a cacheable route are no matter.
    await declared.register(async (scope) => {
      scope.addHook('onRequest', guard);
      scope.get('/private', async () => ({ ok: true }));
    });
    await declared.ready();
    const first = await declared.inject({ method: 'GET', url: '/list' });
    const again = await declared.inject({ method: 'GET', url: '/list' });
    expect(first.headers['x-shop']).toBe('yes');
    expect(again.headers['x-shop']).toBe('yes');
    expect(declared.answerCache.served.fastify).toBe(1);
    await Promise.all([refused.close(), declared.close()]);
  });
});
