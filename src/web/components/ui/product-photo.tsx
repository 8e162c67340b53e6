import { useState } from 'react';
import { PHOTO_WIDTHS, type PhotoWidth } from '../../../contract/limits.ts';
import { galleryPhotoUrl, productPhotoUrl } from '../../lib/api-client.ts';

/** The copy named by `src`, for a browser that would not read `srcset`. */
const LARGEST_WIDTH = PHOTO_WIDTHS.reduce((largest, width) => (width > largest ? width : largest));

interface ProductPhotoProps {
  product: { _id: string; name: string; hasPhoto?: boolean; updatedAt?: string };
  /** One photo of the product's gallery instead of its first (a variant's photo in the cart or an order). */
  photo?: { _id: string; version?: string } | null | undefined;
  /** Its width and height attributes (a square): the space is kept before the photo arrives. */
  size: number;
  /**
   * How wide it shows, as `<img sizes>` (e.g. `(max-width: 520px) 50vw, 300px`): the browser takes the
   * 320 or the 640 pixel wide copy that is enough for that width on its screen.
   */
  sizes: string;
  /** The first images of a page load eagerly; the rest lazily. */
  eager?: boolean;
  /** The page's main image (its largest paint): fetched eagerly and before the other images. */
  priority?: boolean;
}

/** A product photo with fixed dimensions (no layout jump), or a placeholder when there is none. */
export function ProductPhoto({ product, photo, size, sizes, eager = false, priority = false }: ProductPhotoProps) {
  // A photo that fails to load (e.g. of a product deleted since it was ordered) shows the placeholder.
  const [failed, setFailed] = useState(false);
  if ((product.hasPhoto === false && !photo) || failed) {
    return (
      <div className="photo-placeholder" role="img" aria-label={`${product.name} (no photo yet)`}>
        No photo
      </div>
    );
  }
  const url = (width: PhotoWidth) =>
    photo ? galleryPhotoUrl(photo._id, photo.version, width) : productPhotoUrl(product._id, product.updatedAt, width);
  // sizes and srcSet before src: a browser that met src first could start fetching it.
  return (
    <img
      sizes={sizes}
      srcSet={PHOTO_WIDTHS.map((width) => `${url(width)} ${width}w`).join(', ')}
      src={url(LARGEST_WIDTH)}
      alt={product.name}
      width={size}
      height={size}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
