import type { Product } from '../../../../contract/product.ts';
import { productVariantName } from '../../../../domain/variants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import type { CartVariant } from '../../../stores/cart-store.ts';
import { useAddCartLine } from '../../../lib/server-cart.ts';

/**
 * ADD TO CART: adds one unit of the product (the chosen variant, if any) to the server's cart and says so
 * (or the server's reason it cannot); disabled, and saying why, when it (or the variant) is sold out.
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
  const add = useAddCartLine();
  return (
    <button
      type="button"
      className={className}
      disabled={soldOut}
      aria-busy={add.isPending}
      title={soldOut ? 'Sold out' : undefined}
      onClick={() => {
        add.mutate(variant ? { variant: variant._id } : { product: product._id }, {
          onSuccess: () => notify.success('Item Added to cart'),
          onError: (error) => notify.error(errorMessage(error)),
        });
      }}
    >
      ADD TO CART<span className="visually-hidden"> – {what}{soldOut ? ' (sold out)' : ''}</span>
    </button>
  );
}
