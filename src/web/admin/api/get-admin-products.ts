import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PRODUCT_SORTS, type AdminProductSort, DRAFT_FILTERS, type DraftFilter, STOCK_FILTERS, type StockFilter } from '../../../contract/admin-lists.ts';
import { api } from '../../lib/api-client.ts';

/** The products list's search, filters, sort and cursor, as the address holds them ('' for none). */
export interface ProductListView {
  q: string;
  category: string;
  stock: StockFilter | '';
  /** Drafts only, shown products only, or '' for both. */
  draft: Exclude<DraftFilter, 'all'> | '';
  sort: AdminProductSort;
  after: string;
  before: string;
}

const ID = /^\d{1,10}$/;

/** The view in the address (`?q=&category=&stock=low&sort=name&after=`); anything else there counts as none. */
export function productListViewFrom(params: URLSearchParams): ProductListView {
  const id = (key: string) => (ID.test(params.get(key) ?? '') ? (params.get(key) ?? '') : '');
  const stock = params.get('stock') ?? '';
  const draft = params.get('draft') ?? '';
  const sort = params.get('sort') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    category: id('category'),
    stock: (STOCK_FILTERS as readonly string[]).includes(stock) ? (stock as StockFilter) : '',
    draft: draft !== 'all' && (DRAFT_FILTERS as readonly string[]).includes(draft) ? (draft as ProductListView['draft']) : '',
    sort: (ADMIN_PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as AdminProductSort) : 'newest',
    after: id('after'),
    before: id('before'),
  };
}

/** The address of a view: only what differs from the defaults. */
export function productListSearch(view: ProductListView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.q) search.set('q', view.q);
  if (view.category) search.set('category', view.category);
  if (view.stock) search.set('stock', view.stock);
  if (view.draft) search.set('draft', view.draft);
  if (view.sort !== 'newest') search.set('sort', view.sort);
  if (view.after) search.set('after', view.after);
  else if (view.before) search.set('before', view.before);
  return search;
}

/** GET admin/products: a page of 20 of the view, with the total (up to 10,000) and the cursors. */
export const adminProductsQuery = (view: ProductListView) =>
  queryOptions({
    queryKey: ['products', 'admin-list', productListSearch(view).toString()],
    queryFn: () =>
      api.call('adminProducts', {
        query: {
          q: view.q || undefined,
          category: view.category || undefined,
          stock: view.stock || undefined,
          draft: view.draft || undefined,
          sort: view.sort === 'newest' ? undefined : view.sort,
          after: view.after || undefined,
          before: view.before || undefined,
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminProducts = (view: ProductListView) => useQuery(adminProductsQuery(view));

/** POST admin/products/bulk: a category, stock or draft state for the selected products; every product list reloads. */
export const useBulkProducts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['products', 'bulk'],
    mutationFn: (body: { ids: string[]; category?: string; quantity?: number; draft?: boolean }) => api.call('bulkProducts', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
};
