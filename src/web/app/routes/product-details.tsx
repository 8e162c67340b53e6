import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Product } from '../../../contract/product.ts';
import type { GalleryPhoto, ProductVariantsResponse, VariantWire } from '../../../contract/variants.ts';
import { initialVariant, variantTitle } from '../../../domain/variants.ts';
import { SIMILAR_PREVIEW_LENGTH } from '../../../domain/description-preview.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Price } from '../../components/ui/price.tsx';
import { ProductPhoto } from '../../components/ui/product-photo.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { paths } from '../../config/paths.ts';
import { productQuery, useProduct } from '../../features/products/api/get-product.ts';
import { useProductVariants } from '../../features/products/api/get-product-variants.ts';
import { ProductGallery } from '../../features/products/components/product-gallery.tsx';
import { VariantPicker } from '../../features/products/components/variant-picker.tsx';
import { useRelatedProducts } from '../../features/products/api/get-related-products.ts';
import { AddToCartButton } from '../../features/products/components/add-to-cart-button.tsx';
import { ProductDetailsPlaceholder, ProductGridPlaceholder } from '../../features/products/components/product-placeholders.tsx';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { StockStatus } from '../../features/products/components/stock-status.tsx';
import { type CartVariant, unitsInCart, useCart } from '../../stores/cart-store.ts';
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

/**
 * ADD TO CART, or why not: sold out, or all there is already in the cart. A product with options adds the
 * chosen variant (its stock, counted per variant).
 */
function BuyBox({ product, variant }: { product: Product; variant?: { choice: CartVariant; quantity: number } | undefined }) {
  const cart = useCart();
  const stock = variant ? variant.quantity : product.quantity;
  const inCart = unitsInCart(cart, product._id, variant?.choice._id);
  if (stock <= 0) {
    return (
      <button type="button" className="btn" disabled>
        ADD TO CART
      </button>
    );
  }
  if (inCart >= stock) {
    return (
      <>
        <button type="button" className="btn" disabled>
          ADD TO CART
        </button>
        <p className="muted">
          All {stock} in stock are in your <Link to={paths.cart}>cart</Link>.
        </p>
      </>
    );
  }
  return (
    <>
      <AddToCartButton product={product} variant={variant?.choice} soldOut={false} />
      {inCart > 0 ? (
        <p className="muted">
          {inCart} in your <Link to={paths.cart}>cart</Link>.
        </p>
      ) : null}
    </>
  );
}

/** What the cart keeps of a chosen variant: its id, values, price and first own photo. */
function cartVariant(variant: VariantWire, photos: GalleryPhoto[]): CartVariant {
  const photo = variant.photos.map((id) => photos.find((candidate) => candidate._id === id)).find((found) => found !== undefined);
  return { _id: variant._id, title: variantTitle(variant.options), price: variant.price, photo: photo ? { _id: photo._id, version: photo.version } : null };
}

/** The chosen variant (`?variant=` in the address, else the first in stock) and the photos that show it. */
function useChosenVariant(data: ProductVariantsResponse | undefined) {
  const [params, setParams] = useSearchParams();
  const variant = data ? initialVariant(data.variants, params.get('variant')) : undefined;
  const choose = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('variant', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const own = variant && data ? data.photos.filter((photo) => variant.photos.includes(photo._id)) : [];
  // One photo and none of the variant's own: the product photo as before (no second download).
  const photos = own.length > 0 ? own : (data?.photos.length ?? 0) > 1 ? (data?.photos ?? []) : [];
  return { variant, choose, photos };
}

export default function ProductDetailsRoute() {
  const { slug = '' } = useParams();
  const product = useProduct(slug);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const data = product.data;
  const variants = useProductVariants(data?.slug ?? slug);
  const chosen = useChosenVariant(variants.data);
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
  const variant = chosen.variant;
  const hasOptions = (variants.data?.options.length ?? 0) > 0;
  const price = variant?.price ?? item.price;
  const quantity = variant?.quantity ?? item.quantity;
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
          {chosen.photos.length > 0 ? (
            <ProductGallery photos={chosen.photos} name={item.name} sizes={DETAILS_PHOTO_SIZES} />
          ) : (
            <ProductPhoto product={item} size={800} sizes={DETAILS_PHOTO_SIZES} priority />
          )}
        </div>
        <div className="product-details__info">
          <div>
            <h1 id="product-name" className="product-details__name">
              {item.name}
            </h1>
            <Price amount={price} large />
            {variant?.compareAtPrice !== null && variant?.compareAtPrice !== undefined && variant.compareAtPrice > price ? (
              <s className="product-details__compare-at">
                <span className="visually-hidden">Was </span>
                <Price amount={variant.compareAtPrice} />
              </s>
            ) : null}
          </div>
          {hasOptions && variants.data && variant ? (
            <VariantPicker options={variants.data.options} variants={variants.data.variants} selected={variant} onSelect={(next) => chosen.choose(next._id)} />
          ) : null}
          <StockStatus quantity={quantity} />
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
            <BuyBox
              product={item}
              variant={
                hasOptions && variant && variants.data
                  ? { choice: cartVariant(variant, variants.data.photos), quantity: variant.quantity }
                  : undefined
              }
            />
          </div>
        </div>
      </article>
      <SimilarProducts product={item} />
    </>
  );
}
