import { UNPAGED_PRODUCTS_MAX } from '../../../contract/product.ts';
import { standardBandIndex } from '../../../domain/price-bands.ts';
import type { ProductSort } from '../../../domain/product-sort.ts';
import { wordCounts } from '../../../domain/typo.ts';
import { and, asc, desc, eq, gt, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { arrayParam, inlined, inlinedLimit, preparedOnce } from '../../lib/prepared.ts';
import type { SearchIndexRow } from './search-index.ts';
import type { ListIndexRow } from './list-index.ts';
import { catalogueBandCounts, catalogueCounters, catalogueFacetCounts, categories, productFacetValues, productPhotos, productPhotoVariants, productSlugHistory, products, searchVocabulary } from '../../db/schema.ts';

/** Every product column a screen needs, with its category, and never the photo bytes or search vector. */
export const productSelection = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  priceCents: products.priceCents,
  priceMaxCents: products.priceMaxCents,
  quantity: products.quantity,
  shipping: products.shipping,
  hasPhoto: products.hasPhoto,
  draft: products.draft,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  category: { id: categories.id, name: categories.name, slug: categories.slug },
};

export type ProductRow = SelectResultFields<typeof productSelection>;

const newestFirst = [desc(products.createdAt), desc(products.id)];
/** A list's order; price orders read the price index, the newest the time index (ties: newest id first). */
const ORDERS: Record<ProductSort, SQL[]> = {
  newest: newestFirst,
  'price-asc': [asc(products.priceCents), desc(products.id)],
  'price-desc': [desc(products.priceCents), desc(products.id)],
};

/**
 * Shown to shoppers: not a draft. Written as the partial indexes' predicate (`not draft`), so that every
 * shop query with it can read them (products_listed_created_idx, products_category_created_idx, products_price_idx).
 */
export const listed = sql`not ${products.draft}`;

function selectProducts(db: Db | Tx) {
  return db.select(productSelection).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
}

export interface ProductFilter {
  categoryIds?: number[];
  minCents?: number;
  maxCentsExclusive?: number | null;
  /** Products offering one of the values of each option named. */
  options?: Record<string, string[]>;
}

/** A value of a query being built: a parameter (a query built for one request), or a named placeholder (a query prepared once). */
type BindValue = (name: string, value: number | string) => SQL;
const asParameter: BindValue = (_name, value) => sql`${value}`;
const asPlaceholder: BindValue = (name) => sql`${sql.placeholder(name)}`;

/** A shop list's condition: always without the drafts. */
function filterWhere(filter: ProductFilter, bind: BindValue = asParameter): SQL {
  const conditions: SQL[] = [listed];
  if (filter.categoryIds && filter.categoryIds.length > 0)
    conditions.push(sql`${products.categoryId} in (${sql.join(filter.categoryIds.map((id, index) => bind(`c${index}`, id)), sql`, `)})`);
  if (filter.minCents !== undefined && filter.minCents > 0) conditions.push(gte(products.priceCents, bind('min', filter.minCents)));
  if (filter.maxCentsExclusive !== undefined && filter.maxCentsExclusive !== null) {
    conditions.push(lt(products.priceCents, bind('max', filter.maxCentsExclusive)));
  }
  for (const [option, values] of Object.entries(filter.options ?? {})) {
    conditions.push(
      inArray(
        products.id,
        sql`(select ${productFacetValues.productId} from ${productFacetValues}
             where ${productFacetValues.option} = ${option} and ${inArray(productFacetValues.value, values)}
               and not ${productFacetValues.draft})`,
      ),
    );
  }
  return and(...conditions) ?? listed;
}

/** A deep page's window starts from the nearest mark before it: a mark every this many positions of a list. */
export const PAGE_MARK_EVERY = 60;

/** The sort key at a position of a list: the creation time (as PostgreSQL writes it, to the microsecond) or the price, and the id. */
export interface PageMark {
  key: string;
  id: number;
}

/** The key a list's marks hold, as text (a time round-trips exactly; JavaScript's Date would drop microseconds). */
const MARK_KEYS: Record<ProductSort, SQL> = {
  newest: sql`${products.createdAt}::text`,
  'price-asc': sql`${products.priceCents}::text`,
  'price-desc': sql`${products.priceCents}::text`,
};

/**
 * The marks of a list (its filter, in its order): the sort key at positions 0, PAGE_MARK_EVERY, 2 ×
 * PAGE_MARK_EVERY… One pass over the list's index; kept until the catalogue changes (the service).
 */
export async function pageMarks(db: Db, filter: ProductFilter, sort: ProductSort): Promise<PageMark[]> {
  const numbered = db
    .select({
      key: sql<string>`${MARK_KEYS[sort]}`.as('key'),
      id: products.id,
      position: sql<number>`row_number() over (order by ${sql.join(ORDERS[sort], sql`, `)}) - 1`.as('position'),
    })
    .from(products)
    .where(filterWhere(filter))
    .as('numbered');
  const rows = await db
    .select({ key: numbered.key, id: numbered.id })
    .from(numbered)
    .where(sql`${numbered.position} % ${PAGE_MARK_EVERY} = 0`)
    .orderBy(numbered.position);
  return rows.map((row) => ({ key: String(row.key), id: Number(row.id) }));
}

/** The rows of a list from mark `from` (included) up to mark `to` (excluded; none: to the end), in the list's order. */
function between(sort: ProductSort, from: PageMark, to: PageMark | undefined, bind: BindValue = asParameter): SQL {
  // A mark's key: a time (as text, to the microsecond) or a price.
  const markKey = (name: string, mark: PageMark) => bind(name, sort === 'newest' ? mark.key : Number(mark.key));
  const fromKey = markKey('fromKey', from);
  const fromId = bind('fromId', from.id);
  if (sort === 'price-asc') {
    // Price ascending, ties by the newest id: not one direction, so written out.
    const start = sql`${products.priceCents} >= ${fromKey}::int and (${products.priceCents} > ${fromKey}::int or ${products.id} <= ${fromId}::int)`;
    if (!to) return start;
    const toKey = markKey('toKey', to);
    const toId = bind('toId', to.id);
    return sql`${start} and ${products.priceCents} <= ${toKey}::int and (${products.priceCents} < ${toKey}::int or ${products.id} > ${toId}::int)`;
  }
  const columns = sort === 'newest' ? sql`(${products.createdAt}, ${products.id})` : sql`(${products.priceCents}, ${products.id})`;
  const key = (mark: SQL, id: SQL) => (sort === 'newest' ? sql`(${mark}::timestamptz, ${id}::int)` : sql`(${mark}::int, ${id}::int)`);
  const start = sql`${columns} <= ${key(fromKey, fromId)}`;
  return to ? sql`${start} and ${columns} > ${key(markKey('toKey', to), bind('toId', to.id))}` : start;
}

/**
 * The ids of one page, newest first (or by price), in order, from an index alone (a deep page skips index
 * entries, not rows); its products are then written from their kept JSON (the service's `fragments`). With
 * the list's marks, a page past the first mark reads only the range between the mark before it and the mark
 * after it (at most PAGE_MARK_EVERY entries of the list, skipped from the nearer mark), so page 8,000 costs
 * what page 6 does; the order and ties are the list's own, so the answer is the same.
 */
export async function listProductIds(
  db: Db,
  filter: ProductFilter,
  limit: number,
  offset: number,
  sort: ProductSort = 'newest',
  marks?: readonly PageMark[],
): Promise<number[]> {
  const rows = await runPage(db, 'product_page', filter, limit, offset, sort, marks, (window, bind) => pageIds(db, filter, limit, sort, window, bind));
  return rows.map((row) => row.id);
}

/**
 * A page query, prepared once per shape (pageShape) and executed with its values, or built for the request
 * when its shape is not one to keep.
 */
async function runPage<T>(
  db: Db,
  prefix: string,
  filter: ProductFilter,
  limit: number,
  offset: number,
  sort: ProductSort,
  marks: readonly PageMark[] | undefined,
  build: (window: PageWindow, bind: BindValue) => PromiseLike<T> & { prepare(name: string): { execute(values: Record<string, unknown>): Promise<T> } },
): Promise<T> {
  const window = pageWindow(limit, offset, marks);
  const shape = pageShape(filter, limit, sort, window);
  if (!shape) return build(window, asParameter);
  const name = `${prefix}_${shape}`;
  return preparedOnce(db, name, () => build(window, asPlaceholder).prepare(statementName(filter, sort, window, name))).execute(pageValues(filter, sort, window));
}

/** Where a page starts: the mark before it (if any, and how far past it), and the mark after its end. */
interface PageWindow {
  within: number;
  from?: PageMark | undefined;
  to?: PageMark | undefined;
}

function pageWindow(limit: number, offset: number, marks?: readonly PageMark[]): PageWindow {
  const markIndex = Math.floor(offset / PAGE_MARK_EVERY);
  const from = marks && markIndex > 0 ? marks[markIndex] : undefined;
  if (!from) return { within: offset };
  const within = offset - markIndex * PAGE_MARK_EVERY;
  return { within, from, to: marks?.[markIndex + Math.ceil((within + limit) / PAGE_MARK_EVERY)] };
}

/**
 * What names a page query's SQL text (its values aside), for a query prepared once per shape; none (built
 * for the request) for a filter by option values or by many categories, whose shapes are too many to keep.
 */
function pageShape(filter: ProductFilter, limit: number, sort: ProductSort, window: PageWindow): string | null {
  const categories = filter.categoryIds?.length ?? 0;
  if (Object.keys(filter.options ?? {}).length > 0 || categories > 8) return null;
  const min = filter.minCents !== undefined && filter.minCents > 0;
  const max = filter.maxCentsExclusive !== undefined && filter.maxCentsExclusive !== null;
  const offset = offsetInlined(window) ? `_o${Math.trunc(window.within)}` : '';
  return `${sort.replace('-', '_')}_${Math.trunc(limit)}_c${categories}${min ? '_min' : ''}${max ? '_max' : ''}${window.from ? '_from' : ''}${window.to ? '_to' : ''}${offset}`;
}

/**
 * A page's offset past its mark (or from the start, before the first mark) is one of a few (multiples of the
 * page size under PAGE_MARK_EVERY): written into the query's text, so that the statement has a plan made once
 * (PostgreSQL otherwise planned it again at each call: an unknown offset makes a generic plan look dear).
 */
const offsetInlined = (window: PageWindow) => window.within < PAGE_MARK_EVERY;

/**
 * The name of a page query's statement on the database: a list of prices, or of several categories not
 * merged (by price), gets none (an unnamed statement, planned at each call with its values: a plan made once
 * for every category set and band read the wrong index for some, +35 % of PostgreSQL's CPU over 1,000
 * filter sets); its SQL is still built once.
 */
function statementName(filter: ProductFilter, sort: ProductSort, window: PageWindow, name: string): string {
  // Each category's own index, merged: one plan for any of them.
  if (mergesCategories(filter, sort, window)) return name;
  // One category and no price (a category's page by price): one plan reads the category's own index for any of them.
  return (filter.categoryIds?.length ?? 0) > 1 || priced(filter) ? '' : name;
}

/** The values of a page query's placeholders (the names filterWhere and between give them). */
function pageValues(filter: ProductFilter, sort: ProductSort, window: PageWindow): Record<string, number | string> {
  const values: Record<string, number | string> = {};
  const collect: BindValue = (name, value) => {
    values[name] = value;
    return sql``;
  };
  filterWhere(filter, collect);
  if (window.from) between(sort, window.from, window.to, collect);
  if (!offsetInlined(window)) values.offset = window.within;
  return values;
}

/** A list filtered by a price (a band): its plan depends on how wide the band is. */
const priced = (filter: ProductFilter) =>
  (filter.minCents !== undefined && filter.minCents > 0) || (filter.maxCentsExclusive !== undefined && filter.maxCentsExclusive !== null);

/**
 * A newest-first page of some categories (no price, no option filter) reads each category's own index
 * (products_category_created_idx) for as many rows as the page needs from it, and merges them: it never walks
 * the whole catalogue's index past the other categories' products, and one plan serves every set of
 * categories. Its offset must be in its text. With a band, one plan does not fit every band (a plan made
 * without the band's values took it for narrow and read the price index: twice the database's CPU over the
 * varied filter sets): those stay planned with their values.
 */
const mergesCategories = (filter: ProductFilter, sort: ProductSort, window: PageWindow) =>
  sort === 'newest' &&
  (filter.categoryIds?.length ?? 0) > 0 &&
  !priced(filter) &&
  Object.keys(filter.options ?? {}).length === 0 &&
  offsetInlined(window);

function pageIds(db: Db, filter: ProductFilter, limit: number, sort: ProductSort, window: PageWindow, bind: BindValue) {
  const range = window.from ? between(sort, window.from, window.to, bind) : undefined;
  if (mergesCategories(filter, sort, window)) {
    const depth = inlined(window.within + Math.trunc(limit));
    const branches = (filter.categoryIds ?? []).map(
      (id, index) => sql`(select ${products.id} as id, ${products.createdAt} as created_at from ${products}
        where ${and(listed, eq(products.categoryId, bind(`c${index}`, id)), range)}
        order by ${products.createdAt} desc, ${products.id} desc limit ${depth})`,
    );
    const merged = sql`(${sql.join(branches, sql` union all `)}) as merged`;
    return db
      .select({ id: sql<number>`merged.id`.as('id') })
      .from(merged)
      .orderBy(sql`merged.created_at desc`, sql`merged.id desc`)
      .limit(inlinedLimit(limit))
      .offset(inlined(window.within) as unknown as number);
  }
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(filterWhere(filter, bind), range))
    .orderBy(...ORDERS[sort])
    .limit(inlinedLimit(limit))
    .offset((offsetInlined(window) ? inlined(window.within) : bind('offset', window.within)) as unknown as number);
}

/** Products by id (any order): what an answer built from kept fragments reads for those it has not kept. */
export async function productsByIds(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  // Its SQL built once per database and planned once per connection, whatever the number of ids.
  const byIds = preparedOnce(db, 'products_by_ids', () =>
    selectProducts(db)
      .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`, listed))
      .prepare('products_by_ids'),
  );
  return byIds.execute({ ids: [...ids] });
}

/**
 * The number of products a list holds, from counters that triggers keep (no scan): all of them, or those
 * of some categories in one of the shop's price bands (or in any). Another price range is counted.
 */
export async function countProducts(db: Db, filter: ProductFilter): Promise<number> {
  const where = filterWhere(filter);
  const unfiltered =
    (filter.categoryIds ?? []).length === 0 &&
    (filter.minCents ?? 0) <= 0 &&
    (filter.maxCentsExclusive ?? null) === null &&
    Object.keys(filter.options ?? {}).length === 0;
  if (unfiltered) {
    const query = preparedOnce(db, 'product_count', () =>
      db.select({ value: catalogueCounters.value }).from(catalogueCounters).where(eq(catalogueCounters.name, 'products')).prepare('product_count'),
    );
    const [row] = await query.execute();
    return row?.value ?? 0;
  }
  const band =
    filter.minCents === undefined ? null : standardBandIndex({ minCents: filter.minCents, maxCentsExclusive: filter.maxCentsExclusive ?? null });
  const anyPrice = filter.minCents === undefined && (filter.maxCentsExclusive ?? null) === null;
  const [firstOption, ...otherOptions] = Object.entries(filter.options ?? {});
  if (firstOption && (band !== null || anyPrice)) {
    // Products offering the chosen values, counted from the facet values alone (their index holds the
    // category and band): one option's matching entries, each checked against the other options.
    const categoryIds = filter.categoryIds ?? [];
    const others = otherOptions.map(
      ([option, values]) => sql`exists (select 1 from ${productFacetValues} as g where g.product_id = ${productFacetValues.productId}
        and g.option = ${option} and g.value in (${sql.join(values.map((value) => sql`${value}`), sql`, `)}))`,
    );
    const [row] = await db
      .select({ value: sql<number>`count(distinct ${productFacetValues.productId})::int` })
      .from(productFacetValues)
      .where(
        and(
          eq(productFacetValues.option, firstOption[0]),
          inArray(productFacetValues.value, firstOption[1]),
          sql`not ${productFacetValues.draft}`,
          categoryIds.length > 0 ? inArray(productFacetValues.categoryId, categoryIds) : undefined,
          band !== null ? eq(productFacetValues.band, band) : undefined,
          ...others,
        ),
      );
    return Number(row?.value ?? 0);
  }
  if (band !== null || anyPrice) {
    const conditions: SQL[] = [];
    if (filter.categoryIds && filter.categoryIds.length > 0) {
      conditions.push(inArray(catalogueBandCounts.categoryId, filter.categoryIds));
    }
    if (band !== null) conditions.push(eq(catalogueBandCounts.band, band));
    const [row] = await db
      .select({ value: sql<number>`coalesce(sum(${catalogueBandCounts.products}), 0)::int` })
      .from(catalogueBandCounts)
      .where(and(...conditions));
    return Number(row?.value ?? 0);
  }
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(products).where(where);
  return Number(row?.value ?? 0);
}

export interface FacetCount {
  option: string;
  value: string;
  count: number;
}

/**
 * How many products of some categories (or all) in a price band (or any) offer each option value: summed
 * from the counters triggers keep (catalogue_facet_counts), never from the products. Another price range
 * (not one of the shop's bands) is counted from the facet values and their products' prices.
 */
export async function countFacets(db: Db, filter: ProductFilter): Promise<FacetCount[]> {
  const band =
    filter.minCents === undefined ? null : standardBandIndex({ minCents: filter.minCents, maxCentsExclusive: filter.maxCentsExclusive ?? null });
  const anyPrice = filter.minCents === undefined && (filter.maxCentsExclusive ?? null) === null;
  const categoryIds = filter.categoryIds ?? [];
  if (band !== null || anyPrice) {
    const rows = await db
      .select({
        option: catalogueFacetCounts.option,
        value: catalogueFacetCounts.value,
        count: sql<number>`sum(${catalogueFacetCounts.products})::int`,
      })
      .from(catalogueFacetCounts)
      .where(
        and(
          categoryIds.length > 0 ? inArray(catalogueFacetCounts.categoryId, categoryIds) : undefined,
          band !== null ? eq(catalogueFacetCounts.band, band) : undefined,
        ),
      )
      .groupBy(catalogueFacetCounts.option, catalogueFacetCounts.value)
      .orderBy(asc(catalogueFacetCounts.option), asc(catalogueFacetCounts.value));
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }
  const rows = await db
    .select({ option: productFacetValues.option, value: productFacetValues.value, count: sql<number>`count(*)::int` })
    .from(productFacetValues)
    .innerJoin(products, eq(products.id, productFacetValues.productId))
    .where(filterWhere({ ...filter, options: {} }))
    .groupBy(productFacetValues.option, productFacetValues.value)
    .orderBy(asc(productFacetValues.option), asc(productFacetValues.value));
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The words of a search keyword, lower-cased: letters and digits only (operators are plain text). */
export function searchWords(keyword: string): string[] {
  return (
    keyword
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? []
  );
}

export interface CategoryName {
  id: number;
  name: string;
}

/** Every category's id and name (a shop has tens of them): search matches their names. */
export const categoryNames = (db: Db): Promise<CategoryName[]> => db.select({ id: categories.id, name: categories.name }).from(categories);

/** Words this long also match inside words ("phone" finds "Headphones"); a trigram index serves them. */
export const SUBSTRING_MIN_LENGTH = 3;

/** The text a substring is looked for in: the expression of the trigram index products_text_trgm_idx. */
const searchableText = sql`(${products.name} || ' ' || ${products.description})`;
const tsQuery = (words: string[], suffix: string) =>
  sql`to_tsquery('english', ${words.map((word) => `${word}${suffix}`).join(' & ')})`;
const likePattern = (word: string) => `%${word}%`;

/**
 * Every word must match the name, the description or the category's name: as a word prefix with English stemming ("wire"
 * finds "Wireless", "phones" finds "phone"), or, from three characters on, anywhere inside a word,
 * ignoring case ("phone" finds "Smartphone", "book" finds "Notebook"). Shorter words that are stop
 * words ("a", "of") are ignored when other words remain.
 */
export function searchCondition(words: string[], categoryNames: readonly CategoryName[] = []): SQL | null {
  if (words.length === 0) return null;
  const long = words.filter((word) => Array.from(word).length >= SUBSTRING_MIN_LENGTH);
  const short = words.filter((word) => Array.from(word).length < SUBSTRING_MIN_LENGTH);
  const conditions = long.map((word) => {
    // The categories are few: their ids are written into the query, so each part can use its own index.
    const inCategories = categoryNames.filter((category) => category.name.toLowerCase().includes(word)).map((category) => category.id);
    const inCategory = inCategories.length > 0 ? sql` or ${inArray(products.categoryId, inCategories)}` : sql``;
    return sql`(${products.search} @@ ${tsQuery([word], ':*')} or ${searchableText} ilike ${likePattern(word)}${inCategory})`;
  });
  if (short.length > 0) {
    const query = tsQuery(short, ':*');
    conditions.push(
      long.length > 0 ? sql`(numnode(${query}) = 0 or ${products.search} @@ ${query})` : sql`${products.search} @@ ${query}`,
    );
  }
  return conditions.length > 0 ? (and(listed, ...conditions) ?? null) : null;
}

/** How alike (trigram word similarity) a text's word must be to be looked at as a correction: one typo in a 5-letter word is about 0.4. */
const TYPO_SIMILARITY = 0.4;

/**
 * The catalogue's words a misspelt `word` may have come from: alike it (trigram word similarity, through the
 * vocabulary's index) and within a letter of its length, the most common first (with how many listed
 * products have each), then the words of the category names alike it (once per name).
 */
export async function wordsLike(db: Db, word: string, limit: number): Promise<Array<readonly [string, number]>> {
  const length = Array.from(word).length;
  return db.transaction(async (tx) => {
    // The `<%` operator's threshold, for this transaction only.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    const words = await tx
      .select({ word: searchVocabulary.word, products: searchVocabulary.products })
      .from(searchVocabulary)
      .where(and(sql`${word} <% ${searchVocabulary.word}`, sql`length(${searchVocabulary.word}) between ${length - 1} and ${length + 1}`))
      .orderBy(desc(searchVocabulary.products), asc(searchVocabulary.word))
      .limit(limit);
    const categoryRows = await tx.select({ text: categories.name }).from(categories).where(sql`${word} <% ${categories.name}`);
    return [...words.map((row) => [row.word, row.products] as const), ...wordCounts(categoryRows.map((row) => row.text))];
  });
}

/**
 * How good a match is (higher is better): every word a whole word of the name (4), every word inside the
 * name (2), every word a whole word anywhere (1); the rest (inside words of the description) is 0.
 */
function searchRank(words: string[]): SQL {
  const wholeInName = sql`(${products.search} @@ ${tsQuery(words, ':A')})::int`;
  const insideName = sql`(${and(...words.map((word) => sql`${products.name} ilike ${likePattern(word)}`))})::int`;
  const wholeAnywhere = sql`(${products.search} @@ ${tsQuery(words, '')})::int`;
  return sql`(4 * ${wholeInName} + 2 * ${insideName} + ${wholeAnywhere})`;
}

export interface SearchRank {
  rank: number;
  matches: number;
  /** The rank's first matches, newest first (ties: newest id first), at most SEARCH_KEPT_IDS of them. */
  ids: number[];
}

/** A rank's first matches kept with its count: pages within them (and an unpaged answer) query no more. */
export const SEARCH_KEPT_IDS = UNPAGED_PRODUCTS_MAX;

/**
 * How many matches each rank has, best first, and for a rank of at most `keepUpTo` matches (none: 0) its first
 * SEARCH_KEPT_IDS ids in the page order: one pass over the matches (the total is their sum). That pass
 * already reads every match's row, so the ids cost no second search; a larger rank (whose pages walk the
 * newest-first index) is not sorted at all (its ids are left empty).
 */
export async function countSearchByRank(db: Db, words: string[], condition: SQL, keepUpTo: number): Promise<SearchRank[]> {
  if (keepUpTo === 0) {
    // No ids: the plain count, without the CTE's cost (3 ms more for 4,000 matches).
    const rows = await db
      .select({ rank: sql<number>`${searchRank(words)}`, matches: sql<number>`count(*)::int` })
      .from(products)
      .where(condition)
      // By position: the rank's expression carries its own parameters, so it cannot be repeated here.
      .groupBy(sql`1`)
      .orderBy(sql`1 desc`);
    return rows.map((row) => ({ rank: Number(row.rank), matches: Number(row.matches), ids: [] }));
  }
  const result = await db.execute(sql`
    with matched as materialized (select ${searchRank(words)} as rank, ${products.id} as id, ${products.createdAt} as created_at
      from ${products} where ${condition}),
    counts as (select rank, count(*)::int as matches from matched group by rank)
    select rank, matches, case when matches <= ${keepUpTo}
      then (select (array_agg(m.id order by m.created_at desc, m.id desc))[1:${SEARCH_KEPT_IDS}] from matched as m where m.rank = counts.rank)
      end as ids
    from counts order by rank desc`);
  const rows = (result as unknown as { rows: Array<{ rank: number; matches: number; ids: number[] | null }> }).rows;
  return rows.map((row) => ({ rank: Number(row.rank), matches: Number(row.matches), ids: (row.ids ?? []).map(Number) }));
}

/**
 * The ids of a window of the matches of one rank, newest first. `walk`: go down the newest-first index and
 * keep the rows that match until the window is full (a common word's first page reads a few hundred
 * entries, not its thousands of matches; the planner, which cannot know how common a rank is, would rank
 * them all); otherwise the search indexes find every match of the rank and the newest are kept.
 */
export async function searchRankIds(db: Db, ...window: Parameters<typeof searchRankIdsQuery>): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.id} in (${searchRankIdsQuery(...window)})`)
    .orderBy(...newestFirst);
  return rows.map((row) => row.id);
}

function searchRankIdsQuery(words: string[], condition: SQL, window: { rank: number; limit: number; offset: number; walk: boolean }): SQL {
  const matching = and(condition, sql`${searchRank(words)} = ${window.rank}`);
  // OFFSET 0 keeps the inner scan as it is written (newest first) instead of letting the planner fold the
  // filter into it; the inner query is named "products" so that the conditions read its columns.
  return window.walk
    ? sql`select id from (select id, created_at, search, name, description, category_id, draft from ${products}
        where ${listed} order by created_at desc, id desc offset 0) as products
        where ${matching} limit ${window.limit} offset ${window.offset}`
    : sql`select id from ${products} where ${matching}
        order by created_at desc, id desc limit ${window.limit} offset ${window.offset}`;
}

/** A batch of the listed products as the search index reads them (search-index.ts), newest first, after `after`. */
/** The listed products (`p`) after the product `after` newest first (none: every one), for an index's reads in batches. */
const newestAfter = (after: { id: number } | undefined) =>
  after ? sql`and (p.created_at, p.id) < (select created_at, id from ${products} where id = ${after.id})` : sql``;

export async function searchIndexRows(db: Db, after: { id: number } | undefined, limit: number): Promise<SearchIndexRow[]> {
  const result = await db.execute(sql`
    select p.id, p.category_id as "categoryId", p.name, p.description,
      array_to_string(tsvector_to_array(ts_filter(p.search, '{a}')), ' ') as "nameLexemes",
      array_to_string(tsvector_to_array(ts_filter(p.search, '{b}')), ' ') as "descriptionLexemes"
    from ${products} as p where not p.draft ${newestAfter(after)}
    order by p.created_at desc, p.id desc limit ${limit}`);
  return rowsOf<SearchIndexRow>(result);
}

/** The listed products newest first, for the list index: `limit` after the product `after` (none: from the newest). */
export async function listIndexRows(db: Db, after: { id: number } | undefined, limit: number): Promise<ListIndexRow[]> {
  const result = await db.execute(sql`
    select p.id, p.category_id as "categoryId", p.price_cents as "priceCents", p.slug
    from ${products} as p where not p.draft ${newestAfter(after)}
    order by p.created_at desc, p.id desc limit ${limit}`);
  return rowsOf<ListIndexRow>(result);
}

/** Each word's stems as the search's tsqueries have them (PostgreSQL's English configuration): none for a stop word. */
export async function wordStems(db: Db, words: readonly string[]): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map();
  const result = await db.execute(sql`
    select w as word, coalesce(array_to_string(tsvector_to_array(to_tsvector('english', w)), ' '), '') as stems
    from unnest(${arrayParam(words)}::text[]) as w`);
  return new Map(rowsOf<{ word: string; stems: string }>(result).map((row) => [row.word, row.stems.split(' ').filter(Boolean)]));
}

export async function findProductById(db: Db | Tx, id: number): Promise<ProductRow | undefined> {
  const [row] = await selectProducts(db).where(eq(products.id, id));
  return row;
}

/** By its current slug, or by a slug it had before a rename; a shopper's read: never a draft (the owner's: `drafts`). */
export async function findProductBySlug(db: Db, slug: string, { drafts = false }: { drafts?: boolean } = {}): Promise<ProductRow | undefined> {
  // A product page's read: its SQL built once per database, planned once per connection.
  const bySlug = preparedOnce(db, 'product_by_slug', () =>
    selectProducts(db).where(eq(products.slug, sql.placeholder('slug'))).prepare('product_by_slug'),
  );
  const [current] = await bySlug.execute({ slug });
  if (current) return current.draft && !drafts ? undefined : current;
  const byOldSlug = preparedOnce(db, 'product_by_old_slug', () =>
    db
      .select({ id: productSlugHistory.productId })
      .from(productSlugHistory)
      .where(eq(productSlugHistory.slug, sql.placeholder('slug')))
      .prepare('product_by_old_slug'),
  );
  const [old] = await byOldSlug.execute({ slug });
  const renamed = old ? await findProductById(db, old.id) : undefined;
  return renamed?.draft && !drafts ? undefined : renamed;
}

/** The newest listed products of a category but one, as ids. */
export async function listRelatedIds(db: Db, productId: number, categoryId: number, limit: number): Promise<{ id: number }[]> {
  const name = `product_related_ids_${Math.trunc(limit)}`;
  const query = preparedOnce(db, name, () =>
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.categoryId, sql.placeholder('categoryId')), ne(products.id, sql.placeholder('productId')), listed))
      .orderBy(...newestFirst)
      .limit(inlinedLimit(limit))
      .prepare(name),
  );
  return query.execute({ categoryId, productId });
}

/** Slugs are looked up, written and read in batches of this many (an import of a whole catalogue). */
const BATCH = 1000;

/**
 * Of `slugs`, those a product other than `exceptId` has or had (an old slug keeps resolving to its product,
 * so it is never handed to another): the one rule for a free product slug, for the form and the import.
 */
export async function takenSlugs(db: Db | Tx, slugs: string[], exceptId?: number): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < slugs.length; start += BATCH) {
    const chunk = slugs.slice(start, start + BATCH);
    const [current, old] = await Promise.all([
      db.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, chunk)),
      db
        .select({ id: productSlugHistory.productId, slug: productSlugHistory.slug })
        .from(productSlugHistory)
        .where(inArray(productSlugHistory.slug, chunk)),
    ]);
    for (const row of [...current, ...old]) if (row.id !== exceptId) taken.add(row.slug);
  }
  return taken;
}

/** Whether a slug is taken by another product, now or in its history. */
export async function productSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  return (await takenSlugs(db, [slug], exceptId)).has(slug);
}

export interface ProductValues {
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  quantity: number;
  shipping: boolean;
  categoryId: number;
  lowStockThreshold: number;
  draft: boolean;
  /** standard, reduced or zero (left out: kept; a new product's is standard). */
  taxClass?: string;
}

/** The product's tax class (the owner's form; its zone's rate for it taxes it at checkout). */
export async function findTaxClass(db: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ value: products.taxClass }).from(products).where(eq(products.id, id));
  return row?.value;
}

export async function findLowStockThreshold(db: Db | Tx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ value: products.lowStockThreshold })
    .from(products)
    .where(eq(products.id, id));
  return row?.value;
}

export interface PhotoValues {
  contentType: string;
  data: Uint8Array;
  etag: string;
}

export interface VariantValues {
  width: number;
  data: Uint8Array;
  etag: string;
}

/** The product's first photo (its `photo`): the lowest position, then the oldest. */
const firstPhotoOf = (productId: number) =>
  sql`(select ${productPhotos.id} from ${productPhotos} where ${productPhotos.productId} = ${productId}
       order by ${productPhotos.position}, ${productPhotos.id} limit 1)`;

/** The photo and its smaller copies: a new photo replaces the product's first photo and all its copies. */
async function savePhoto(tx: Tx, productId: number, photo: PhotoValues & { variants: VariantValues[] }): Promise<void> {
  const { variants, ...values } = photo;
  const [first] = await tx
    .select({ id: productPhotos.id })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id))
    .limit(1);
  let photoId = first?.id;
  if (photoId === undefined) {
    const [row] = await tx.insert(productPhotos).values({ productId, ...values }).returning({ id: productPhotos.id });
    photoId = row?.id;
  } else {
    await tx.update(productPhotos).set({ ...values, updatedAt: new Date() }).where(eq(productPhotos.id, photoId));
    await tx.delete(productPhotoVariants).where(eq(productPhotoVariants.photoId, photoId));
  }
  if (photoId === undefined) throw new Error('photo insert returned nothing');
  if (variants.length > 0) {
    const id = photoId;
    await tx.insert(productPhotoVariants).values(variants.map((variant) => ({ productId, photoId: id, ...variant })));
  }
}

export async function findPhotoVariant(db: Db, productId: number, width: number): Promise<VariantValues | undefined> {
  const [row] = await db
    .select({ width: productPhotoVariants.width, data: productPhotoVariants.data, etag: productPhotoVariants.etag })
    .from(productPhotoVariants)
    .where(and(sql`${productPhotoVariants.photoId} = ${firstPhotoOf(productId)}`, eq(productPhotoVariants.width, width)));
  return row;
}

/** The ETag of a smaller copy of the product's first photo, if made. */
export async function findPhotoVariantEtag(db: Db, productId: number, width: number): Promise<string | undefined> {
  const [row] = await db
    .select({ etag: productPhotoVariants.etag })
    .from(productPhotoVariants)
    .where(and(sql`${productPhotoVariants.photoId} = ${firstPhotoOf(productId)}`, eq(productPhotoVariants.width, width)));
  return row?.etag;
}

/** Keep a copy made after the fact (a photo stored before copies existed); a concurrent maker may win. */
export async function savePhotoVariant(db: Db, photo: { productId: number; photoId: number }, variant: VariantValues): Promise<void> {
  await db
    .insert(productPhotoVariants)
    .values({ ...photo, ...variant })
    .onConflictDoNothing();
}

export async function insertProduct(
  db: Db | Tx,
  values: ProductValues,
  photo: (PhotoValues & { variants: VariantValues[] }) | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...values, hasPhoto: photo !== null })
      .returning({ id: products.id });
    if (!row) throw new Error('product insert returned nothing');
    if (photo) await savePhoto(tx, row.id, photo);
    return row.id;
  });
}

export async function updateProduct(
  db: Db | Tx,
  id: number,
  oldSlug: string,
  values: ProductValues,
  photo: (PhotoValues & { variants: VariantValues[] }) | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (values.slug !== oldSlug) {
      await tx.delete(productSlugHistory).where(eq(productSlugHistory.slug, values.slug));
      await tx.insert(productSlugHistory).values({ slug: oldSlug, productId: id }).onConflictDoNothing();
    }
    await tx
      .update(products)
      .set({ ...values, ...(photo ? { hasPhoto: true } : {}), updatedAt: new Date() })
      .where(eq(products.id, id));
    if (photo) await savePhoto(tx, id, photo);
  });
}

export async function deleteProduct(db: Db | Tx, id: number): Promise<boolean> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

export async function findPhotoEtag(db: Db, productId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ etag: productPhotos.etag })
    .from(productPhotos)
    .where(sql`${productPhotos.id} = ${firstPhotoOf(productId)}`);
  return row?.etag;
}

/** The product's first photo. */
export async function findPhoto(db: Db, productId: number): Promise<(PhotoValues & { id: number }) | undefined> {
  const [row] = await db
    .select({ id: productPhotos.id, contentType: productPhotos.contentType, data: productPhotos.data, etag: productPhotos.etag })
    .from(productPhotos)
    .where(sql`${productPhotos.id} = ${firstPhotoOf(productId)}`);
  return row;
}

/** Slugs and change dates of the newest products, for the sitemap. */
export async function listProductSlugs(db: Db, limit: number): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(listed)
    .orderBy(...newestFirst)
    .limit(limit);
}

/** A product's stored values as the catalogue CSV holds them (the category by id). */
const storedSelection = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  quantity: products.quantity,
  shipping: products.shipping,
  categoryId: products.categoryId,
  lowStockThreshold: products.lowStockThreshold,
  draft: products.draft,
  updatedAt: products.updatedAt,
};
export type StoredProduct = SelectResultFields<typeof storedSelection>;

/** Every product, oldest first, BATCH at a time (keyset on the id: each batch is one index range). */
export async function* allProducts(db: Db): AsyncGenerator<StoredProduct> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select(storedSelection)
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(BATCH);
    yield* batch;
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return;
    after = last.id;
  }
}

/** The products with these (current) slugs, BATCH slugs per query. */
export async function productsBySlug(db: Db | Tx, slugs: string[]): Promise<Map<string, StoredProduct>> {
  const found = new Map<string, StoredProduct>();
  for (let start = 0; start < slugs.length; start += BATCH) {
    const rows = await db
      .select(storedSelection)
      .from(products)
      .where(inArray(products.slug, slugs.slice(start, start + BATCH)));
    for (const row of rows) found.set(row.slug, row);
  }
  return found;
}

/** Many new products (an import), BATCH per statement, in the caller's transaction. */
export async function insertProducts(tx: Tx, rows: ProductValues[]): Promise<{ id: number; slug: string }[]> {
  const inserted: { id: number; slug: string }[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    inserted.push(
      ...(await tx
        .insert(products)
        .values(rows.slice(start, start + BATCH))
        .returning({ id: products.id, slug: products.slug })),
    );
  }
  return inserted;
}

/** Many products changed (an import; slugs are kept), one statement per BATCH (`update … from (values …)`). */
export async function updateProducts(tx: Tx, rows: (ProductValues & { id: number })[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const values = rows
      .slice(start, start + BATCH)
      .map(
        (row) =>
          sql`(${row.id}::int, ${row.name}::text, ${row.description}::text, ${row.priceCents}::int, ${row.quantity}::int, ${row.shipping}::boolean, ${row.categoryId}::int, ${row.lowStockThreshold}::int, ${row.draft}::boolean)`,
      );
    await tx.execute(sql`
      update products as p set
        name = v.name, description = v.description, price_cents = v.price_cents, quantity = v.quantity,
        shipping = v.shipping, category_id = v.category_id, low_stock_threshold = v.low_stock_threshold,
        draft = v.draft, updated_at = now()
      from (values ${sql.join(values, sql`, `)})
        as v(id, name, description, price_cents, quantity, shipping, category_id, low_stock_threshold, draft)
      where p.id = v.id`);
  }
}
