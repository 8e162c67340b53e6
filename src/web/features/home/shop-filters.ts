import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Category } from '../../../contract/category.ts';
import { PRICE_BANDS, type PriceBand } from '../../../domain/price-bands.ts';
import { DEFAULT_PRODUCT_SORT, isProductSort, PRODUCT_SORTS, type ProductSort } from '../../../domain/product-sort.ts';

/**
 * The home page's filters and sort, kept in its address (`/?category=books&category=lamps&price=0-19&sort=price-asc`)
 * so a reload, the back button and a shared link show the same list.
 */
export interface ShopFilters {
  /** Category slugs, in the order they were chosen. */
  categories: string[];
  /** One of PRICE_BANDS' ids, or null for any price. */
  bandId: string | null;
  sort: ProductSort;
}

const BAND_PREFIX = 'band-';

export function readShopFilters(params: URLSearchParams): ShopFilters {
  const categories = [...new Set(params.getAll('category').filter((slug) => slug.length > 0))];
  const price = params.get('price');
  const bandId = price && PRICE_BANDS.some((band) => band.id === `${BAND_PREFIX}${price}`) ? `${BAND_PREFIX}${price}` : null;
  const sort = params.get('sort');
  return { categories, bandId, sort: isProductSort(sort) ? sort : DEFAULT_PRODUCT_SORT };
}

/** The address's query for these filters; the defaults are left out (no filter, newest: a bare `/`). */
export function writeShopFilters(filters: ShopFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const slug of filters.categories) params.append('category', slug);
  if (filters.bandId) params.set('price', filters.bandId.slice(BAND_PREFIX.length));
  if (filters.sort !== DEFAULT_PRODUCT_SORT) params.set('sort', filters.sort);
  return params;
}

export const bandOf = (bandId: string | null): PriceBand | undefined => PRICE_BANDS.find((band) => band.id === bandId);

/** What the list shows, in words: "Books and Lamps, $0 to 19, price low to high" (null: everything, newest first). */
export function describeShopFilters(filters: ShopFilters, categories: readonly Category[]): string | null {
  const names = filters.categories.map((slug) => categories.find((category) => category.slug === slug)?.name).filter(Boolean) as string[];
  const parts: string[] = [];
  if (names.length > 0) parts.push(names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
  const band = bandOf(filters.bandId);
  if (band) parts.push(band.label);
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
    sortBy: (sort: ProductSort) => set({ sort }),
    reset: () => set({ categories: [], bandId: null }),
  };
}
