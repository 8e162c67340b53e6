import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Product } from '../../../contract/product.ts';
import { SIMILAR_PREVIEW_LENGTH } from '../../../domain/description-preview.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Price } from '../../components/ui/price.tsx';
import { ProductPhoto } from '../../components/ui/product-photo.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { paths } from '../../config/paths.ts';
import { productQuery, useProduct } from '../../features/products/api/get-product.ts';
import { useRelatedProducts } from '../../features/products/api/get-related-products.ts';
import { AddToCartButton } from '../../features/products/components/add-to-cart-button.tsx';
import { ProductDetailsPlaceholder, ProductGridPlaceholder } from '../../features/products/components/product-placeholders.tsx';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { StockStatus } from '../../features/products/components/stock-status.tsx';
import { useCart } from '../../stores/cart-store.ts';
import '../../components/ui/breadcrumb.css';
import './product-details.css';

/** The card's inside on a phone (less margins, border and padding); one of its two columns on wider screens. */
const DETAILS_PHOTO_SIZES = '(max-width: 760px) calc(100vw - 66px), (max-width: 1240px) calc(50vw - 59px), 561px';

function SimilarProducts({ product }: { product: Product }) {
  const related = useRelatedProducts(product);
  return (
    <section className="section" aria-labelledby="similar-products">
      <h2 id="similar-products">Similar Products</h2>
      {related.isPending ? (
        <ProductGridPlaceholder label="Loading similar products" count={4} />
      ) : related.isError ? (
        <p className="inline-error" role="alert">
          Similar products could not be loaded.
        </p>
      ) : related.data.length === 0 ? (
        <p className="muted">No Similar Products found</p>
      ) : (
        <ProductGrid products={related.data} previewLength={SIMILAR_PREVIEW_LENGTH} headingLevel={3} />
      )}
    </section>
  );
}

function BuyBox({ product }: { product: Product }) {
  const cart = useCart();
  const inCart = cart.filter((entry) => entry._id === product._id).length;
  if (product.quantity <= 0) {
    return (
      <button type="button" className="btn" disabled>
        ADD TO CART
      </button>
    );
  }
  if (inCart >= product.quantity) {
    return (
      <>
        <button type="button" className="btn" disabled>
          ADD TO CART
        </button>
        <p className="muted">
          All {product.quantity} in stock are in your <Link to={paths.cart}>cart</Link>.
        </p>
      </>
    );
  }
  return (
    <>
      <AddToCartButton product={product} />
      {inCart > 0 ? (
        <p className="muted">
          {inCart} in your <Link to={paths.cart}>cart</Link>.
        </p>
      ) : null}
    </>
  );
}

export default function ProductDetailsRoute() {
  const { slug = '' } = useParams();
  const product = useProduct(slug);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const data = product.data;
  usePageTitle(data ? data.name : product.isError ? 'Product not found' : 'Product');

  // An old slug (the product was renamed): show the product under its current address.
  useEffect(() => {
    if (data && data.slug !== slug) {
      queryClient.setQueryData(productQuery(data.slug).queryKey, data);
      navigate(paths.product(data.slug), { replace: true });
    }
  }, [data, slug, navigate, queryClient]);

  if (product.isPending) return <ProductDetailsPlaceholder />;
  if (product.isError) {
    return (
      <LoadError
        error={product.error}
        what="product"
        notFoundTitle="Product not found"
        notFoundText="This product may have been removed, or the link is not quite right."
        action={
          <Link to={paths.home} className="btn">
            Back to the shop
          </Link>
        }
        onRetry={product.refetch}
      />
    );
  }

  const item = product.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          <li>
            <Link to={paths.category(item.category.slug)}>{item.category.name}</Link>
          </li>
          <li aria-current="page">{item.name}</li>
        </ol>
      </nav>
      <article className="card product-details" aria-labelledby="product-name">
        <div className="product-details__media">
          <ProductPhoto product={item} size={800} sizes={DETAILS_PHOTO_SIZES} priority />
        </div>
        <div className="product-details__info">
          <div>
            <h1 id="product-name" className="product-details__name">
              {item.name}
            </h1>
            <Price amount={item.price} large />
          </div>
          <StockStatus quantity={item.quantity} />
          <p className="product-details__description">{item.description}</p>
          <dl>
            <dt>Category</dt>
            <dd>
              <Link to={paths.category(item.category.slug)}>{item.category.name}</Link>
            </dd>
            <dt>Shipping</dt>
            <dd>{item.shipping ? 'Ships to your address' : 'Not shipped: collect from the shop'}</dd>
            <dt>Payment</dt>
            <dd>Cash on delivery</dd>
          </dl>
          <div className="product-details__buy">
            <BuyBox product={item} />
          </div>
        </div>
      </article>
      <SimilarProducts product={item} />
    </>
  );
}
