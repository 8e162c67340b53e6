import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type Answer, answerBytes, bodyOf, makeAnswer } from '../../src/server/plugins/answer-cache/answer.ts';
import type { AnswerRequest } from '../../src/server/plugins/answer-cache/keys.ts';
import { AnswerCache, DERIVED_MAX_BYTES, FOLLOW_MAX_MS, type Flight, LARGE_ANSWER_BYTES, STOCK_MOVES_MAX } from '../../src/server/plugins/answer-cache/store.ts';

/** The answer cache's store (store.ts): its budget, generations, single flight, derived values and indexes. */

const get = (url: string): AnswerRequest => ({ method: 'GET', url, headers: {} });
const text = { 'content-type': 'text/plain' };
/** Lets the callbacks queued with process.nextTick run. */
const ticked = () => new Promise<void>((resolve) => process.nextTick(resolve));
/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe('the answer budget', () => {
  it('keeps an answer of up to a quarter of the budget, not one byte more', () => {
    const cache = new AnswerCache(64 * 1024);
    const quarter = Math.floor((64 * 1024) / 4);
    const binary = { 'content-type': 'application/octet-stream' }; // not compressed: no Vary
    const bytesOf = (length: number) => answerBytes(makeAnswer('/q', Buffer.alloc(length, 'q'), binary));
    const fits = quarter - bytesOf(0);
    expect(bytesOf(fits)).toBe(quarter);
    cache.keep(get('/q'), undefined, Buffer.alloc(fits, 'q'), binary, cache.generation);
    expect(cache.lookup(get('/q'))?.body.length).toBe(fits);
    expect(cache.bytes).toBe(quarter);
    cache.invalidate();
    expect(cache.bytes).toBe(0);
    const answer = cache.keep(get('/q'), undefined, Buffer.alloc(fits + 1, 'q'), binary, cache.generation);
    expect(answer?.body.length).toBe(fits + 1); // answered, not kept
    expect(cache.lookup(get('/q'))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps a large answer (64 kB or more) from its second ask, a smaller one from its first', () => {
    const cache = new AnswerCache(64 * 1024 * 1024);
    const large = Buffer.alloc(LARGE_ANSWER_BYTES, 'l');
    const small = Buffer.alloc(LARGE_ANSWER_BYTES - 1, 's');
    cache.keep(get('/small'), undefined, small, text, cache.generation);
    expect(cache.lookup(get('/small'))?.body.length).toBe(small.length);
    // Answered the first time, not kept; kept the second time; asked once each, others are not.
    expect(cache.keep(get('/large'), undefined, large, text, cache.generation)?.body.length).toBe(large.length);
    expect(cache.lookup(get('/large'))).toBeUndefined();
    cache.keep(get('/other'), undefined, large, text, cache.generation);
    cache.keep(get('/large'), undefined, large, text, cache.generation);
    expect(cache.lookup(get('/large'))?.body.length).toBe(large.length);
    expect(cache.lookup(get('/other'))).toBeUndefined();
    // A change drops it; asked again, it was asked before: kept at once.
    cache.invalidate();
    cache.keep(get('/other'), undefined, large, text, cache.generation);
    expect(cache.lookup(get('/other'))?.body.length).toBe(large.length);
  });

  it('counts a compressed form once it is made, only for the answer it keeps', () => {
    const cache = new AnswerCache(1024 * 1024);
    const body = Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, n) => ({ n, name: `Cup ${n}` }))));
    const json = { 'content-type': 'application/json' };
    const kept = cache.keep(get('/list'), undefined, body, json, cache.generation) as Answer;
    const before = cache.bytes;
    expect(before).toBe(answerBytes(kept));
    const br = bodyOf(kept, 'br', cache.grown) as Buffer;
    expect(cache.bytes).toBe(before + br.length);
    expect(cache.lookup(get('/list'))).toBe(kept);
    // An answer it does not keep (made from data read before a change) adds nothing.
    const late = cache.keep(get('/other'), undefined, body, json, cache.generation - 1) as Answer;
    bodyOf(late, 'gzip', cache.grown);
    expect(cache.bytes).toBe(before + br.length);
    expect(cache.lookup(get('/other'))).toBeUndefined();
    expect(cache.size).toBe(1);
    // Its growth may push the oldest answers out, as a new answer would.
    const small = new AnswerCache(16 * 1024);
    const first = small.keep(get('/first'), undefined, body.subarray(0, 2000), json, small.generation) as Answer;
    small.keep(get('/second'), undefined, body.subarray(0, 2500), json, small.generation);
    small.keep(get('/third'), undefined, body.subarray(0, 2500), json, small.generation);
    expect(small.size).toBe(3);
    small.lookup(get('/first')); // the most recently used
    bodyOf(first, 'gzip', small.grown);
    bodyOf(first, 'br', small.grown);
    expect(small.bytes).toBeLessThanOrEqual(15 * 1024);
    expect(small.lookup(get('/first'))).toBe(first);
  });
});

describe('the answers and their generations', () => {
  it('counts hits from both sides, and answers nothing with a budget of 0', () => {
    const cache = new AnswerCache(1024);
    cache.served.preRouter = 3;
    cache.served.fastify = 2;
    expect(cache.hits).toBe(5);
    const off = new AnswerCache(0);
    expect(off.answering).toBe(false);
    expect(off.keep(get('/a'), undefined, Buffer.from('a'), text, off.generation)?.body.toString()).toBe('a');
    expect(off.lookup(get('/a'))).toBeUndefined();
    expect(off.size).toBe(0);
    off.setEnabled(true);
    expect(off.answering).toBe(false);
    expect(new AnswerCache(1).answering).toBe(true);
  });

  it('starts a new generation at every change, and when it stops or starts hearing of changes', () => {
    const cache = new AnswerCache(1024 * 1024);
    expect(cache.generation).toBe(0);
    cache.invalidate();
    expect(cache.generation).toBe(1);
    cache.setEnabled(false);
    expect(cache.answering).toBe(false);
    expect(cache.generation).toBe(2);
    cache.setEnabled(true);
    expect(cache.answering).toBe(true);
    expect(cache.generation).toBe(3);
    cache.close();
    expect(cache.answering).toBe(false);
    expect(cache.generation).toBe(4);
  });

  it('answers a request only by its key: a POST by its body, nothing for a request that names none', () => {
    const cache = new AnswerCache(1024 * 1024);
    const post = (body: string): AnswerRequest => ({
      method: 'POST',
      url: '/filters',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body: Buffer.from(body),
    });
    expect(cache.keep(post('{"page":1}'), undefined, Buffer.from('one'), text, cache.generation)?.key).toMatch(/^POST \/filters /);
    expect(cache.lookup(post('{"page":1}'))?.body.toString()).toBe('one');
    expect(cache.lookup(post('{"page":2}'))).toBeUndefined();
    expect(cache.lookup({ method: 'PUT', url: '/filters', headers: {} })).toBeUndefined();
    expect(cache.keep({ method: 'PUT', url: '/filters', headers: {} }, undefined, Buffer.from('x'), text, cache.generation)).toBeNull();
    expect(cache.keep({ method: 'GET', headers: {} }, undefined, Buffer.from('x'), text, cache.generation)).toBeNull();
  });
});

// A request left unanswered fails the test in 5 s, as in `npm test`, also in the mutation run (60 s there).
describe('single flight: concurrent misses for one answer', { timeout: 5_000 }, () => {
  afterEach(() => void vi.useRealTimers());

  it('lets the first lead and the others follow; they get its answer after it has landed, counted as coalesced', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const lead = cache.miss(get('/list'), undefined, () => expect.fail('the leader follows no one')) as Flight;
    expect(lead).toMatchObject({ key: '/list', generation: 0, waiters: [] });
    const given: Array<string | undefined> = [];
    expect(cache.miss(get('/list'), undefined, (answer) => given.push(answer?.body.toString()))).toBe('follows');
    expect(cache.miss(get('/list'), undefined, (answer) => given.push(answer?.body.toString()))).toBe('follows');
    // Another answer has its own flight.
    expect(cache.miss(get('/other'), undefined, () => {})).toMatchObject({ key: '/other' });
    const answer = cache.keep(get('/list'), undefined, Buffer.from('list'), text, lead.generation);
    cache.land(lead, answer);
    expect(given).toEqual([]); // after the leader's own reply
    await ticked();
    expect(given).toEqual(['list', 'list']);
    expect(cache.coalesced).toBe(2);
    // Landed: the next miss leads a new flight; landing the old one again changes nothing.
    cache.land(lead, answer);
    await ticked();
    expect(given).toHaveLength(2);
    expect(cache.coalesced).toBe(2);
    const next = cache.miss(get('/list'), undefined, () => {});
    expect(next).not.toBe(lead);
    expect(next).toMatchObject({ key: '/list' });
  });

  it('gives followers nothing to wait for when the cache is off or the request names no answer to keep', () => {
    const cache = new AnswerCache(1024 * 1024);
    const query = z.object({ page: z.string().optional() });
    expect(cache.miss({ method: 'PUT', url: '/list', headers: {} }, undefined, () => {})).toBeNull();
    expect(cache.miss(get('/list?pad=1'), query, () => {})).toBeNull();
    expect(cache.miss(get('/list?page=1'), query, () => {})).toMatchObject({ key: '/list?page=1' });
    cache.setEnabled(false);
    expect(cache.miss(get('/list'), undefined, () => {})).toBeNull();
  });

  it('never joins a flight started before the last change, and gives its followers nothing computed before it', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const old = cache.miss(get('/list'), undefined, () => {}) as Flight;
    const given: Array<string | undefined> = [];
    expect(cache.miss(get('/list'), undefined, (answer) => given.push(answer?.body.toString() ?? 'none'))).toBe('follows');
    cache.invalidate();
    const lead = cache.miss(get('/list'), undefined, () => {}) as Flight;
    expect(lead).not.toBe(old);
    expect(lead.generation).toBe(1);
    const late: string[] = [];
    expect(cache.miss(get('/list'), undefined, (answer) => late.push(answer?.body.toString() ?? 'none'))).toBe('follows');
    // The old leader lands with what it read before the change: its follower gets nothing (it runs the route).
    cache.land(old, cache.keep(get('/list'), undefined, Buffer.from('old'), text, old.generation));
    await ticked();
    expect(given).toEqual(['none']);
    expect(cache.coalesced).toBe(0);
    // The new flight is still the one followed.
    expect(cache.miss(get('/list'), undefined, (answer) => late.push(answer?.body.toString() ?? 'none'))).toBe('follows');
    cache.land(lead, cache.keep(get('/list'), undefined, Buffer.from('new'), text, lead.generation));
    await ticked();
    expect(late).toEqual(['new', 'new']);
    expect(cache.coalesced).toBe(2);
  });

  it('gives followers what is kept by then when the leader has no answer, or none when the cache went off', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const lead = cache.miss(get('/list'), undefined, () => {}) as Flight;
    const given: Array<string | undefined> = [];
    cache.miss(get('/list'), undefined, (answer) => given.push(answer?.body.toString() ?? 'none'));
    // Another request kept an answer meanwhile; the leader failed.
    cache.keep(get('/list'), undefined, Buffer.from('kept'), text, cache.generation);
    cache.land(lead, null);
    await ticked();
    expect(given).toEqual(['kept']);
    expect(cache.coalesced).toBe(0);

    const second = cache.miss(get('/count'), undefined, () => {}) as Flight;
    cache.miss(get('/count'), undefined, (answer) => given.push(answer?.body.toString() ?? 'none'));
    const answer = cache.keep(get('/count'), undefined, Buffer.from('3'), text, second.generation);
    cache.setEnabled(false);
    cache.land(second, answer);
    await ticked();
    expect(given).toEqual(['kept', 'none']);
    expect(cache.coalesced).toBe(0);
  });

  it('stops waiting for a leader after FOLLOW_MAX_MS: the followers then run the route themselves', async () => {
    vi.useFakeTimers();
    const cache = new AnswerCache(1024 * 1024);
    const lead = cache.miss(get('/list'), undefined, () => {}) as Flight;
    const given: string[] = [];
    cache.miss(get('/list'), undefined, (answer) => given.push(answer?.body.toString() ?? 'none'));
    vi.advanceTimersByTime(FOLLOW_MAX_MS - 1);
    cache.miss(get('/list'), undefined, (answer) => given.push(answer?.body.toString() ?? 'none'));
    await ticked();
    expect(given).toEqual([]);
    vi.advanceTimersByTime(1); // one timer for the flight, from its first follower
    await ticked();
    expect(given).toEqual(['none', 'none']);
    expect(FOLLOW_MAX_MS).toBe(3000);
    // The leader's late answer goes to no one; a new miss leads again.
    cache.land(lead, cache.keep(get('/list'), undefined, Buffer.from('late'), text, lead.generation));
    await ticked();
    expect(given).toHaveLength(2);
    expect(cache.miss(get('/list'), undefined, () => {})).toMatchObject({ key: '/list' });
  });

  it('lands a flight whose followers were timed out, and a flight landed in time leaves no timer to land it again', async () => {
    vi.useFakeTimers();
    const cache = new AnswerCache(1024 * 1024);
    const lead = cache.miss(get('/list'), undefined, () => {}) as Flight;
    const given: string[] = [];
    cache.miss(get('/list'), undefined, (answer) => given.push(answer?.body.toString() ?? 'none'));
    cache.land(lead, cache.keep(get('/list'), undefined, Buffer.from('list'), text, lead.generation));
    await ticked();
    expect(given).toEqual(['list']);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('derived values and indexes', () => {
  it('computes a derived value once for concurrent askers, per generation, even with no answer budget', async () => {
    const cache = new AnswerCache(0);
    let computed = 0;
    const slow = deferred<string>();
    const compute = () => {
      computed += 1;
      return slow.promise;
    };
    const first = cache.derived('d', compute);
    const second = cache.derived('d', compute);
    expect(second).toBe(first);
    slow.resolve('value');
    expect(await first).toBe('value');
    expect(await cache.derived('d', async () => 'other')).toBe('value');
    expect(await cache.derivedView('d', async () => 'other')).toBe('value');
    expect(computed).toBe(1);
    cache.invalidate();
    expect(await cache.derived('d', async () => 'after')).toBe('after');
    // While changes may go unheard, nothing is kept.
    cache.setEnabled(false);
    expect(await cache.derived('d', async () => 'unheard')).toBe('unheard');
    expect(await cache.derived('d', async () => 'unheard again')).toBe('unheard again');
    cache.setEnabled(true);
    expect(await cache.derived('d', async () => 'heard')).toBe('heard');
    expect(await cache.derived('d', async () => 'not asked')).toBe('heard');
    // Closed: nothing is kept any more.
    cache.close();
    expect(await cache.derived('d', async () => 'closing')).toBe('closing');
    expect(await cache.derived('d', async () => 'closing again')).toBe('closing again');
  });

  it('runs a lazy thenable once (a query builder queries each time it is awaited), however often its value is asked', async () => {
    const cache = new AnswerCache(0);
    let queried = 0;
    // As Drizzle's query builders are: each then() runs the query again.
    const builder = { then: (resolve: (value: string) => void) => resolve(`rows ${++queried}`) } as unknown as Promise<string>;
    expect(await cache.derived('q', () => builder)).toBe('rows 1');
    expect(await cache.derived('q', () => builder)).toBe('rows 1');
    expect(await cache.derived('q', () => builder)).toBe('rows 1');
    expect(queried).toBe(1);
  });

  it('keeps no derived value that failed or found nothing', async () => {
    const cache = new AnswerCache(1024 * 1024);
    await expect(cache.derived('f', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.derived('f', async () => 'up')).toBe('up');
    expect(await cache.derived('u', async () => undefined)).toBeUndefined();
    expect(await cache.derived('u', async () => 'found')).toBe('found');
    expect(await cache.derived('u', async () => 'again')).toBe('found');
  });

  it("lets an older computation's late end undo nothing that a newer one kept", async () => {
    const cache = new AnswerCache(1024 * 1024);
    const older = deferred<string>();
    const olderAsked = cache.derived('d', () => older.promise);
    cache.invalidate();
    const newer = cache.derived('d', async () => 'newer');
    expect(await newer).toBe('newer');
    older.resolve('older');
    expect(await olderAsked).toBe('older');
    await ticked();
    expect(cache.derived('d', async () => 'computed again')).toBe(newer);

    const failing = deferred<string>();
    const failingAsked = cache.derived('e', () => failing.promise);
    cache.invalidate();
    const kept = cache.derived('e', async () => 'kept');
    await kept;
    failing.reject(new Error('late failure'));
    await expect(failingAsked).rejects.toThrow('late failure');
    await ticked();
    expect(cache.derived('e', async () => 'computed again')).toBe(kept);
  });

  it('ends quietly when a change dropped the value it was computing (no unhandled rejection)', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const rejections: unknown[] = [];
    const listener = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const done = deferred<string>();
      const failed = deferred<string>();
      const doneAsked = cache.derived('done', () => done.promise);
      const failedAsked = cache.derived('failed', () => failed.promise);
      cache.invalidate();
      done.resolve('read before the change');
      failed.reject(new Error('down'));
      expect(await doneAsked).toBe('read before the change');
      await expect(failedAsked).rejects.toThrow('down');
      // Node tells of an unhandled rejection once the microtasks are done.
      await new Promise((resolve) => setImmediate(resolve));
      expect(rejections).toEqual([]);
      expect(await cache.derived('done', async () => 'computed again')).toBe('computed again');
      expect(await cache.derived('failed', async () => 'computed again')).toBe('computed again');
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('builds an index once per generation in the background, and gives it once built', async () => {
    const cache = new AnswerCache(0);
    let builds = 0;
    const build = deferred<string>();
    const first = cache.index('i', () => ((builds += 1), build.promise));
    expect(first?.value).toBeUndefined();
    // Asked again while it builds: the same build, not another.
    expect(cache.index('i', async () => 'another')).toBe(first);
    build.resolve('built');
    expect(await first?.building).toBe('built');
    await ticked();
    expect(cache.index('i', async () => 'not asked')?.value).toBe('built');
    expect(cache.derivedView.index('i', async () => 'not asked')?.value).toBe('built');
    expect(builds).toBe(1);
    // A change drops it; the next ask builds it again.
    cache.invalidate();
    const after = cache.index('i', async () => 'after');
    expect(after?.value).toBeUndefined();
    expect(await after?.building).toBe('after');
    await ticked();
    expect(cache.index('i', async () => 'not asked')?.value).toBe('after');
    // A stock change keeps it (no index holds stock).
    cache.stockChanged([1, 2]);
    expect(cache.index('i', async () => 'not asked')?.value).toBe('after');
  });

  it('keeps no index read before a change, none that failed, and none while changes go unheard', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const older = deferred<string>();
    let olderStale = () => false;
    const olderAsked = cache.index('i', (stale) => ((olderStale = stale), older.promise));
    expect(olderStale()).toBe(false);
    cache.stockChanged([7]);
    expect(olderStale()).toBe(false);
    cache.invalidate();
    // The build is told: it may stop.
    expect(olderStale()).toBe(true);
    older.resolve('read before the change');
    expect(await olderAsked?.building).toBe('read before the change');
    await ticked();
    const fresh = cache.index('i', async () => 'fresh');
    expect(fresh?.value).toBeUndefined();
    expect(await fresh?.building).toBe('fresh');

    const failing = cache.index('f', async () => Promise.reject(new Error('down')));
    await expect(failing?.building).rejects.toThrow('down');
    await ticked();
    const retried = cache.index('f', async () => 'up');
    expect(retried).not.toBe(failing);
    expect(await retried?.building).toBe('up');

    cache.setEnabled(false);
    let built = false;
    expect(cache.index('u', async () => ((built = true), 'unheard'))).toBeUndefined();
    expect(built).toBe(false);
    cache.setEnabled(true);
    expect(cache.index('u', async () => 'heard')?.value).toBeUndefined();
  });

  it('counts a derived value by the size it gives: one larger than their budget (128 MB) is not kept', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const huge = DERIVED_MAX_BYTES;
    expect(huge).toBe(128 * 1024 * 1024);
    expect(await cache.derived('h', async () => 'huge', () => huge)).toBe('huge');
    expect(await cache.derived('h', async () => 'computed again', () => 0)).toBe('computed again');
    expect(await cache.derived('h', async () => 'not asked')).toBe('computed again');
    // Just within: the key and 256 bytes besides the value's own size.
    expect(await cache.derived('k', async () => 'within', () => huge - 1 - 256)).toBe('within');
    expect(await cache.derived('k', async () => 'not asked')).toBe('within');
    const many = await cache.derivedMany(['m1', 'm2'], async () => new Map([['m1', 'big'], ['m2', 'small']]), (value) => (value === 'big' ? huge : 1));
    expect(many).toEqual(['big', 'small']);
    let missing: string[] = [];
    const again = await cache.derivedMany(['m1', 'm2'], async (keys) => ((missing = keys), new Map([['m1', 'big again']])), () => 1);
    expect(missing).toEqual(['m1']);
    expect(again).toEqual(['big again', 'small']);
    // One byte over with its key and 256 bytes: not kept either.
    const over = huge - 'n1'.length - 256 + 1;
    expect(await cache.derivedMany(['n1'], async () => new Map([['n1', 'over']]), () => over)).toEqual(['over']);
    expect(await cache.derivedMany(['n1'], async () => new Map([['n1', 'computed again']]), () => 1)).toEqual(['computed again']);
  });

  it('computes many derived values together, only those not kept, in the order asked', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const asked: string[][] = [];
    const compute = (values: Record<string, string>) => async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.filter((key) => key in values).map((key) => [key, values[key] as string]));
    };
    const size = (value: string) => value.length;
    expect(await cache.derivedMany(['a', 'b', 'c'], compute({ a: 'A', c: 'C' }), size)).toEqual(['A', undefined, 'C']);
    expect(await cache.derivedMany(['c', 'b', 'a'], compute({ b: 'B' }), size)).toEqual(['C', 'B', 'A']);
    expect(asked).toEqual([['a', 'b', 'c'], ['b']]);
    expect(await cache.derivedMany(['a', 'b'], compute({}), size)).toEqual(['A', 'B']);
    expect(asked).toHaveLength(2); // all kept: nothing computed
    // Kept ones serve `derived` too, and the other way round once a value is known.
    expect(await cache.derivedView('a', async () => 'not asked')).toBe('A');
    await cache.derived('d', async () => 'D');
    expect(await cache.derivedView.many(['d'], compute({ d: 'computed' }), size)).toEqual(['D']);
    // A value being computed by `derived` is not known yet: computed here too.
    const pending = deferred<string>();
    void cache.derived('p', () => pending.promise);
    expect(await cache.derivedMany(['p'], compute({ p: 'P' }), size)).toEqual(['P']);
    pending.resolve('P');
    // A change while they are computed: not kept.
    const slow = deferred<Map<string, string>>();
    const during = cache.derivedMany(['x'], () => slow.promise, size);
    cache.invalidate();
    slow.resolve(new Map([['x', 'old']]));
    expect(await during).toEqual(['old']);
    expect(await cache.derivedMany(['x'], compute({ x: 'new' }), size)).toEqual(['new']);
    expect(await cache.derivedMany(['x'], compute({ x: 'not asked' }), size)).toEqual(['new']);
    // One computed before a change and ending after a newer one was kept: the newer one stays.
    const older = deferred<Map<string, string>>();
    const olderAsked = cache.derivedMany(['z'], () => older.promise, size);
    cache.invalidate();
    expect(await cache.derivedMany(['z'], compute({ z: 'newer' }), size)).toEqual(['newer']);
    older.resolve(new Map([['z', 'older']]));
    expect(await olderAsked).toEqual(['older']);
    expect(await cache.derivedMany(['z'], compute({ z: 'not asked' }), size)).toEqual(['newer']);
    // While changes may go unheard: nothing taken, nothing kept.
    cache.setEnabled(false);
    expect(await cache.derivedMany(['x'], compute({ x: 'unheard' }), size)).toEqual(['unheard']);
    cache.setEnabled(true);
    expect(await cache.derivedMany(['x'], compute({ x: 'heard' }), size)).toEqual(['heard']);
    cache.setEnabled(false);
    expect(await cache.derivedMany(['y'], compute({ y: 'unheard' }), size)).toEqual(['unheard']);
    cache.setEnabled(true);
    expect(await cache.derivedMany(['y'], compute({ y: 'heard' }), size)).toEqual(['heard']);
  });
});

describe('a change of stock alone (an order): only what holds that stock is dropped', () => {
  /** Keeps `body` under `url` holding `holds`, as read now. */
  const keepNow = (cache: AnswerCache, url: string, holds: readonly number[] | 'any') =>
    cache.keep(get(url), undefined, Buffer.from(url), text, cache.generation, holds, cache.stockChanges);
  const kept = (cache: AnswerCache, url: string) => cache.lookup(get(url))?.body.toString();

  it('drops the answers holding the products named, and those that do not say; keeps the others and other derived values', async () => {
    const cache = new AnswerCache(1024 * 1024);
    keepNow(cache, '/product/a', [1]);
    keepNow(cache, '/product/b', [2]);
    keepNow(cache, '/list', [1, 2, 3]);
    keepNow(cache, '/other-list', [3, 4]);
    keepNow(cache, '/categories', []);
    keepNow(cache, '/home', 'any');
    await cache.derived('page-marks', async () => 'marks');
    const size = (value: string) => value.length;
    const product = (key: string) => Number(key.slice(1));
    await cache.derivedMany(['p1', 'p2'], async (missing) => new Map(missing.map((key) => [key, `json of ${key}`])), size, product);
    const generation = cache.generation;
    cache.stockChanged([1, 9]);
    expect(cache.stockChanges).toBe(1);
    expect(cache.generation).toBe(generation); // not a change of everything
    expect(kept(cache, '/product/a')).toBeUndefined();
    expect(kept(cache, '/list')).toBeUndefined();
    expect(kept(cache, '/home')).toBeUndefined();
    expect(kept(cache, '/product/b')).toBe('/product/b');
    expect(kept(cache, '/other-list')).toBe('/other-list');
    expect(kept(cache, '/categories')).toBe('/categories');
    expect(cache.size).toBe(3);
    expect(await cache.derived('page-marks', async () => 'computed again')).toBe('marks');
    // Product 1's JSON is read again; product 2's is kept.
    const asked: string[][] = [];
    const again = await cache.derivedMany(['p1', 'p2'], async (missing) => {
      asked.push(missing);
      return new Map(missing.map((key) => [key, `new json of ${key}`]));
    }, size, product);
    expect(again).toEqual(['new json of p1', 'json of p2']);
    expect(asked).toEqual([['p1']]);
    // A second stock change of product 2 drops its page and its JSON, and what holds it.
    cache.stockChanged([2]);
    expect(kept(cache, '/product/b')).toBeUndefined();
    expect(kept(cache, '/other-list')).toBe('/other-list');
    expect(await cache.derivedMany(['p2'], async () => new Map([['p2', 'newest json of p2']]), size, product)).toEqual(['newest json of p2']);
  });

  it('keeps no answer whose products’ stock moved while it was read, nor one that does not say after any stock change', () => {
    const cache = new AnswerCache(1024 * 1024);
    const seen = cache.stockChanges;
    const generation = cache.generation;
    cache.stockChanged([5]);
    const keepAsReadBefore = (url: string, holds: readonly number[] | 'any') => cache.keep(get(url), undefined, Buffer.from(url), text, generation, holds, seen);
    expect(keepAsReadBefore('/product/5', [5])?.body.toString()).toBe('/product/5'); // answered, not kept
    expect(kept(cache, '/product/5')).toBeUndefined();
    keepAsReadBefore('/list', [4, 5]);
    expect(kept(cache, '/list')).toBeUndefined();
    keepAsReadBefore('/home', 'any');
    expect(kept(cache, '/home')).toBeUndefined();
    keepAsReadBefore('/product/6', [6]);
    expect(kept(cache, '/product/6')).toBe('/product/6');
    keepAsReadBefore('/categories', []);
    expect(kept(cache, '/categories')).toBe('/categories');
    // Read after the change: kept.
    keepNow(cache, '/product/5', [5]);
    keepNow(cache, '/home', 'any');
    expect(kept(cache, '/product/5')).toBe('/product/5');
    expect(kept(cache, '/home')).toBe('/home');
    // Not given: the answer does not say (any), read now.
    cache.keep(get('/plain'), undefined, Buffer.from('plain'), text, cache.generation);
    cache.stockChanged([77]);
    expect(kept(cache, '/plain')).toBeUndefined();
    // A change of everything forgets the moves: what was read before it is refused by its generation.
    cache.invalidate();
    expect(cache.keep(get('/product/5'), undefined, Buffer.from('x'), text, cache.generation, [5], seen) && kept(cache, '/product/5')).toBe('x');
  });

  it('gives followers nothing their leader read before the stock it holds moved', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const given: Array<string | undefined> = [];
    const lead = cache.miss(get('/product/3'), undefined, () => expect.fail('the leader follows no one')) as Flight;
    expect(cache.miss(get('/product/3'), undefined, (answer) => given.push(answer?.body.toString()))).toBe('follows');
    const other = cache.miss(get('/product/4'), undefined, () => expect.fail('the leader follows no one')) as Flight;
    expect(cache.miss(get('/product/4'), undefined, (answer) => given.push(answer?.body.toString()))).toBe('follows');
    cache.stockChanged([3]);
    cache.land(lead, cache.keep(get('/product/3'), undefined, Buffer.from('stale'), text, lead.generation, [3], lead.stock), [3]);
    cache.land(other, cache.keep(get('/product/4'), undefined, Buffer.from('fresh'), text, other.generation, [4], other.stock), [4]);
    await ticked();
    expect(given).toEqual([undefined, 'fresh']);
    expect(kept(cache, '/product/3')).toBeUndefined();
    expect(kept(cache, '/product/4')).toBe('fresh');
  });

  it('keeps no product JSON computed while its stock moved', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const size = (value: string) => value.length;
    const product = (key: string) => Number(key.slice(1));
    const slow = deferred<Map<string, string>>();
    const during = cache.derivedMany(['p1', 'p2'], () => slow.promise, size, product);
    cache.stockChanged([1]);
    slow.resolve(new Map([['p1', 'old 1'], ['p2', 'old 2']]));
    expect(await during).toEqual(['old 1', 'old 2']);
    expect(await cache.derivedMany(['p1', 'p2'], async (missing) => new Map(missing.map((key) => [key, `new ${key}`])), size, product)).toEqual(['new p1', 'old 2']);
  });

  it('drops an answer holding many products (an unpaged list) when one of them moves, whichever, and only then', () => {
    const cache = new AnswerCache(1024 * 1024);
    const range = (from: number, count: number) => Array.from({ length: count }, (_, n) => from + n);
    // Held in no order, as a list by price holds them.
    keepNow(cache, '/unpaged', range(1, 1000).reverse());
    keepNow(cache, '/other-unpaged', [...range(2001, 500), 5000, ...range(2501, 500)]);
    keepNow(cache, '/small', range(1, 63));
    cache.stockChanged([1500, 4999, 5001]);
    expect([kept(cache, '/unpaged'), kept(cache, '/other-unpaged'), kept(cache, '/small')]).toEqual(['/unpaged', '/other-unpaged', '/small']);
    cache.stockChanged([7, 1500]);
    expect([kept(cache, '/unpaged'), kept(cache, '/other-unpaged'), kept(cache, '/small')]).toEqual([undefined, '/other-unpaged', undefined]);
    for (const id of [2001, 3000, 5000]) {
      keepNow(cache, '/other-unpaged', [...range(2001, 500), 5000, ...range(2501, 500)]);
      cache.stockChanged([id]);
      expect(kept(cache, '/other-unpaged')).toBeUndefined();
    }
    // Kept again holding others: what it held before no longer drops it.
    keepNow(cache, '/unpaged', range(1, 1000));
    keepNow(cache, '/unpaged', range(10_001, 1000));
    cache.stockChanged([1]);
    expect(kept(cache, '/unpaged')).toBe('/unpaged');
  });

  it('still drops an answer after it got a compressed form, and forgets what an evicted answer held', () => {
    const cache = new AnswerCache(64 * 1024);
    const big = Buffer.alloc(10_000, 'a');
    const answer = cache.keep(get('/product/8'), undefined, big, { 'content-type': 'application/json' }, cache.generation, [8], cache.stockChanges) as Answer;
    cache.grown(answer);
    expect(cache.lookup(get('/product/8'))).toBe(answer);
    cache.stockChanged([8]);
    expect(cache.lookup(get('/product/8'))).toBeUndefined();
    // Kept again (the same address, now holding another product): the product it held before no longer drops it.
    keepNow(cache, '/list', [100]);
    keepNow(cache, '/list', [200]);
    cache.stockChanged([100]);
    expect(kept(cache, '/list')).toBe('/list');
    // Pushed out by newer answers, then kept again holding another product: the same.
    keepNow(cache, '/page', [300]);
    const binary = { 'content-type': 'application/octet-stream' };
    for (let n = 0; n < 5; n++) cache.keep(get(`/big/${n}`), undefined, Buffer.alloc(14_000, 'b'), binary, cache.generation, [], cache.stockChanges);
    expect(kept(cache, '/page')).toBeUndefined();
    keepNow(cache, '/page', [400]);
    cache.stockChanged([300]);
    expect(kept(cache, '/page')).toBe('/page');
    cache.stockChanged([400]);
    expect(kept(cache, '/page')).toBeUndefined();
  });

  it(`counts more than ${STOCK_MOVES_MAX.toLocaleString('en')} products moved since the last change as a change of everything`, () => {
    const cache = new AnswerCache(1024 * 1024);
    keepNow(cache, '/categories', []);
    const generation = cache.generation;
    cache.stockChanged(Array.from({ length: STOCK_MOVES_MAX }, (_, index) => index + 1));
    expect(cache.generation).toBe(generation);
    expect(kept(cache, '/categories')).toBe('/categories');
    cache.stockChanged([STOCK_MOVES_MAX + 1]);
    expect(cache.generation).toBe(generation + 1);
    expect(kept(cache, '/categories')).toBeUndefined();
  });
});
