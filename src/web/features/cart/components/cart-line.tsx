import { Link } from 'react-router';
import type { CartLine as ServerCartLine } from '../../../../contract/cart.ts';
import { formatPrice } from '../../../../domain/money.ts';
import { CARD_PREVIEW_LENGTH, descriptionPreview } from '../../../../domain/description-preview.ts';
import { productVariantName } from '../../../../domain/variants.ts';
import { Price } from '../../../components/ui/price.tsx';
import { ProductPhoto } from '../../../components/ui/product-photo.tsx';
import { paths } from '../../../config/paths.ts';

interface CartLineProps {
  line: ServerCartLine;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * One line of the cart: photo, name (and the variant's values), start of the description, today's price
 * (and the price it had when added, when it changed), the units with − and +, and Remove. A sold-out
 * line, or one with more units than are left, says so.
 */
export function CartLine({ line, busy, onQuantity, onRemove }: CartLineProps) {
  const { product, variant } = line;
  const title = variant.title || null;
  const what = productVariantName(product.name, variant.title);
  const to = title ? `${paths.product(product.slug)}?variant=${variant._id}` : paths.product(product.slug);
  return (
    <article className={`card cart-line${line.soldOut ? ' cart-line--sold-out' : ''}`} aria-label={what}>
      <Link to={to} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        <ProductPhoto product={product} photo={variant.photo} size={96} sizes="(max-width: 480px) 72px, 96px" />
      </Link>
      <div className="cart-line__body">
        <h3>
          <Link to={to}>{product.name}</Link>
        </h3>
        {title ? <p className="cart-line__variant">{title}</p> : null}
        <p>{descriptionPreview(product.description, CARD_PREVIEW_LENGTH)}</p>
        <Price amount={line.price} />
        {line.priceChanged ? (
          <p className="cart-line__note" role="note">
            Price changed: was {formatPrice(line.seenPrice)}, now {formatPrice(line.price)}
          </p>
        ) : null}
        {line.soldOut ? (
          <p className="cart-line__problem">Sold out: remove it to order the rest</p>
        ) : line.short ? (
          <p className="cart-line__problem">Only {line.stock} left: lower the quantity to order</p>
        ) : null}
      </div>
      <div className="cart-line__actions">
        <div className="cart-line__quantity" role="group" aria-label={`Quantity of ${what}`}>
          <button type="button" className="btn btn--secondary" onClick={() => onQuantity(line.quantity - 1)} disabled={busy || line.quantity <= 1} aria-label={`One fewer ${what}`}>
            −
          </button>
          <output aria-live="polite">{line.quantity}</output>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => onQuantity(line.quantity + 1)}
            disabled={busy || line.quantity >= line.stock}
            aria-label={`One more ${what}`}
          >
            +
          </button>
        </div>
        <button type="button" className="btn btn--secondary cart-line__remove" onClick={onRemove} disabled={busy} aria-label={`Remove ${what} from cart`}>
          Remove
        </button>
      </div>
    </article>
  );
}
