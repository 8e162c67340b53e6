import { Link } from 'react-router';
import { CARD_PREVIEW_LENGTH, descriptionPreview } from '../../../../domain/description-preview.ts';
import { Price } from '../../../components/ui/price.tsx';
import { ProductPhoto } from '../../../components/ui/product-photo.tsx';
import { paths } from '../../../config/paths.ts';
import { type CartEntry, entryPrice } from '../../../stores/cart-store.ts';

/** One cart entry: photo, name (and the chosen variant's values), start of the description, price and Remove. */
export function CartLine({ product, onRemove }: { product: CartEntry; onRemove: () => void }) {
  const { variant } = product;
  const to = variant ? `${paths.product(product.slug)}?variant=${variant._id}` : paths.product(product.slug);
  return (
    <article className="card cart-line">
      <Link to={to} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        <ProductPhoto product={product} photo={variant?.photo} size={96} sizes="(max-width: 480px) 72px, 96px" />
      </Link>
      <div className="cart-line__body">
        <h3>
          <Link to={to}>{product.name}</Link>
        </h3>
        {variant ? <p className="cart-line__variant">{variant.title}</p> : null}
        <p>{descriptionPreview(product.description, CARD_PREVIEW_LENGTH)}</p>
        <Price amount={entryPrice(product)} />
      </div>
      <button
        type="button"
        className="btn btn--secondary cart-line__remove"
        onClick={onRemove}
        aria-label={`Remove ${product.name}${variant ? ` — ${variant.title}` : ''} from cart`}
      >
        Remove
      </button>
    </article>
  );
}
