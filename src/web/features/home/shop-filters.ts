import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Category } from '../../../contract/category.ts';
import { FILTER_OPTIONS_MAX, OPTION_NAME_MAX, OPTION_VALUE_MAX, OPTION_VALUES_MAX } from '../../../contract/limits.ts';
import type { Facet } from '../../../contract/product.ts';
import { textProblem } from '../../../contract/text-rules.ts';
import { PRICE_BANDS, type PriceBand } from '../../../domain/price-bands.ts';
import { DEFAULT_PRODUCT_SORT, isProductSort, PRODUCT_SORTS, type ProductSort } from '../../../domain/product-sort.ts';

/**
 * The home page's filters and sort, kept in its address
 * (`/?category=books&category=lamps&price=0-19&opt.Size=S&opt.Size=M&sort=price-asc`) so a reload, the back
 * button and a shared link show the same list.
 */
export interface ShopFilters {
  /** Category slugs, in the order they were chosen. */
  categories: string[];
  /** One of PRICE_BANDS' ids, or null for any price. */
  bandId: string | null;
  /** Chosen option values per option name, as the product-filters call takes them (`{"Size": ["S", "M"]}`). */
  options: OptionChoices;
  sort: ProductSort;
}

export type OptionChoices = Record<string, string[]>;

const BAND_PREFIX = 'band-';
/** An option's chosen values are `opt.<name>=<value>`, once per value (values may hold commas). */
const OPTION_PREFIX = 'opt.';

const usableText = (value: string, max: number) => value.length > 0 && value.length <= max && textProblem(value) === null;

/** The option values in the address, keeping only what the call accepts (a hand-edited address never answers 400). */
export function readOptionChoices(params: URLSearchParams): OptionChoices {
  const choices = new Map<string, string[]>();
  for (const [key, raw] of params) {
    if (!key.startsWith(OPTION_PREFIX)) continue;
    const name = key.slice(OPTION_PREFIX.length).trim();
    const value = raw.trim();
    if (!usableText(name, OPTION_NAME_MAX) || !usableText(value, OPTION_VALUE_MAX)) continue;
    const values = choices.get(name);
    if (values) {
      if (!values.includes(value) && values.length < OPTION_VALUES_MAX) values.push(value);
    } else if (choices.size < FILTER_OPTIONS_MAX) {
      choices.set(name, [value]);
    }
  }
  // fromEntries defines own properties: an option named "__proto__" stays an option.
  return Object.fromEntries(choices);
}

/** The choices with one value added or taken away (an option left without values is dropped). */
export function toggleOptionChoice(choices: OptionChoices, name: string, value: string, on: boolean): OptionChoices {
  const values = (choices[name] ?? []).filter((chosen) => chosen !== value);
  if (on) values.push(value);
  const next = Object.entries(choices).filter(([option]) => option !== name);
  if (values.length > 0) next.push([name, values]);
  return Object.fromEntries(next);
}

export const chosenValueCount = (choices: OptionChoices): number =>
  Object.values(choices).reduce((sum, values) => sum + values.length, 0);

/**
 * The facets to show: the call's counts, plus any chosen value the counts lack (0: none in these categories
 * and band), so a choice can always be seen and taken back.
 */
export function facetsWithChoices(facets: readonly Facet[], choices: OptionChoices): Facet[] {
  const shown = facets.map((facet) => ({ name: facet.name, values: [...facet.values] }));
  for (const [name, values] of Object.entries(choices)) {
    let facet = shown.find((candidate) => candidate.name === name);
    if (!facet) {
      facet = { name, values: [] };
      shown.push(facet);
    }
    for (const value of values) {
      if (!facet.values.some((counted) => counted.value === value)) facet.values.push({ value, count: 0 });
    }
  }
  return shown;
}

export function readShopFilters(params: URLSearchParams): ShopFilters {
  const categories = [...new Set(params.getAll('category').filter((slug) => slug.length > 0))];
  const price = params.get('price');
  const bandId = price && PRICE_BANDS.some((band) => band.id === `${BAND_PREFIX}${price}`) ? `${BAND_PREFIX}${price}` : null;
  const sort = params.get('sort');
  return { categories, bandId, options: readOptionChoices(params), sort: isProductSort(sort) ? sort : DEFAULT_PRODUCT_SORT };
}

/** The address's query for these filters; the defaults are left out (no filter, newest: a bare `/`). */
export function writeShopFilters(filters: ShopFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const slug of filters.categories) params.append('category', slug);
  if (filters.bandId) params.set('price', filters.bandId.slice(BAND_PREFIX.length));
  for (const [name, values] of Object.entries(filters.options)) {
    for (const value of values) params.append(`${OPTION_PREFIX}${name}`, value);
  }
  if (filters.sort !== DEFAULT_PRODUCT_SORT) params.set('sort', filters.sort);
  return params;
}

export const bandOf = (bandId: string | null): PriceBand | undefined => PRICE_BANDS.find((band) => band.id === bandId);

/**
 * What the list shows, in words: "Books and Lamps, $0 to 19, Size: S or M, price low to high" (null: everything,
 * newest first).
 */
export function describeShopFilters(filters: ShopFilters, categories: readonly Category[]): string | null {
  const names = filters.categories.map((slug) => categories.find((category) => category.slug === slug)?.name).filter(Boolean) as string[];
  const parts: string[] = [];
  if (names.length > 0) parts.push(names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
  const band = bandOf(filters.bandId);
  if (band) parts.push(band.label);
  for (const [name, values] of Object.entries(filters.options)) parts.push(`${name}: ${values.join(' or ')}`);
  if (filters.sort !== DEFAULT_PRODUCT_SORT) parts.push((PRODUCT_SORTS.find((sort) => sort.id === filters.sort)?.label ?? '').toLowerCase());
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The filters in the address, with setters that push a new history entry (the back button steps back). */
export function useShopFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readShopFilters(params), [params]);
  const set = (next: Partial<ShopFilters>) => setParams(writeShopFilters({ ...filters, ...next }), { preventScrollReset: true });
  return {
    filters,
    toggleCategory: (slug: string, on: boolean) =>
      set({ categories: on ? [...filters.categories.filter((value) => value !== slug), slug] : filters.categories.filter((value) => value !== slug) }),
    selectBand: (bandId: string | null) => set({ bandId }),
    toggleOption: (name: string, value: string, on: boolean) => set({ options: toggleOptionChoice(filters.options, name, value, on) }),
    sortBy: (sort: ProductSort) => set({ sort }),
    reset: () => set({ categories: [], bandId: null, options: {} }),
  };
}
