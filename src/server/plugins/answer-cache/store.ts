import { LRUCache } from 'lru-cache';
import { type Answer, answerBytes, makeAnswer, type ReplyHeaders } from './answer.ts';
import { type AnswerRequest, answerKey, keepableQuery } from './keys.ts';

/**
 * What derived values may hold: their keys and an allowance per value (values count themselves, `derived`).
 * Room for the JSON of 100,000 products (about 70 MB) and the lists' marks and counts besides.
 */
export const DERIVED_MAX_BYTES = 128 * 1024 * 1024;
const DERIVED_OVERHEAD_BYTES = 256;
const keyBytes = (key: DerivedKey) => (typeof key === 'string' ? key.length : 8);
/** How long requests wait for the one computing their answer before they compute it themselves. */
export const FOLLOW_MAX_MS = 3000;
/** Products whose stock moved that are remembered before a stock change counts as a change of everything. */
export const STOCK_MOVES_MAX = 100_000;

/**
 * Whose stock an answer (or a derived value) holds: those products' ids (none: `[]`), or 'any' (it does
 * not say: any stock change drops it).
 */
export type StockHolds = readonly number[] | 'any';

/**
 * A derived value's key: text, or a number (a product's id: its JSON, kept by the many; a number is looked up
 * far faster than a text built for the lookup, and a list of 1,000 products looks up 1,000).
 */
export type DerivedKey = string | number;

/**
 * A kept thing holding this many products or more (an unpaged list of up to 1,000) is looked through, its ids
 * sorted, when a stock changes: indexing it under each of its products, and unindexing it when it is pushed
 * out, cost a fifth of such an answer's CPU with the cache on.
 */
const INDEXED_HOLDS_MAX = 64;

/**
 * A lookup of this many derived values or more (an unpaged list's products) does not mark them as just used:
 * marking 1,000 cost four times the lookups (a fifth of an unpaged answer's CPU).
 */
const MARKED_LOOKUPS_MAX = 64;

/** An answer of this many bytes or more is kept only when asked for a second time (`AnswerCache.admits`). */
export const LARGE_ANSWER_BYTES = 64 * 1024;
/** How many large answers' keys are remembered as asked for once. */
const SEEN_LARGE_MAX = 10_000;

/** Whether sorted `ids` hold `id`. */
function holdsId(ids: Int32Array, id: number): boolean {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] as number) < id) low = middle + 1;
    else high = middle;
  }
  return ids[low] === id;
}

/** Whose stock each kept thing (by key) holds, and the other way round: the keys holding each product, or any. */
class StockIndex<K extends DerivedKey = string> {
  private readonly holdings = new Map<K, StockHolds>();
  private readonly byProduct = new Map<number, Set<K>>();
  private readonly anyStock = new Set<K>();
  /** The things holding INDEXED_HOLDS_MAX products or more, with their ids sorted. */
  private readonly many = new Map<K, Int32Array>();

  holdsOf(key: K): StockHolds | undefined {
    return this.holdings.get(key);
  }

  hold(key: K, holds: StockHolds): void {
    this.holdings.set(key, holds);
    if (holds === 'any') return void this.anyStock.add(key);
    if (holds.length >= INDEXED_HOLDS_MAX) return void this.many.set(key, Int32Array.from(holds).sort());
    for (const id of holds) {
      const keys = this.byProduct.get(id);
      if (keys) keys.add(key);
      else this.byProduct.set(id, new Set([key]));
    }
  }

  unhold(key: K): void {
    const holds = this.holdings.get(key);
    if (holds === undefined) return;
    this.holdings.delete(key);
    if (holds === 'any') return void this.anyStock.delete(key);
    if (this.many.delete(key)) return;
    for (const id of holds) {
      const keys = this.byProduct.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byProduct.delete(id);
    }
  }

  /** The keys holding one of these products' stock, or any stock (a copy: dropping them unholds them). */
  holding(productIds: readonly number[]): Set<K> {
    const keys = new Set(this.anyStock);
    for (const id of productIds) for (const key of this.byProduct.get(id) ?? []) keys.add(key);
    for (const [key, ids] of this.many) if (productIds.some((id) => holdsId(ids, id))) keys.add(key);
    return keys;
  }
}

/** An index of the whole catalogue (AnswerCache.index): its value once built, and its build. */
export interface KeptIndex<T> {
  readonly value?: T;
  readonly building: Promise<T>;
}

/**
 * A miss being computed (single-flight): the first request for an answer in a generation leads (runs the
 * route); later requests for the same answer in the same generation wait for its answer.
 */
export interface Flight {
  readonly key: string;
  readonly generation: number;
  /** The stock changes heard when it started (`AnswerCache.stockChanges`). */
  readonly stock: number;
  /** The waiting requests: each is called once, with the answer, or undefined (it runs the route itself). */
  waiters: Array<(answer: Answer | undefined) => void>;
  timer?: NodeJS.Timeout;
}

/**
 * The catalogue's answers, kept in memory as the bytes that were sent, within a budget of bytes that counts
 * everything an answer holds (its key, bodies, headers and the objects around them). Every change to the
 * catalogue (in this process, or told by the database from another one) starts a new generation and drops
 * them all; an answer computed from data read before the change is not kept (its generation is over). A
 * change of some products' stock alone (an order) drops only what holds their stock (`stockChanged`).
 */
export class AnswerCache {
  generation = 0;
  /** Stock changes heard (`stockChanged`): what was read before one that names its products is not kept. */
  stockChanges = 0;
  /** Who answered from memory: the pre-router (before Fastify routes the request) or a Fastify hook. */
  readonly served = { preRouter: 0, fastify: 0 };
  misses = 0;
  /** Misses answered with the answer another request was computing (they ran no query). */
  coalesced = 0;
  /** The addresses of cached POST routes (their answers are kept by body), for the pre-router. */
  readonly postPaths = new Set<string>();
  private enabled: boolean;
  /** The server is closing: nothing more is answered from memory, everything goes to Fastify. */
  private closing = false;
  private readonly budget: number;
  private readonly entries: LRUCache<string, Answer>;
  /** The misses being computed, by key (a flight of an older generation is replaced, never joined). */
  private readonly flights = new Map<string, Flight>();
  /** Changes are heard (the database's notices): what is derived from the catalogue may be kept. */
  private listening = true;
  /**
   * Structures derived from the catalogue that serve its queries (a list's page boundaries, photo ETags),
   * kept whatever the answer budget while changes are heard, dropped with every change; each is computed
   * once (concurrent askers share its promise).
   */
  private readonly derivedValues = new LRUCache<DerivedKey, { promise: Promise<unknown>; generation: number; value?: unknown }>({
    maxSize: DERIVED_MAX_BYTES,
    sizeCalculation: (_entry, key) => keyBytes(key) + DERIVED_OVERHEAD_BYTES,
    // Stryker disable next-line ObjectLiteral,ArrowFunction: without it only memory grows (a kept JSON's key always names the same product, so a stale entry drops nothing else)
    dispose: (_entry, key) => this.derivedHolders.unhold(key),
  });
  /**
   * Indexes of the whole catalogue (the search's, search-index.ts): built in the background once per
   * generation, outside the derived values' budget, and used only once built (`index`).
   */
  private readonly indexes = new Map<string, { generation: number; building: Promise<unknown>; value?: unknown }>();
  /** The stock change (of `stockChanges`) that last moved each product's stock, since the last change of everything. */
  private readonly stockMovedAt = new Map<number, number>();
  /** Whose stock each kept answer holds, and each derived value holding one (a product's kept JSON). */
  private readonly holders = new StockIndex();
  private readonly derivedHolders = new StockIndex<DerivedKey>();

  /** `maxBytes` 0 keeps nothing. */
  constructor(maxBytes: number) {
    this.budget = maxBytes;
    this.enabled = maxBytes > 0;
    const answerBudget = Math.max(1, maxBytes);
    this.entries = new LRUCache<string, Answer>({
      maxSize: answerBudget,
      maxEntrySize: Math.max(1, Math.floor(answerBudget / 4)),
      sizeCalculation: answerBytes,
      dispose: (_answer, key) => this.holders.unhold(key),
    });
  }

  /** Whether answers are kept and looked up now. */
  get answering(): boolean {
    return this.enabled;
  }

  get hits(): number {
    return this.served.preRouter + this.served.fastify;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the kept answers count for (at most the budget given). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** The server is closing: nothing more is answered or kept here. */
  close(): void {
    this.closing = true;
    // Stryker disable next-line BooleanLiteral: closing is set just before, so setEnabled(true) turns everything off too
    this.setEnabled(false);
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.derivedValues.clear();
    this.indexes.clear();
    this.stockMovedAt.clear();
  }

  /**
   * These products' stock moved, and nothing else (an order, a cancel; told by the database): the answers
   * holding their stock, or any stock, are dropped, and the derived values holding it (their JSON); the
   * other answers and the other derived values (page marks, counts, the search index) stay.
   */
  stockChanged(productIds: readonly number[]): void {
    this.stockChanges += 1;
    for (const id of productIds) this.stockMovedAt.set(id, this.stockChanges);
    for (const key of this.holders.holding(productIds)) this.entries.delete(key);
    for (const key of this.derivedHolders.holding(productIds)) this.derivedValues.delete(key);
    // Remembered for what is being read now; past this many products, a change of everything.
    if (this.stockMovedAt.size > STOCK_MOVES_MAX) this.invalidate();
  }

  /** Nothing in `holds` moved since `seen` (a count of `stockChanges`). */
  private stockFresh(holds: StockHolds, seen: number): boolean {
    if (holds === 'any') return seen === this.stockChanges;
    return holds.every((id) => (this.stockMovedAt.get(id) ?? 0) <= seen);
  }

  /** While changes may go unheard (the database connection that tells them dropped), nothing is cached. */
  setEnabled(enabled: boolean): void {
    this.listening = enabled && !this.closing;
    this.enabled = this.listening && this.budget > 0;
    this.invalidate();
  }

  /** The kept answer to a request, if any (the one lookup: the pre-router and Fastify's hooks both use it). */
  lookup(request: AnswerRequest): Answer | undefined {
    // Stryker disable next-line ConditionalExpression: forced false, nothing is kept while off (the answers went when it went off, none is kept since): the lookup finds none
    if (!this.enabled) return undefined;
    const key = answerKey(request);
    // Stryker disable next-line ConditionalExpression: forced false, no answer is kept under null
    return key === null ? undefined : this.entries.get(key);
  }

  /**
   * The one writer: keeps the answer Fastify is sending to `request` (a 200 of a cacheable route), unless
   * the request names no answer (answerKey), its address has query parameters the route does not declare
   * (`querySchema`), the catalogue changed since its data were read (`generation` is the one when it
   * was looked up), or it is large and asked for the first time (`admits`). Returns the answer to send
   * (kept or not), or null when the request names none.
   */
  keep(
    request: AnswerRequest,
    querySchema: unknown,
    body: Buffer,
    headers: ReplyHeaders,
    generation: number,
    holds: StockHolds = 'any',
    stockSeen: number = this.stockChanges,
  ): Answer | null {
    const key = answerKey(request);
    // Stryker disable next-line StringLiteral: a request without an address names no answer (key null) before its address is read
    if (key === null || !keepableQuery(request.url ?? '', querySchema)) return null;
    const answer = makeAnswer(key, body, headers);
    if (this.enabled && generation === this.generation && this.stockFresh(holds, stockSeen) && this.admits(key, body.length)) {
      this.entries.set(key, answer);
      this.holders.hold(key, holds);
    }
    return answer;
  }

  /**
   * Whether an answer of `bytes` may be kept now: a small one always; a large one (LARGE_ANSWER_BYTES, an
   * unpaged list) only when it was asked for before (its key is remembered the first time, among the last
   * SEEN_LARGE_MAX). A crawl of many distinct large answers would otherwise keep each and push it out
   * before it is asked again, the kept bytes making the garbage collector mark the whole heap every half
   * second (2.8 against 1.3 ms of CPU per unpaged answer); an answer asked twice is kept from then on.
   */
  private admits(key: string, bytes: number): boolean {
    if (bytes < LARGE_ANSWER_BYTES) return true;
    if (this.seenLarge.delete(key)) return true;
    this.seenLarge.set(key, true);
    return false;
  }
  private readonly seenLarge = new LRUCache<string, true>({ max: SEEN_LARGE_MAX });

  /**
   * A miss (after `lookup`), so that concurrent misses for one answer run its queries once. The request
   * leads when no request for its answer is in flight in this generation: the flight is returned, and is
   * landed (`land`) when its answer is made or refused. Otherwise it follows: 'follows' is returned and
   * `follow` is called once, later, with the leader's answer, or with undefined when there is none to
   * give (the leader failed or its answer is not kept, the catalogue changed meanwhile, or it took longer
   * than FOLLOW_MAX_MS): then with whatever is kept for it by then, or undefined and it runs the route.
   * Null: nothing to wait for (the cache is off, or the request names no answer that would be kept).
   */
  miss(request: AnswerRequest, querySchema: unknown, follow: (answer: Answer | undefined) => void): Flight | 'follows' | null {
    if (!this.enabled) return null;
    const key = answerKey(request);
    // Stryker disable next-line StringLiteral: a request without an address names no answer (key null) before its address is read
    if (key === null || !keepableQuery(request.url ?? '', querySchema)) return null;
    const flight = this.flights.get(key);
    // A flight started before the last change computes an answer from older data: never joined.
    if (flight === undefined || flight.generation !== this.generation) {
      const lead: Flight = { key, generation: this.generation, stock: this.stockChanges, waiters: [] };
      this.flights.set(key, lead);
      return lead;
    }
    flight.waiters.push((answer) => follow(answer ?? this.lookup(request)));
    flight.timer ??= setTimeout(() => this.land(flight, null), FOLLOW_MAX_MS).unref();
    return 'follows';
  }

  /**
   * A leader's answer is made (`answer`: the one `keep` returned) or there is none (null): its waiting
   * requests get it, after the leader's own reply, if the catalogue has not changed since the flight
   * started (the same condition as keeping it). Calling it again does nothing.
   */
  land(flight: Flight, answer: Answer | null, holds: StockHolds = 'any'): void {
    if (this.flights.get(flight.key) === flight) this.flights.delete(flight.key);
    clearTimeout(flight.timer);
    const waiters = flight.waiters;
    // Stryker disable next-line ConditionalExpression: forced false, a tick that calls no waiter and counts none does nothing
    if (waiters.length === 0) return;
    flight.waiters = [];
    process.nextTick(() => {
      const given =
        flight.generation === this.generation &&
        // Stryker disable next-line ConditionalExpression: forced true, a null answer given is taken as none (`answer ?? lookup`)
        answer !== null &&
        this.enabled &&
        this.stockFresh(holds, flight.stock)
          ? answer
          : undefined;
      if (given) this.coalesced += waiters.length;
      for (const waiter of waiters) waiter(given);
    });
  }

  /** A kept answer got a compressed form: it is counted again (and may push older answers out). */
  readonly grown = (answer: Answer): void => {
    if (this.entries.peek(answer.key) !== answer) return;
    const holds = this.holders.holdsOf(answer.key) ?? 'any';
    this.entries.delete(answer.key);
    this.entries.set(answer.key, answer);
    this.holders.hold(answer.key, holds);
  };

  /**
   * A value derived from the catalogue (`size`: the bytes it holds), computed once per generation and kept
   * while changes are heard, even when no answers are kept (CACHE_MAX_MB=0): it serves queries, like an
   * index. Concurrent askers share one computation; a failed one, or one that found nothing (undefined), is
   * not kept.
   */
  // Stryker disable next-line ArrowFunction: a size of undefined makes the LRU count the value by its sizeCalculation (key.length + 256), as a size of 0 does
  derived<T>(key: string, compute: () => Promise<T>, size: (value: T) => number = () => 0): Promise<T> {
    if (!this.listening) return compute();
    const known = this.derivedValues.get(key);
    if (
      known &&
      // Stryker disable next-line ConditionalExpression: forced true, every kept value is of this generation (a change clears them all)
      known.generation === this.generation
    ) {
      return known.promise as Promise<T>;
    }
    const generation = this.generation;
    // A query builder is a thenable that queries again each time it is awaited: its answer is taken once.
    const promise = Promise.resolve(compute());
    this.derivedValues.set(key, { promise, generation });
    promise.then(
      (value) => {
        // Counted again with its size once known (it may push older values out).
        if (this.derivedValues.peek(key)?.promise !== promise) return;
        if (value === undefined) return void this.derivedValues.delete(key);
        this.derivedValues.set(key, { promise, generation, value }, { size: keyBytes(key) + DERIVED_OVERHEAD_BYTES + size(value) });
      },
      () => {
        if (this.derivedValues.peek(key)?.promise === promise) this.derivedValues.delete(key);
      },
    );
    return promise;
  }

  /**
   * An index of the catalogue for this generation: `value` once built, and its build (started once per
   * generation, in the background, on the first ask; told when it is stale). One built from data read
   * before a change is not kept; while changes go unheard nothing is built (undefined).
   */
  index<T>(key: string, build: (stale: () => boolean) => Promise<T>): KeptIndex<T> | undefined {
    if (!this.listening) return undefined;
    const known = this.indexes.get(key);
    if (known && known.generation === this.generation) return known as KeptIndex<T>;
    const generation = this.generation;
    // Stale once the catalogue changed: a build may stop there, its index would not be kept.
    const building = build(() => generation !== this.generation);
    const entry: { generation: number; building: Promise<unknown>; value?: unknown } = { generation, building };
    this.indexes.set(key, entry);
    building.then(
      (value) => {
        if (this.indexes.get(key) === entry && generation === this.generation) entry.value = value;
      },
      () => {
        if (this.indexes.get(key) === entry) this.indexes.delete(key);
      },
    );
    return entry as KeptIndex<T>;
  }

  /** `derived`, `derivedMany` and `index` as one function, for the services (their Derived). */
  readonly derivedView = Object.assign(
    <T>(key: string, compute: () => Promise<T>, size?: (value: T) => number) => this.derived(key, compute, size),
    {
      index: <T>(key: string, build: (stale: () => boolean) => Promise<T>) => this.index(key, build),
      many: <K extends DerivedKey, T>(keys: readonly K[], compute: (missing: K[]) => Promise<Map<K, T>>, size: (value: T) => number, holds?: (key: K) => number) =>
        this.derivedMany(keys, compute, size, holds),
    },
  );

  /**
   * Many derived values at once (a list's products as JSON): those kept are taken, the others computed
   * together (`compute` gets the missing keys) and kept. Values in the order of `keys` (undefined: none).
   * `holds`: the product whose stock a key's value holds (dropped when that stock moves; not kept when it
   * moved while it was computed).
   */
  async derivedMany<K extends DerivedKey, T>(
    keys: readonly K[],
    compute: (missing: K[]) => Promise<Map<K, T>>,
    size: (value: T) => number,
    holds?: (key: K) => number,
  ): Promise<(T | undefined)[]> {
    const generation = this.generation;
    const stock = this.stockChanges;
    // A long list looks its values up without marking them as just used (what pages use stays marked).
    const look = keys.length >= MARKED_LOOKUPS_MAX ? (key: K) => this.derivedValues.peek(key) : (key: K) => this.derivedValues.get(key);
    const found = keys.map((key) => {
      const known = this.listening ? look(key) : undefined;
      const kept =
        known !== undefined &&
        'value' in known &&
        // Stryker disable next-line ConditionalExpression: forced true, every kept value is of this generation (a change clears them all)
        known.generation === generation;
      return kept ? (known.value as T) : undefined;
    });
    const missing = keys.filter((_key, index) => found[index] === undefined);
    if (missing.length === 0) return found;
    const computed = await compute(missing);
    const keep = this.listening && generation === this.generation;
    keys.forEach((key, index) => {
      if (found[index] !== undefined) return;
      const value = computed.get(key);
      found[index] = value;
      const product = holds?.(key);
      if (keep && value !== undefined && (product === undefined || this.stockFresh([product], stock))) {
        this.derivedValues.set(key, { promise: Promise.resolve(value), generation, value }, { size: keyBytes(key) + DERIVED_OVERHEAD_BYTES + size(value) });
        if (product !== undefined) this.derivedHolders.hold(key, [product]);
      }
    });
    return found;
  }
}
