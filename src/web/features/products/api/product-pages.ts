import { PRODUCT_PAGE_SIZE } from '../../../../contract/limits.ts';
import type { Product } from '../../../../contract/product.ts';
import { nextPage } from '../../../lib/paging.ts';

/** One page of a paged product list, with the true total when the call gives one. */
export interface ProductPage {
  products: Product[];
  total: number | null;
}

/** The next page number while fewer than `total` products are loaded (or, with no total, while pages are full). */
export function nextPageParam(lastPage: ProductPage, pages: ProductPage[], lastPageParam: number): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.products.length, 0);
  return nextPage(
    { loaded, lastCount: lastPage.products.length, total: lastPage.total, pageSize: PRODUCT_PAGE_SIZE },
    lastPageParam,
  );
}
