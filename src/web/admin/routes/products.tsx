import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminProductSort, StockFilter } from '../../../contract/admin-lists.ts';
import { Price } from '../../components/ui/price.tsx';
import { ProductPhoto } from '../../components/ui/product-photo.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { useCategories } from '../../features/categories/api/get-categories.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { type ProductListView, productListSearch, productListViewFrom, useAdminProducts, useBulkProducts } from '../api/get-admin-products.ts';
import { CursorPager, ListCount } from '../components/cursor-pager.tsx';
import '../../components/ui/buttons.css';
import '../../components/ui/form-fields.css';
import '../../components/ui/status-pill.css';
import '../../components/ui/table.css';
import '../../components/ui/admin-table.css';
import './orders.css';
import './products.css';

const SORT_LABELS: Record<AdminProductSort, string> = {
  newest: 'Newest first',
  name: 'Name, A to Z',
  'price-asc': 'Price, lowest first',
  'price-desc': 'Price, highest first',
  'stock-asc': 'Stock, fewest first',
};
const STOCK_LABELS: Record<StockFilter, string> = { in: 'In stock', low: 'Low in stock', out: 'Sold out' };
const DRAFT_LABELS: Record<Exclude<ProductListView['draft'], ''>, string> = { draft: 'Drafts only', published: 'Shown in the shop' };

/** The selected products' new category, stock or draft state, applied together. */
function BulkProducts({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const categories = useCategories();
  const bulk = useBulkProducts();
  const [category, setCategory] = useState('');
  const [quantity, setQuantity] = useState('');
  const apply = (body: { category?: string; quantity?: number; draft?: boolean }) => {
    if (bulk.isPending) return;
    bulk.mutate(
      { ids, ...body },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onDone();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };
  const stock = Number(quantity);
  const stockValid = quantity !== '' && Number.isInteger(stock) && stock >= 0 && stock <= 1_000_000;
  return (
    <div className="products-bulk">
      <form
        className="products-bulk__field"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (category) apply({ category });
        }}
      >
        <label htmlFor="bulk-category">Move to category</label>
        <select id="bulk-category" value={category} onChange={(event) => setCategory(event.target.value)}>
          <option value="">Choose a category</option>
          {(categories.data ?? []).map((option) => (
            <option key={option._id} value={option._id}>
              {option.name}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn--secondary" aria-disabled={!category || bulk.isPending}>
          Move {ids.length}
        </button>
      </form>
      <form
        className="products-bulk__field"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (stockValid) apply({ quantity: stock });
        }}
      >
        <label htmlFor="bulk-stock">Set stock to</label>
        <input id="bulk-stock" type="number" inputMode="numeric" min={0} max={1_000_000} step={1} value={quantity} onChange={(event) => setQuantity(event.target.value)} />
        <button type="submit" className="btn btn--secondary" aria-disabled={!stockValid || bulk.isPending}>
          Set stock of {ids.length}
        </button>
      </form>
      <div className="products-bulk__field" role="group" aria-label="Draft state">
        <button type="button" className="btn btn--secondary" aria-disabled={bulk.isPending} onClick={() => apply({ draft: true })}>
          Make {ids.length} drafts
        </button>
        <button type="button" className="btn btn--secondary" aria-disabled={bulk.isPending} onClick={() => apply({ draft: false })}>
          Show {ids.length} in the shop
        </button>
      </div>
    </div>
  );
}

/**
 * All Products: a dense table on a desktop (cards on a phone) with search, category and stock filters and
 * a sort in the address, pages by cursor; the selected products move to a category or get a new stock together.
 */
export default function AdminProductsRoute() {
  usePageTitle('Dashboard - Products');
  const [params, setParams] = useSearchParams();
  const view = productListViewFrom(params);
  const query = useAdminProducts(view);
  const categories = useCategories();
  const data = query.data;
  const products = data?.products ?? [];
  const [words, setWords] = useState(view.q);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const show = (next: ProductListView) => setParams(productListSearch(next));
  const apply = (patch: Partial<ProductListView>) => show({ ...view, ...patch, after: '', before: '' });
  const ids = [...selected];
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="admin-products-heading">
      <div className="list-header admin-header">
        <div>
          <h1 id="admin-products-heading">All Products List</h1>
          {data ? <ListCount shown={products.length} total={data.total} capped={data.totalIsCapped} one="product" many="products" /> : null}
        </div>
        <Link to={paths.admin.createProduct} className="btn">
          <span aria-hidden="true">+</span> Create Product
        </Link>
      </div>
      <div className="card order-filters">
        <form
          role="search"
          className="order-filters__search"
          onSubmit={(event) => {
            event.preventDefault();
            apply({ q: words.trim() });
          }}
        >
          <label htmlFor="product-search">Search products</label>
          <div className="order-filters__search-row">
            <input id="product-search" type="search" value={words} maxLength={100} placeholder="Words of the name or description" onChange={(event) => setWords(event.target.value)} />
            <button type="submit" className="btn btn--secondary">
              Search
            </button>
          </div>
        </form>
        <div className="order-filters__fields">
          <div className="field">
            <label htmlFor="product-filter-category">Category</label>
            <select id="product-filter-category" value={view.category} onChange={(event) => apply({ category: event.target.value })}>
              <option value="">Any category</option>
              {(categories.data ?? []).map((option) => (
                <option key={option._id} value={option._id}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="product-filter-stock">Stock</label>
            <select id="product-filter-stock" value={view.stock} onChange={(event) => apply({ stock: event.target.value as ProductListView['stock'] })}>
              <option value="">Any stock</option>
              {Object.entries(STOCK_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="product-filter-draft">Visibility</label>
            <select id="product-filter-draft" value={view.draft} onChange={(event) => apply({ draft: event.target.value as ProductListView['draft'] })}>
              <option value="">Drafts and shown</option>
              {Object.entries(DRAFT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="product-sort">Sort</label>
            <select id="product-sort" value={view.sort} onChange={(event) => apply({ sort: event.target.value as AdminProductSort })}>
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <div className="card orders-toolbar" role="group" aria-label="Selected products">
        <p aria-live="polite">{ids.length === 0 ? 'Select products to move them to a category, set their stock or make them drafts together.' : `${ids.length} selected`}</p>
        {ids.length > 0 ? (
          <div className="orders-toolbar__actions">
            <BulkProducts ids={ids} onDone={() => setSelected(new Set())} />
            <button type="button" className="btn btn--ghost" onClick={() => setSelected(new Set())}>
              Clear
            </button>
          </div>
        ) : null}
      </div>
      {query.isPending ? (
        <Spinner label="Loading products" />
      ) : query.isError ? (
        <div className="card empty-state" role="alert">
          <h2>Something went wrong</h2>
          <p>{errorMessage(query.error, 'The products could not be loaded.')}</p>
          <button type="button" className="btn" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : products.length === 0 ? (
        <div className="card empty-state">
          {params.toString() === '' ? (
            <>
              <h2>No products yet</h2>
              <p>Create the first product to open the shop.</p>
              <Link to={paths.admin.createProduct} className="btn">
                Create Product
              </Link>
            </>
          ) : (
            <>
              <h2>No product matches</h2>
              <button type="button" className="btn" onClick={() => show(productListViewFrom(new URLSearchParams()))}>
                Show every product
              </button>
            </>
          )}
        </div>
      ) : (
        <div className="card admin-list">
          <div className="table-wrap">
            <table className="admin-table admin-table--orders responsive-table" aria-describedby="admin-products-heading">
              <thead>
                <tr>
                  <th scope="col" className="admin-table__check">
                    <span className="visually-hidden">Select</span>
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Photo</span>
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col">Category</th>
                  <th scope="col">Price</th>
                  <th scope="col">Stock</th>
                </tr>
              </thead>
              <tbody aria-busy={query.isPlaceholderData}>
                {products.map((product) => (
                  <tr key={product._id}>
                    <td data-label="Select" data-card="corner" className="admin-table__check">
                      <input
                        type="checkbox"
                        aria-label={`Select ${product.name}`}
                        checked={selected.has(product._id)}
                        onChange={(event) => toggle(product._id, event.target.checked)}
                      />
                    </td>
                    <td data-label="Photo" className="admin-product-row__photo">
                      <ProductPhoto product={product} size={320} sizes="48px" />
                    </td>
                    <th scope="row" data-label="Product" className="admin-table__name">
                      <Link to={paths.admin.product(product.slug)}>{product.name}</Link>
                      {product.draft ? <span className="status status--neutral admin-product-row__draft">Draft</span> : null}
                    </th>
                    <td data-label="Category" data-card="small">{product.category.name}</td>
                    <td data-label="Price" data-card="strong">
                      <Price amount={product.price} from={product.maxPrice !== undefined} />
                    </td>
                    <td data-label="Stock">
                      {product.quantity === 0 ? (
                        <span className="status status--danger">Sold out</span>
                      ) : product.quantity <= product.lowStockThreshold ? (
                        <span className="status status--pending">{product.quantity} left</span>
                      ) : (
                        <span>{product.quantity} in stock</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <CursorPager label="Pages of products" prev={data?.prev ?? null} next={data?.next ?? null} onPage={(cursor) => show({ ...view, after: '', before: '', ...cursor })} />
        </div>
      )}
    </section>
  );
}
