import { Link } from 'react-router';
import { CARD_PREVIEW_LENGTH, descriptionPreview } from '../../../domain/description-preview.ts';
import { Price } from '../../components/ui/price.tsx';
import { PagedList, ShowingCount } from '../../components/ui/paged-list.tsx';
import { ProductPhoto } from '../../components/ui/product-photo.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { useAdminProducts } from '../api/get-admin-products.ts';
import './products.css';

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
          <ShowingCount count={products.length} total={total} />
        </div>
        <Link to={paths.admin.createProduct} className="btn">
          <span aria-hidden="true">+</span> Create Product
        </Link>
      </div>
      <PagedList
        query={query}
        count={products.length}
        loadingLabel="Loading products"
        errorText="The products could not be loaded."
        empty={
          <>
            <h2>No products yet</h2>
            <p>Create the first product to open the shop.</p>
            <Link to={paths.admin.createProduct} className="btn">
              Create Product
            </Link>
          </>
        }
      >
        <ul className="product-grid admin-product-grid">
          {products.map((product, index) => (
            <li key={product._id}>
              <Link to={paths.admin.product(product.slug)} className="card admin-product-card">
                <span className="admin-product-card__media">
                  <ProductPhoto product={product} size={320} sizes="(max-width: 600px) calc(50vw - 24px), 280px" eager={index < 8} />
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
      </PagedList>
    </section>
  );
}
