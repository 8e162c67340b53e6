import { useEffect, useRef, useState } from 'react';
import { PHOTO_WIDTHS } from '../../../../contract/limits.ts';
import type { GalleryPhoto } from '../../../../contract/variants.ts';
import { galleryPhotoUrl } from '../../../lib/api-client.ts';
import './product-gallery.css';

/**
 * The product page's photos: a strip that snaps photo by photo (swipe on a phone), thumbnails to jump on a
 * wider screen, and the full-size photo on demand. Starts again at the first photo when `photos` change
 * (another variant chosen).
 */
export function ProductGallery({ photos, name, sizes }: { photos: GalleryPhoto[]; name: string; sizes: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const key = photos.map((photo) => photo._id).join(',');

  useEffect(() => {
    setCurrent(0);
    strip.current?.scrollTo({ left: 0 });
  }, [key]);

  const show = (index: number) => {
    setCurrent(index);
    const element = strip.current;
    if (element) element.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' });
  };
  const shown = photos[current] ?? photos[0];

  return (
    <div className="product-gallery">
      <div
        className="product-gallery__strip"
        ref={strip}
        tabIndex={0}
        role="region"
        aria-label={`Photos of ${name}`}
        onScroll={(event) => {
          const element = event.currentTarget;
          if (element.clientWidth > 0) setCurrent(Math.round(element.scrollLeft / element.clientWidth));
        }}
      >
        {photos.map((photo, i) => (
          <img
            key={photo._id}
            className="product-gallery__photo"
            sizes={sizes}
            srcSet={PHOTO_WIDTHS.map((width) => `${galleryPhotoUrl(photo._id, photo.version, width)} ${width}w`).join(', ')}
            src={galleryPhotoUrl(photo._id, photo.version, 640)}
            alt={photo.alt || `${name}, photo ${i + 1}`}
            width={800}
            height={800}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : undefined}
            decoding="async"
          />
        ))}
      </div>
      {photos.length > 1 ? (
        <div className="product-gallery__thumbs">
          {photos.map((photo, i) => (
            <button key={photo._id} type="button" className="product-gallery__thumb" aria-label={`Show photo ${i + 1}`} aria-pressed={i === current} onClick={() => show(i)}>
              <img src={galleryPhotoUrl(photo._id, photo.version, 320)} alt="" width={64} height={64} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
      {shown ? (
        <a className="product-gallery__zoom" href={galleryPhotoUrl(shown._id, shown.version)} target="_blank" rel="noreferrer">
          View full size<span className="visually-hidden"> (photo {current + 1}, opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}
