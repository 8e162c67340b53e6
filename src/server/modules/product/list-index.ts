import type { ProductSort } from '../../../domain/product-sort.ts';

/**
 * The catalogue's lists, kept in memory (decision record 0025): each listed product's place newest first, its
 * category and price, and the two price orders, from which any window of any list (some categories or all, a
 * price range or none, any order) and its total are found without a query. It answers exactly what the list
 * queries answer (repo.listProductIds, repo.countProducts): newest first is `created_at desc, id desc` (the
 * order the rows are read in), by price `price_cents` then the newest id first.
 *
 * Every window is found from sorted arrays by binary search, never by walking the list before it: page 8,000
 * costs what page 2 costs.
 */

/** One listed product as the index reads it (repo.listIndexRows), newest first. */
export interface ListIndexRow {
  id: number;
  categoryId: number;
  priceCents: number;
  slug: string;
}

/** What a list is: its categories (none: all) and price range (`minCents <= price < maxCentsExclusive`; none: any). */
export interface ListQuery {
  categoryIds?: readonly number[] | undefined;
  minCents?: number | undefined;
  maxCentsExclusive?: number | null | undefined;
}

export interface ListWindow {
  limit: number;
  offset: number;
}

/**
 * Newest-first lists are kept per category and price slot: a price range is the slots it covers whole, and at
 * most two it cuts, filtered when asked. The cuts are the shop's bands' (PRICE_BANDS in cents: 0-19, 20-39…
 * 100 or more), so a band's list is whole slots.
 */
const SLOT_CUTS = [2000, 4000, 6000, 8000, 10000];
const slotOf = (price: number): number => {
  let slot = 0;
  while (slot < SLOT_CUTS.length && price >= (SLOT_CUTS[slot] as number)) slot += 1;
  return slot;
};
const slotLow = (slot: number) => (slot === 0 ? -Infinity : (SLOT_CUTS[slot - 1] as number));
const slotHigh = (slot: number) => (slot === SLOT_CUTS.length ? Infinity : (SLOT_CUTS[slot] as number));

/** Build steps yield to the event loop between reads, so other requests are answered meanwhile. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A sorted run of distinct values: `values[start..end)`. */
interface Run {
  values: Int32Array;
  start: number;
  end: number;
}

/** The first index in `values[start..end)` whose value is at least `value` (end: none). */
function lowerBound(values: Int32Array, value: number, start = 0, end = values.length): number {
  let low = start;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The values at `offset` … `offset + limit` of the union of sorted runs (no value in two of them): the
 * offset-th value found by a binary search over the values (how many of each run are below), then the runs
 * merged from there. Its cost does not grow with the offset.
 */
function windowOfRuns(runs: readonly Run[], { offset, limit }: ListWindow): { values: number[]; total: number } {
  const live = runs.filter((run) => run.end > run.start);
  const total = live.reduce((sum, run) => sum + run.end - run.start, 0);
  if (offset >= total || limit <= 0) return { values: [], total };
  if (live.length === 1) {
    const [run] = live as [Run];
    return { values: Array.from(run.values.subarray(run.start + offset, Math.min(run.end, run.start + offset + limit))), total };
  }
  // The offset-th value: the smallest v with more than `offset` values at or below it.
  let low = Infinity;
  let high = -Infinity;
  for (const run of live) {
    low = Math.min(low, run.values[run.start] as number);
    high = Math.max(high, run.values[run.end - 1] as number);
  }
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    let atOrBelow = 0;
    for (const run of live) atOrBelow += lowerBound(run.values, middle + 1, run.start, run.end) - run.start;
    if (atOrBelow > offset) high = middle;
    else low = middle + 1;
  }
  // Each run from its first value at or past it, merged (smallest head first) for `limit` values.
  const heads = live.map((run) => ({ run, at: lowerBound(run.values, low, run.start, run.end) }));
  const values: number[] = [];
  while (values.length < limit) {
    let best: (typeof heads)[number] | undefined;
    for (const head of heads) {
      if (head.at < head.run.end && (!best || (head.run.values[head.at] as number) < (best.run.values[best.at] as number))) best = head;
    }
    if (!best) break;
    values.push(best.run.values[best.at] as number);
    best.at += 1;
  }
  return { values, total };
}

/** Sorted lists of numbers by key, frozen into typed arrays once built. */
class Lists {
  private readonly lists = new Map<string, number[]>();
  add(key: string, value: number): void {
    const list = this.lists.get(key);
    if (list) list.push(value);
    else this.lists.set(key, [value]);
  }
  /** The lists as typed arrays (each was filled in ascending order). */
  freeze(): Map<string, Int32Array> {
    const frozen = new Map<string, Int32Array>();
    for (const [key, list] of this.lists) frozen.set(key, Int32Array.from(list));
    return frozen;
  }
}

/** A price order: product positions by rank, and the price at each rank. */
interface PriceOrder {
  positions: Int32Array;
  prices: Int32Array;
  /** A category's id → its products' ranks in this order, ascending. */
  byCategory: Map<string, Int32Array>;
}

const EMPTY = new Int32Array(0);

export class ListIndex {
  private constructor(
    /** The listed products' ids, newest first (by position). */
    private readonly ids: Int32Array,
    /** Each position's price. */
    private readonly prices: Int32Array,
    /** `category:slot`, `category:*` and `*:slot` → their positions, ascending (newest first). */
    private readonly newest: Map<string, Int32Array>,
    private readonly ascending: PriceOrder,
    private readonly descending: PriceOrder,
    /** A listed product's current slug → its id. */
    private readonly slugs: Map<string, number>,
  ) {}

  /** The newest `limit` listed products' ids, newest first. */
  newestIds(limit: number): number[] {
    return Array.from(this.ids.subarray(0, limit));
  }

  /** The listed product whose current slug this is (none: a draft, an old slug, or no product). */
  idOfSlug(slug: string): number | undefined {
    return this.slugs.get(slug);
  }

  /** How many products are listed. */
  get size(): number {
    return this.ids.length;
  }

  /** The bytes it holds, roughly. */
  get bytes(): number {
    let bytes = this.ids.byteLength + this.prices.byteLength;
    for (const slug of this.slugs.keys()) bytes += 56 + slug.length * 2;
    for (const list of this.newest.values()) bytes += list.byteLength + 64;
    for (const order of [this.ascending, this.descending]) {
      bytes += order.positions.byteLength + order.prices.byteLength;
      for (const list of order.byCategory.values()) bytes += list.byteLength + 64;
    }
    return bytes;
  }

  /**
   * The index of the listed products, read in batches of `batch` by `read` (newest first, after the last row
   * of the batch before; a shorter batch is the last); it stops (rejects) once `stale` says the catalogue
   * changed.
   */
  static async build(
    read: (after: ListIndexRow | undefined) => Promise<ListIndexRow[]>,
    batch: number,
    stale: () => boolean = () => false,
  ): Promise<ListIndex> {
    const ids: number[] = [];
    const prices: number[] = [];
    const categories: number[] = [];
    const slugs = new Map<string, number>();
    let last: ListIndexRow | undefined;
    for (;;) {
      if (stale()) throw new Error('the catalogue changed while the list index was read');
      const rows = await read(last);
      for (const row of rows) {
        ids.push(row.id);
        prices.push(row.priceCents);
        categories.push(row.categoryId);
        slugs.set(row.slug, row.id);
      }
      if (rows.length < batch) break;
      last = rows.at(-1);
      await nextTurn();
    }
    if (stale()) throw new Error('the catalogue changed while the list index was read');
    const newest = new Lists();
    ids.forEach((_id, position) => {
      const slot = slotOf(prices[position] as number);
      const category = categories[position] as number;
      newest.add(`${category}:${slot}`, position);
      newest.add(`${category}:*`, position);
      newest.add(`*:${slot}`, position);
    });
    const order = (direction: 1 | -1): PriceOrder => {
      const positions = Int32Array.from(ids, (_id, position) => position);
      // By price, then the newest id first (as the queries order them).
      positions.sort((a, b) => direction * ((prices[a] as number) - (prices[b] as number)) || (ids[b] as number) - (ids[a] as number));
      const byCategory = new Lists();
      positions.forEach((position, rank) => byCategory.add(String(categories[position]), rank));
      return { positions, prices: Int32Array.from(positions, (position) => prices[position] as number), byCategory: byCategory.freeze() };
    };
    return new ListIndex(Int32Array.from(ids), Int32Array.from(prices), newest.freeze(), order(1), order(-1), slugs);
  }

  /** The window of a list, as product ids in the list's order, and the list's total. */
  find(query: ListQuery, sort: ProductSort, window: ListWindow): { ids: number[]; total: number } {
    const min = query.minCents !== undefined && query.minCents > 0 ? query.minCents : -Infinity;
    const max = query.maxCentsExclusive ?? Infinity;
    const categories = [...new Set(query.categoryIds ?? [])].map(String);
    if (min >= max) return { ids: [], total: 0 };
    if (sort === 'newest') {
      if (categories.length === 0 && min === -Infinity && max === Infinity) {
        // Every product: positions are the list's places.
        return { ids: Array.from(this.ids.subarray(window.offset, window.offset + Math.max(0, window.limit))), total: this.ids.length };
      }
      const { values, total } = windowOfRuns(this.newestRuns(categories, min, max), window);
      return { ids: values.map((position) => this.ids[position] as number), total };
    }
    const order = sort === 'price-asc' ? this.ascending : this.descending;
    // The ranks whose price is in the range: one stretch of the order.
    const below = (price: number) => (sort === 'price-asc' ? lowerBound(order.prices, price) : this.firstBelowDescending(order.prices, price));
    const [from, to] = sort === 'price-asc' ? [below(min), below(max)] : [below(max), below(min)];
    if (categories.length === 0) {
      // One stretch of the order: its window taken as it is.
      const start = from + window.offset;
      const end = Math.min(to, start + Math.max(0, window.limit));
      const ids = start < end ? Array.from(order.positions.subarray(start, end), (position) => this.ids[position] as number) : [];
      return { ids, total: Math.max(0, to - from) };
    }
    const runs = categories.map((category): Run => {
      const ranks = order.byCategory.get(category) ?? EMPTY;
      return { values: ranks, start: lowerBound(ranks, from), end: lowerBound(ranks, to) };
    });
    const { values, total } = windowOfRuns(runs, window);
    return { ids: values.map((rank) => this.ids[order.positions[rank] as number] as number), total };
  }

  /** In prices in descending order, the first rank whose price is below `price` (or at or below `-Infinity`: the end). */
  private firstBelowDescending(prices: Int32Array, price: number): number {
    let low = 0;
    let high = prices.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((prices[middle] as number) >= price) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The newest-first runs of positions of some categories (or all) with a price in `[min, max)`. */
  private newestRuns(categories: readonly string[], min: number, max: number): Run[] {
    const whole = (values: Int32Array): Run => ({ values, start: 0, end: values.length });
    const anyPrice = min === -Infinity && max === Infinity;
    const runs: Run[] = [];
    for (const category of categories.length === 0 ? ['*'] : categories) {
      if (anyPrice) {
        runs.push(whole(this.newest.get(`${category}:*`) ?? EMPTY));
        continue;
      }
      for (let slot = slotOf(min); slot <= SLOT_CUTS.length && slotLow(slot) < max; slot++) {
        const positions = this.newest.get(`${category}:${slot}`) ?? EMPTY;
        if (slotLow(slot) >= min && slotHigh(slot) <= max) runs.push(whole(positions));
        else runs.push(whole(positions.filter((position) => (this.prices[position] as number) >= min && (this.prices[position] as number) < max)));
      }
    }
    return runs;
  }
}
