import { useState } from 'react';
import { productPhotoUrl } from '../../../lib/api-client.ts';

interface ProductPhotoProps {
  product: { _id: string; name: string; hasPhoto?: boolean; updatedAt?: string };
  size: number;
  /** The first images of a page load eagerly; the rest lazily. */
  eager?: boolean;
}

/** A product photo with fixed dimensions (no layout jump), or a placeholder when there is none. */
export function ProductPhoto({ product, size, eager = false }: ProductPhotoProps) {
  // A photo that fails to load (e.g. of a product deleted since it was ordered) shows the placeholder.
  const [failed, setFailed] = useState(false);
  if (product.hasPhoto === false || failed) {
    return (
      <div className="photo-placeholder" role="img" aria-label={`${product.name} (no photo yet)`}>
        No photo
      </div>
    );
  }
  return (
    <img
      src={productPhotoUrl(product._id, product.updatedAt)}
      alt={product.name}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
