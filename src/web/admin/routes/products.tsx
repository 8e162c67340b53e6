import { Link } from 'react-router';
import { CARD_PREVIEW_LENGTH, descriptionPreview } from '../../../domain/description-preview.ts';
import { Price } from '../../components/ui/price.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { LoadMore } from '../../features/products/components/load-more.tsx';
import { ProductPhoto } from '../../features/products/components/product-photo.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAdminProducts } from '../api/get-admin-products.ts';

/** All Products: every product, newest first, each card opening its Update Product screen. */
export default function AdminProductsRoute() {
  usePageTitle('Dashboard - Products');
  const query = useAdminProducts();
  const products = query.data?.pages.flatMap((page) => page.products) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? null;

  return (
    <section aria-labelledby="admin-products-heading">
      <div className="list-header admin-header">
        <div>
          <h1 id="admin-products-heading">All Products List</h1>
          {total !== null ? (
            <p aria-live="polite">
              Showing {products.length} of {total}
            </p>
          ) : null}
        </div>
        <Link to={paths.admin.createProduct} className="btn">
          <span aria-hidden="true">+</span> Create Product
        </Link>
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
          <h2>No products yet</h2>
          <p>Create the first product to open the shop.</p>
          <Link to={paths.admin.createProduct} className="btn">
            Create Product
          </Link>
        </div>
      ) : (
        <>
          <ul className="product-grid admin-product-grid">
            {products.map((product, index) => (
              <li key={product._id}>
                <Link to={paths.admin.product(product.slug)} className="card admin-product-card">
                  <span className="admin-product-card__media">
                    <ProductPhoto product={product} size={320} eager={index < 8} />
                  </span>
                  <span className="admin-product-card__body">
                    <span className="admin-product-card__name">{product.name}</span>
                    <span className="admin-product-card__description">
                      {descriptionPreview(product.description, CARD_PREVIEW_LENGTH)}
                    </span>
                    <span className="admin-product-card__meta">
                      <Price amount={product.price} />
                      <span className={product.quantity > 0 ? 'muted' : 'admin-product-card__out'}>
                        {product.quantity > 0 ? `${product.quantity} in stock` : 'Sold out'}
                      </span>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={Boolean(query.hasNextPage)}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
