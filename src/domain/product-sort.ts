/** The orders a product list can be shown in (the home page's Sort, `?sort=` in its address). */
export const PRODUCT_SORTS = [
  { id: 'newest', label: 'Newest' },
  { id: 'price-asc', label: 'Price, low to high' },
  { id: 'price-desc', label: 'Price, high to low' },
] as const;

export type ProductSort = (typeof PRODUCT_SORTS)[number]['id'];
export const PRODUCT_SORT_IDS = PRODUCT_SORTS.map((sort) => sort.id) as [ProductSort, ...ProductSort[]];
export const DEFAULT_PRODUCT_SORT: ProductSort = 'newest';

export const isProductSort = (value: string | null | undefined): value is ProductSort =>
  PRODUCT_SORT_IDS.includes(value as ProductSort);
