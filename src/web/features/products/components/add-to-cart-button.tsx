import type { Product } from '../../../../contract/product.ts';
import { notify } from '../../../lib/notify.ts';
import { cartActions } from '../../../stores/cart-store.ts';

/** ADD TO CART: appends the product to the cart and says so. */
export function AddToCartButton({ product, className = 'btn' }: { product: Product; className?: string }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        cartActions.add(product);
        notify.success('Item Added to cart');
      }}
    >
      ADD TO CART<span className="visually-hidden"> – {product.name}</span>
    </button>
  );
}
