import { Link } from 'react-router';
import type { Product } from '../../../../contract/product.ts';
import { CARD_PREVIEW_LENGTH, descriptionPreview } from '../../../../domain/description-preview.ts';
import { Price } from '../../../components/ui/price.tsx';
import { paths } from '../../../config/paths.ts';
import { AddToCartButton } from '../../cart/components/add-to-cart-button.tsx';
import { ProductPhoto } from './product-photo.tsx';

interface ProductCardProps {
  product: Product;
  /** Characters of the description shown (30 on lists, 60 for similar products). */
  previewLength?: number;
  eager?: boolean;
}

/** The one product tile: photo, name, price, description preview, More Details and ADD TO CART. */
export function ProductCard({ product, previewLength = CARD_PREVIEW_LENGTH, eager = false }: ProductCardProps) {
  const href = paths.product(product.slug);
  return (
    <article className="card product-card" aria-labelledby={`product-${product._id}`}>
      <Link to={href} className="product-card__media" tabIndex={-1} aria-hidden="true">
        <ProductPhoto product={product} size={400} eager={eager} />
      </Link>
      <div className="product-card__body">
        <h3 className="product-card__name" id={`product-${product._id}`}>
          <Link to={href}>{product.name}</Link>
        </h3>
        <Price amount={product.price} />
        <p className="product-card__description">{descriptionPreview(product.description, previewLength)}</p>
        <div className="product-card__actions">
          <Link to={href} className="btn btn--secondary">
            More Details<span className="visually-hidden"> – {product.name}</span>
          </Link>
          <AddToCartButton product={product} />
        </div>
      </div>
    </article>
  );
}
