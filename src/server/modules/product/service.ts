import type { TaxClass } from '../../../domain/pricing.ts';
import { PRODUCT_PAGE_SIZE, type PhotoWidth } from '../../../contract/limits.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD, type Facet, type ProductFields, RELATED_PRODUCTS_LIMIT, UNPAGED_PRODUCTS_MAX } from '../../../contract/product.ts';
import { SLUG_PATTERN } from '../../../domain/slug.ts';
import { toCents } from '../../../domain/money.ts';
import { bandToCentsRange } from '../../../domain/price-bands.ts';
import { slugify } from '../../../domain/slug.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { type CheckedPhoto, photoVariant } from '../../lib/image.ts';
import { listWindow, listWithTotal } from '../../lib/paging.ts';
import { uniqueSlug } from '../../lib/unique-slug.ts';
import { type Actor, changedFields, recordChange } from '../audit/service.ts';
import { categoryExists } from '../category/service.ts';
import { toAuditProduct } from './mapper.ts';
import * as repo from './repo.ts';
import * as variants from './variants-repo.ts';
import type { ProductSort } from '../../../domain/product-sort.ts';
import { correctWord, TYPO_MIN_LENGTH, wordCounts } from '../../../domain/typo.ts';
import { LRUCache } from 'lru-cache';
import type { DerivedKey, KeptIndex } from '../../plugins/answer-cache/store.ts';
import { SearchIndex, type Stems } from './search-index.ts';
import { ListIndex } from './list-index.ts';
import { writeProductJson } from './product-json.ts';
import { stemmerOf, stemsHere } from './stems.ts';

/*
 * Products in bulk, for the catalogue CSV (export and import): other modules read and write them through
 * these, in their own transactions.
 */
export type { ProductValues, StoredProduct } from './repo.ts';
export { allProducts, insertProducts, productsBySlug, takenSlugs, updateProducts } from './repo.ts';
export type { OptionRow, VariantRow, VariantValuesRow } from './variants-repo.ts';
export { findOptionsOf, findVariantsOf, replaceGrid } from './variants-repo.ts';

/** A page of PRODUCT_PAGE_SIZE; without a page, every match up to UNPAGED_PRODUCTS_MAX. */
const windowOf = (page: number | undefined) => listWindow(page, PRODUCT_PAGE_SIZE, UNPAGED_PRODUCTS_MAX);

/** A list's window as its products' ids, in order (its answer is built from their kept JSON, `fragments`), and its total. */
export interface ProductPage {
  ids: number[];
  total: number;
}

const rowValues = (row: repo.ProductRow, lowStockThreshold: number): repo.ProductValues => ({
  name: row.name,
  slug: row.slug,
  description: row.description,
  priceCents: row.priceCents,
  quantity: row.quantity,
  shipping: row.shipping,
  categoryId: row.category.id,
  lowStockThreshold,
  draft: row.draft,
});

export const noDerived: Derived = Object.assign(<T>(_key: string, compute: () => Promise<T>) => compute(), {
  index: () => undefined,
  many: async <K extends DerivedKey, T>(keys: readonly K[], compute: (missing: K[]) => Promise<Map<K, T>>) => {
    const computed = await compute([...keys]);
    return keys.map((key) => computed.get(key));
  },
});
/**
 * A value computed from the catalogue, kept until it changes, with the bytes it holds (AnswerCache.derived);
 * many at once (AnswerCache.derivedMany); an index of the whole catalogue (AnswerCache.index).
 */
export interface Derived {
  <T>(key: string, compute: () => Promise<T>, size?: (value: T) => number): Promise<T>;
  /** `holds`: the product whose stock a key's value holds (AnswerCache.derivedMany). */
  many<K extends DerivedKey, T>(
    keys: readonly K[],
    compute: (missing: K[]) => Promise<Map<K, T>>,
    size: (value: T) => number,
    holds?: (key: K) => number,
  ): Promise<(T | undefined)[]>;
  /** An index of the whole catalogue for the catalogue as it is: its value once built, and its build (AnswerCache.index). */
  index<T>(key: string, build: (stale: () => boolean) => Promise<T>): KeptIndex<T> | undefined;
}
/** What one page mark holds in memory (its key text, id and object), rounded up. */
const MARK_BYTES = 120;

/** Facet counts grouped by option; options and values in alphabetical order (numbers by value: 2 before 10). */
function groupFacets(counts: repo.FacetCount[]): Facet[] {
  const facets = new Map<string, Facet>();
  for (const { option, value, count } of counts) {
    const facet = facets.get(option) ?? { name: option, values: [] };
    facet.values.push({ value, count });
    facets.set(option, facet);
  }
  const order = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
  return [...facets.values()]
    .sort((a, b) => order(a.name, b.name))
    .map((facet) => ({ ...facet, values: facet.values.sort((a, b) => order(a.value, b.value)) }));
}

/** The search index's key (AnswerCache.index) and how many products each of its reads takes. */
const SEARCH_INDEX_KEY = 'search-index';
const SEARCH_INDEX_BATCH = 5_000;
/** The list index's key and how many products each of its reads takes. */
const LIST_INDEX_KEY = 'list-index';
const LIST_INDEX_BATCH = 20_000;
/** How many products' JSON the background fill keeps at most, and how many it reads per query. */
const FILL_MAX_PRODUCTS = 100_000;
const FILL_BATCH = 1_000;
/** Below this many products the first request waits for an index; above, queries answer while it builds. */
const INDEX_WAIT_BELOW = 10_000;
/** A build of an index this long or longer spaces the next ones out (spacedBuild). */
const INDEX_SLOW_MS = 50;

/**
 * How long a build of an index waits, given when the last one started and how long it took: none after a
 * quick one (under INDEX_SLOW_MS), else until ten times its length has passed since its start.
 */
export function indexBuildDelay(last: { startedAt: number; ms: number }, now: number): number {
  return last.ms < INDEX_SLOW_MS ? 0 : Math.max(0, last.startedAt + 10 * last.ms - now);
}

/**
 * A build of an index, started at most once per ten times the last one's length when that passed 50 ms (a
 * catalogue changed every second is not read whole every second: meanwhile the queries answer).
 */
function spacedBuild<T>(build: (stale: () => boolean) => Promise<T>): (stale: () => boolean) => Promise<T> {
  /** When the last build started, and how long it took. */
  const last = { startedAt: 0, ms: 0 };
  return async (stale) => {
    const wait = indexBuildDelay(last, Date.now());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
    const startedAt = Date.now();
    last.startedAt = startedAt;
    try {
      return await build(stale);
    } finally {
      last.ms = Date.now() - startedAt;
    }
  };
}

/**
 * Search words' stems (PostgreSQL's English configuration, the same whatever the catalogue): found here when
 * they can be (stems.ts), else asked of the database; the last ones asked kept.
 */
const stemsKept = new LRUCache<string, string[]>({ max: 20_000 });
async function stemsOf(db: Db, words: readonly string[]): Promise<Stems> {
  const found = words.filter((word) => !stemsKept.has(word));
  const stemmer = found.length > 0 ? await stemmerOf(db) : null;
  if (stemmer) {
    for (const word of found) {
      const here = stemsHere(word, stemmer);
      if (here) stemsKept.set(word, here);
    }
  }
  const missing = words.filter((word) => !stemsKept.has(word));
  if (missing.length > 0) for (const [word, stems] of await repo.wordStems(db, missing)) stemsKept.set(word, stems);
  return new Map(words.map((word) => [word, stemsKept.get(word) ?? []]));
}

/** The catalogue's words looked at for a misspelt word's correction, the most common first. */
const TYPO_CANDIDATES = 200;

/**
 * `derived`: what serves queries, kept until the catalogue changes even with no answer budget
 * (AnswerCache.derived): a list's page marks and counts, photo ETags, products' JSON, the search index.
 * `options.searchIndex`, `options.listIndex`: searches and lists answered from their indexes once built (SEARCH_INDEX, LIST_INDEX);
 * `options.fillFragmentsFrom`: from this many listed products on, every one's JSON is kept in the background
 * after each build of the list index (fillFragments; default 10,000, below which the index is waited for).
 */
export function createProductService(db: Db, derived: Derived = noDerived, options: { searchIndex?: boolean; listIndex?: boolean; fillFragmentsFrom?: number } = {}) {
  /** A list's page marks, once per catalogue version, for pages past the first mark only. */
  const marksOf = (filter: repo.ProductFilter, sort: ProductSort) =>
    derived(`page-marks ${sort} ${JSON.stringify(filter)}`, () => repo.pageMarks(db, filter, sort), (marks) => marks.length * MARK_BYTES);

  /**
   * How many products a list holds, kept until the catalogue changes (a stock change does not change it),
   * even with no answer cache: a list's later pages and the product list's pages ask it once.
   */
  const countOf = (filter: repo.ProductFilter) => derived(`product-count ${JSON.stringify(filter)}`, () => repo.countProducts(db, filter));

  async function page(filter: repo.ProductFilter, pageNumber: number | undefined, sort: ProductSort = 'newest'): Promise<ProductPage> {
    const index = await listIndexFor(filter);
    if (index) return index.find(filter, sort, windowOf(pageNumber));
    const { items, total } = await listWithTotal(
      windowOf(pageNumber),
      () => countOf(filter),
      async ({ limit, offset }) => {
        const marks = offset >= repo.PAGE_MARK_EVERY ? await marksOf(filter, sort) : undefined;
        return repo.listProductIds(db, filter, limit, offset, sort, marks);
      },
    );
    return { ids: items, total };
  }

  function values(
    fields: ProductFields,
    slug: string,
    kept: { shipping: boolean; lowStockThreshold: number; draft: boolean },
  ): repo.ProductValues {
    return {
      name: fields.name,
      slug,
      description: fields.description,
      priceCents: toCents(fields.price),
      quantity: fields.quantity,
      shipping: fields.shipping ?? kept.shipping,
      categoryId: fields.category,
      lowStockThreshold: fields.lowStockThreshold ?? kept.lowStockThreshold,
      draft: fields.draft ?? kept.draft,
      ...(fields.taxClass === undefined ? {} : { taxClass: fields.taxClass }),
    };
  }

  async function assertCategory(id: number) {
    if (!(await categoryExists(db, id))) throw badRequest('category: no such category');
  }

  /** A shopper's product by its slug (current or old; never a draft). A slug that cannot exist names nothing: 404 without asking the database. */
  async function bySlug(slug: string) {
    const row = SLUG_PATTERN.test(slug) ? await repo.findProductBySlug(db, slug) : undefined;
    if (!row) throw notFound('Product not found');
    return row;
  }

  async function byId(id: number) {
    const row = await repo.findProductById(db, id);
    if (!row) throw notFound('Product not found');
    return row;
  }

  const categoryNames = () => derived('category-names', () => repo.categoryNames(db), (names) => names.length * 64);

  /**
   * The products of these ids, in order, as their JSON, kept per product until the catalogue changes or its
   * stock moves (AnswerCache.derivedMany); only those not kept are read.
   */
  async function fragments(ids: readonly number[]): Promise<Buffer[]> {
    // Kept by the product's id (a number key: a list looks up as many as it shows).
    const found = await derived.many(
      ids,
      async (missing) => {
        const rows = await repo.productsByIds(db, missing);
        // Kept as the bytes sent: an answer is then copied together, never encoded again.
        return new Map(rows.map((row) => [row.id, Buffer.from(writeProductJson(row))]));
      },
      (fragment) => fragment.length + 80,
      // A product's JSON holds its stock: dropped when its stock moves (an order), nothing else is.
      (id) => id,
    );
    // A product deleted between the ids and their rows (another process's change not yet heard) is left out.
    return found.filter((fragment): fragment is NonNullable<typeof fragment> => fragment !== undefined);
  }

  /**
   * Every listed product's JSON kept (`fragments`), read in the background once the list index is built for
   * a catalogue of `options.fillFragmentsFrom` products or more: the first page of any list, and any product
   * page, then reads no row. The oldest first, so that the newest are the last a full store would let go;
   * the newest FILL_MAX_PRODUCTS at most; it stops when the catalogue changes.
   */
  async function fillFragments(index: ListIndex, stale: () => boolean): Promise<void> {
    const ids = index.newestIds(FILL_MAX_PRODUCTS);
    for (let end = ids.length; end > 0 && !stale(); end -= FILL_BATCH) {
      await fragments(ids.slice(Math.max(0, end - FILL_BATCH), end));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** The search index, read in batches; a build stops as soon as the catalogue changes under it. */
  const buildSearchIndex = spacedBuild((stale) => SearchIndex.build((after) => repo.searchIndexRows(db, after, SEARCH_INDEX_BATCH), stale));
  /** The list index, the same way. */
  const buildListIndex = spacedBuild(async (stale) => {
    const index = await ListIndex.build((after) => repo.listIndexRows(db, after, LIST_INDEX_BATCH), LIST_INDEX_BATCH, stale);
    if (index.size >= (options.fillFragmentsFrom ?? INDEX_WAIT_BELOW)) void fillFragments(index, stale).catch(() => undefined);
    return index;
  });

  /**
   * An index of the catalogue (AnswerCache.index) once built for the catalogue as it is: the first request
   * after a change starts its build and is answered by the queries, as are those asked while it builds (none:
   * undefined). A small catalogue's index is built at once (milliseconds) and waited for, so that its
   * answers always come the same way.
   */
  async function builtIndex<T>(key: string, build: (stale: () => boolean) => Promise<T>): Promise<T | undefined> {
    const kept = derived.index(key, build);
    if (!kept) return undefined;
    if (kept.value !== undefined) return kept.value;
    return (await countOf({})) < INDEX_WAIT_BELOW ? kept.building.catch(() => undefined) : undefined;
  }

  /** The list index, when it answers a list: not one filtered by option values (the queries find those). */
  const listIndexFor = (filter: repo.ProductFilter) =>
    options.listIndex !== false && Object.keys(filter.options ?? {}).length === 0 ? builtIndex(LIST_INDEX_KEY, buildListIndex) : undefined;

  /**
   * The search answered from the catalogue's search index (search-index.ts) once it is built for the
   * catalogue as it is (the first search after a change starts its build and is answered by the queries
   * below, as are those asked while it builds); undefined when it is not built, or for a word PostgreSQL
   * splits in two (then the queries answer).
   */
  async function searchKept(words: string[], pageNumber: number | undefined): Promise<ProductPage | undefined> {
    if (options.searchIndex === false) return undefined;
    const index = await builtIndex(SEARCH_INDEX_KEY, buildSearchIndex);
    if (!index) return undefined;
    const stems = await stemsOf(db, words);
    if (words.some((word) => (stems.get(word)?.length ?? 0) > 1)) return undefined;
    const names = await categoryNames();
    const holding = (word: string) => names.filter((category) => category.name.toLowerCase().includes(word)).map((category) => category.id);
    return index.search(words, stems, holding, windowOf(pageNumber), repo.SUBSTRING_MIN_LENGTH);
  }

  /**
   * The catalogue's words a misspelt `word` may have come from, with how common each is: from the search
   * index when it is built (every word one typo away, and the category names' words), else queried.
   */
  async function typoCandidates(word: string): Promise<Iterable<readonly [string, number]>> {
    const index = options.searchIndex === false ? undefined : await builtIndex(SEARCH_INDEX_KEY, buildSearchIndex);
    const near = index?.wordsOneTypoFrom(word);
    if (!near) return repo.wordsLike(db, word, TYPO_CANDIDATES);
    return [...near, ...wordCounts((await categoryNames()).map((category) => category.name))];
  }

  /**
   * Matches best first, newest first within each rank. How many matches each rank has, with each rank's
   * first SEARCH_KEPT_IDS ids in order for the unpaged answer, is found once (one pass) and kept until the
   * catalogue changes, even with no answer cache (AnswerCache.derived): asked again, the unpaged answer reads
   * no match; a page reads only its own window of its rank.
   */
  async function searchWords(words: string[], pageNumber: number | undefined): Promise<ProductPage> {
    const kept = words.length > 0 ? await searchKept(words, pageNumber) : undefined;
    if (kept) return kept;
    const condition = repo.searchCondition(words, words.length > 0 ? await categoryNames() : []);
    if (!condition) return { ids: [], total: 0 };
    const catalogue = await countOf({});
    // A rank's kept ids serve only windows that do not walk (below): up to SEARCH_KEPT_IDS deep, a rank of
    // at most this many matches. Kept for the unpaged answer only, the specification's client's way: a
    // page's count stays the plain one, and its window is read as before.
    const keepUpTo = pageNumber === undefined ? Math.floor(Math.sqrt(2 * repo.SEARCH_KEPT_IDS * catalogue)) : 0;
    const ranks = await derived(
      `search-ranks${keepUpTo > 0 ? '+ids' : ''} ${words.join(' ')}`,
      () => repo.countSearchByRank(db, words, condition, keepUpTo),
      (kept) => kept.reduce((bytes, rank) => bytes + 64 + rank.ids.length * 9, 0),
    );
    const total = ranks.reduce((sum, rank) => sum + rank.matches, 0);
    const { limit, offset } = windowOf(pageNumber);
    const ids: number[] = [];
    let skip = offset;
    for (const { rank, matches, ids: kept } of ranks) {
      if (ids.length >= limit) break;
      if (skip >= matches) {
        skip -= matches;
        continue;
      }
      const wanted = limit - ids.length;
      // Walking the newest-first index reads about (skip + wanted) × catalogue / matches rows; finding
      // every match reads `matches`: walk when that is clearly fewer. Otherwise, within the rank's kept
      // ids (kept for the unpaged answer), nothing is read.
      const walk = (skip + wanted) * catalogue < (matches * matches) / 2;
      if (!walk && skip + Math.min(wanted, matches - skip) <= kept.length) {
        ids.push(...kept.slice(skip, skip + wanted));
      } else {
        ids.push(...(await repo.searchRankIds(db, words, condition, { rank, limit: wanted, offset: skip, walk })));
      }
      skip = 0;
    }
    return { ids, total };
  }

  return {
    /** A page of the newest products. */
    page: (pageNumber: number) => page({}, pageNumber),
    count: async () => (await listIndexFor({}))?.size ?? repo.countProducts(db, {}),

    /**
     * A page of the products of some categories, a price band and option values, in an order; with `facets`,
     * also how many products of those categories and band offer each option value (Size: S (12), M (30)…).
     */
    async filter(
      categoryIds: number[],
      band: number[],
      pageNumber: number | undefined,
      {
        sort,
        options,
        facets = false,
      }: { sort?: ProductSort | undefined; options?: Record<string, string[]> | undefined; facets?: boolean | undefined } = {},
    ): Promise<ProductPage & { facets?: Facet[] }> {
      const range = band.length === 2 ? bandToCentsRange([band[0] ?? 0, band[1] ?? 0]) : undefined;
      const filter: repo.ProductFilter = {
        // A category named twice is one (the merged page would list its products twice).
        categoryIds: [...new Set(categoryIds)],
        minCents: range?.minCents,
        maxCentsExclusive: range?.maxCentsExclusive ?? null,
        ...(options ? { options } : {}),
      };
      if (!facets) return page(filter, pageNumber, sort);
      const [found, counts] = await Promise.all([page(filter, pageNumber, sort), repo.countFacets(db, filter)]);
      return { ...found, facets: groupFacets(counts) };
    },

    /**
     * The search, and when nothing matches, the same search with each misspelt word (5 letters or more, one
     * typo) corrected to a word of the catalogue: `correctedTo` then says what was searched for instead.
     */
    async search(keyword: string, pageNumber: number | undefined): Promise<ProductPage & { correctedTo?: string }> {
      const words = repo.searchWords(keyword);
      const exact = await searchWords(words, pageNumber);
      if (exact.total > 0) return exact;
      // Kept until the catalogue changes, even with no answer cache: a repeated miss asks nothing again.
      const corrected = await derived(`search-correction ${words.join(' ')}`, async () => {
        const fixed = await Promise.all(
          words.map(async (word) => (Array.from(word).length >= TYPO_MIN_LENGTH ? (correctWord(word, await typoCandidates(word)) ?? word) : word)),
        );
        return fixed.some((word, index) => word !== words[index]) ? fixed : null;
      }, (fixed) => 64 + (fixed?.join(' ').length ?? 0) * 2);
      if (!corrected) return exact;
      const result = await searchWords(corrected, pageNumber);
      return result.total > 0 ? { ...result, correctedTo: corrected.join(' ') } : exact;
    },

    /**
     * The id of the listed product a shopper's slug names (its current slug, or one it had): from the list
     * index when built (a current slug), else (an old slug, a draft, none; or no index) looked up.
     */
    async idBySlug(slug: string): Promise<number> {
      const known = SLUG_PATTERN.test(slug) ? (await listIndexFor({}))?.idOfSlug(slug) : undefined;
      return known ?? (await bySlug(slug)).id;
    },

    bySlug,

    byId,

    /** The owner's lookup of a slug (current or old), drafts included. */
    async idBySlugForAdmin(slug: string): Promise<number> {
      const row = SLUG_PATTERN.test(slug) ? await repo.findProductBySlug(db, slug, { drafts: true }) : undefined;
      if (!row) throw notFound('Product not found');
      return row.id;
    },

    /**
     * The products of these ids, in order, each as its JSON (product-json.ts), kept per product until the
     * catalogue changes or its stock moves: a long list's answer is a concatenation, and only the products
     * not kept are read.
     */
    fragments,

    /** The newest products of a category but this one, as ids (their answer is written from their kept JSON). */
    async related(productId: number, categoryId: number): Promise<number[]> {
      const index = await listIndexFor({});
      if (!index) return (await repo.listRelatedIds(db, productId, categoryId, RELATED_PRODUCTS_LIMIT)).map((row) => row.id);
      const { ids } = index.find({ categoryIds: [categoryId] }, 'newest', { offset: 0, limit: RELATED_PRODUCTS_LIMIT + 1 });
      return ids.filter((id) => id !== productId).slice(0, RELATED_PRODUCTS_LIMIT);
    },

    /** A category's page, or its products up to UNPAGED_PRODUCTS_MAX. */
    inCategory: (categoryId: number, pageNumber: number | undefined) => page({ categoryIds: [categoryId] }, pageNumber),

    async create(fields: ProductFields, photo: CheckedPhoto | null, actor: Actor) {
      await assertCategory(fields.category);
      const slug = await uniqueSlug(fields.name, (candidate) => repo.productSlugTaken(db, candidate));
      const created = values(fields, slug, { shipping: false, lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD, draft: false });
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertProduct(tx, created, photo);
        await recordChange(tx, actor, {
          action: 'product.create',
          entity: 'product',
          entityId: newId,
          after: { ...toAuditProduct(created), photo: photo?.etag ?? null },
        });
        return newId;
      });
      return byId(id);
    },

    /**
     * `shipping` (or the low-stock threshold) left out keeps the stored value; a new photo replaces the old
     * one, none keeps it. The fields that changed are recorded, before and after, in the same transaction.
     */
    async update(id: number, fields: ProductFields, photo: CheckedPhoto | null, actor: Actor) {
      const current = await byId(id);
      if (fields.category !== current.category.id) await assertCategory(fields.category);
      const slug =
        slugify(fields.name) === slugify(current.name)
          ? current.slug
          : await uniqueSlug(fields.name, (candidate) => repo.productSlugTaken(db, candidate, id));
      const threshold = (await repo.findLowStockThreshold(db, id)) ?? DEFAULT_LOW_STOCK_THRESHOLD;
      const updated = values(fields, slug, { shipping: current.shipping, lowStockThreshold: threshold, draft: current.draft });
      // Stock changed here reaches the variants (taken from the first in stock, given to the first); a price
      // is each variant's own once they differ.
      if (updated.priceCents !== current.priceCents && (await variants.countVariants(db, id)) > 1) {
        throw badRequest("price: this product has variants; change each variant's price in its variant grid");
      }
      const before = {
        ...toAuditProduct({ ...rowValues(current, threshold), ...(fields.taxClass === undefined ? {} : { taxClass: await repo.findTaxClass(db, id) }) }),
        ...(photo ? { photo: (await repo.findPhotoEtag(db, id)) ?? null } : {}),
      };
      await db.transaction(async (tx) => {
        await repo.updateProduct(tx, id, current.slug, updated, photo);
        const change = changedFields(before, { ...toAuditProduct(updated), ...(photo ? { photo: photo.etag } : {}) });
        if (change) await recordChange(tx, actor, { action: 'product.update', entity: 'product', entityId: id, ...change });
      });
      return byId(id);
    },

    async remove(id: number, actor: Actor) {
      const current = await byId(id);
      const threshold = (await repo.findLowStockThreshold(db, id)) ?? DEFAULT_LOW_STOCK_THRESHOLD;
      await db.transaction(async (tx) => {
        if (!(await repo.deleteProduct(tx, id))) throw notFound('Product not found');
        await recordChange(tx, actor, {
          action: 'product.delete',
          entity: 'product',
          entityId: id,
          before: toAuditProduct(rowValues(current, threshold)),
        });
      });
    },

    /** A product and its low-stock threshold, for the administrator's form. */
    async forAdmin(id: number) {
      const [row, lowStockThreshold, taxClass] = await Promise.all([byId(id), repo.findLowStockThreshold(db, id), repo.findTaxClass(db, id)]);
      return { row, lowStockThreshold: lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD, taxClass: (taxClass ?? 'standard') as TaxClass };
    },

    sitemapEntries: (limit: number) => repo.listProductSlugs(db, limit),
    /**
     * The ETag of the product's photo (or of its smaller copy), kept until the catalogue changes (a photo's
     * change is one): a revalidation (304) asks no query. A photo or copy not found is looked up again.
     */
    etagOfPhoto: (productId: number, width?: PhotoWidth) =>
      width === undefined
        ? derived(`photo-etag ${productId}`, () => repo.findPhotoEtag(db, productId), (etag) => etag?.length ?? 0)
        : derived(`photo-etag ${productId} ${width}`, () => repo.findPhotoVariantEtag(db, productId, width), (etag) => etag?.length ?? 0),
    photo: (productId: number) => repo.findPhoto(db, productId),

    /** A smaller WebP copy of the photo; made (once) from the photo if it was stored before copies existed. */
    async photoVariant(productId: number, width: PhotoWidth) {
      const stored = await repo.findPhotoVariant(db, productId, width);
      if (stored) return { ...stored, contentType: 'image/webp' };
      const photo = await repo.findPhoto(db, productId);
      if (!photo) return undefined;
      const made = await photoVariant(photo.data, width);
      await repo.savePhotoVariant(db, { productId, photoId: photo.id }, made);
      return { ...made, contentType: 'image/webp' };
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
