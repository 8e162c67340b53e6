import type { Product } from '../../../../contract/product.ts';
import { productVariantName } from '../../../../domain/variants.ts';
import { notify } from '../../../lib/notify.ts';
import { cartActions, type CartVariant } from '../../../stores/cart-store.ts';

/**
 * ADD TO CART: appends the product (with the chosen variant, if any) to the cart and says so; disabled,
 * and saying why, when it (or the variant) is sold out.
 */
export function AddToCartButton({
  product,
  variant,
  soldOut = product.quantity <= 0,
  className = 'btn',
}: {
  product: Product;
  variant?: CartVariant | undefined;
  soldOut?: boolean;
  className?: string;
}) {
  const what = productVariantName(product.name, variant?.title);
  return (
    <button
      type="button"
      className={className}
      disabled={soldOut}
      title={soldOut ? 'Sold out' : undefined}
      onClick={() => {
        cartActions.add(product, variant);
        notify.success('Item Added to cart');
      }}
    >
      ADD TO CART<span className="visually-hidden"> – {what}{soldOut ? ' (sold out)' : ''}</span>
    </button>
  );
}
