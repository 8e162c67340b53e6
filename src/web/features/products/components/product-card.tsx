import { Link } from 'react-router';
import type { Product } from '../../../../contract/product.ts';
import { CARD_PREVIEW_LENGTH, descriptionPreview } from '../../../../domain/description-preview.ts';
import { Price } from '../../../components/ui/price.tsx';
import { ProductPhoto } from '../../../components/ui/product-photo.tsx';
import { paths } from '../../../config/paths.ts';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { StockStatus } from './stock-status.tsx';

/** On a phone, half the screen less the margins (16 px), half the gap (6 px) and the card's borders; else about 300 px at most. */
const CARD_PHOTO_SIZES = '(max-width: 520px) calc(50vw - 24px), 300px';

interface ProductCardProps {
  product: Product;
  /** Characters of the description shown (30 on lists, 60 for similar products). */
  previewLength?: number;
  eager?: boolean;
  /** The level of the product's name: one below the heading of the list it is in. */
  headingLevel?: 2 | 3;
}

/** The one product tile: photo, name, price (and "Sold out" when it is), description preview, More Details and ADD TO CART (CHOOSE OPTIONS when its variants differ in price). */
export function ProductCard({ product, previewLength = CARD_PREVIEW_LENGTH, eager = false, headingLevel = 2 }: ProductCardProps) {
  const href = paths.product(product.slug);
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const varies = product.maxPrice !== undefined && product.maxPrice > product.price;
  return (
    <article className="card product-card" aria-labelledby={`product-${product._id}`}>
      <Link to={href} className="product-card__media" tabIndex={-1} aria-hidden="true">
        <ProductPhoto product={product} size={400} sizes={CARD_PHOTO_SIZES} eager={eager} />
      </Link>
      <div className="product-card__body">
        <Name className="product-card__name" id={`product-${product._id}`}>
          <Link to={href}>{product.name}</Link>
        </Name>
        <Price amount={product.price} from={varies} />
        {product.quantity <= 0 && <StockStatus quantity={product.quantity} />}
        <p className="product-card__description">{descriptionPreview(product.description, previewLength)}</p>
        <div className="product-card__actions">
          <Link to={href} className="btn btn--secondary">
            More Details<span className="visually-hidden"> – {product.name}</span>
          </Link>
          {varies ? (
            // Variants at different prices: the shopper chooses one on the product page (the card cannot say which price).
            <Link to={href} className="btn">
              CHOOSE OPTIONS<span className="visually-hidden"> – {product.name}</span>
            </Link>
          ) : (
            <AddToCartButton product={product} />
          )}
        </div>
      </div>
    </article>
  );
}
