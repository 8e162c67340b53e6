import type { Product } from '../../../../contract/product.ts';
import { notify } from '../../../lib/notify.ts';
import { cartActions } from '../../../stores/cart-store.ts';

/** ADD TO CART: appends the product to the cart and says so; disabled, and saying why, when it is sold out. */
export function AddToCartButton({ product, className = 'btn' }: { product: Product; className?: string }) {
  const soldOut = product.quantity <= 0;
  return (
    <button
      type="button"
      className={className}
      disabled={soldOut}
      title={soldOut ? 'Sold out' : undefined}
      onClick={() => {
        cartActions.add(product);
        notify.success('Item Added to cart');
      }}
    >
      ADD TO CART<span className="visually-hidden"> – {product.name}{soldOut ? ' (sold out)' : ''}</span>
    </button>
  );
}
