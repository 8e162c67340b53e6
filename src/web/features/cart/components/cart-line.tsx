import { Link } from 'react-router';
import type { Product } from '../../../../contract/product.ts';
import { CARD_PREVIEW_LENGTH, descriptionPreview } from '../../../../domain/description-preview.ts';
import { Price } from '../../../components/ui/price.tsx';
import { ProductPhoto } from '../../../components/ui/product-photo.tsx';
import { paths } from '../../../config/paths.ts';

/** One cart entry: photo, name, start of the description, price and Remove. */
export function CartLine({ product, onRemove }: { product: Product; onRemove: () => void }) {
  return (
    <article className="card cart-line">
      <Link to={paths.product(product.slug)} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        <ProductPhoto product={product} size={96} sizes="(max-width: 480px) 72px, 96px" />
      </Link>
      <div className="cart-line__body">
        <h3>
          <Link to={paths.product(product.slug)}>{product.name}</Link>
        </h3>
        <p>{descriptionPreview(product.description, CARD_PREVIEW_LENGTH)}</p>
        <Price amount={product.price} />
      </div>
      <button
        type="button"
        className="btn btn--secondary cart-line__remove"
        onClick={onRemove}
        aria-label={`Remove ${product.name} from cart`}
      >
        Remove
      </button>
    </article>
  );
}
