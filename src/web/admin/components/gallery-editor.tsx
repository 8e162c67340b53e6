import { useState } from 'react';
import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, PRODUCT_PHOTOS_MAX } from '../../../contract/limits.ts';
import type { GalleryPhoto } from '../../../contract/variants.ts';
import { moveItem } from '../../../domain/variants.ts';
import { errorMessage, galleryPhotoUrl } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useAddPhoto, useArrangePhotos, useDeletePhoto } from '../api/product-variants.ts';
import './gallery-editor.css';

/**
 * The product's photos (up to 20): upload several (sent one at a time), move them with buttons, give each
 * its alt text, delete; the first is the product's photo on cards.
 */
export function GalleryEditor({ productId, photos }: { productId: string; photos: GalleryPhoto[] }) {
  const [order, setOrder] = useState(photos);
  const [uploading, setUploading] = useState<string | null>(null);
  const add = useAddPhoto();
  const arrange = useArrangePhotos();
  const remove = useDeletePhoto();
  const changed = JSON.stringify(order) !== JSON.stringify(photos);

  async function upload(files: FileList | null) {
    if (!files) return;
    const room = PRODUCT_PHOTOS_MAX - order.length;
    const chosen = [...files];
    if (chosen.length > room) notify.error(`A product has at most ${PRODUCT_PHOTOS_MAX} photos: ${Math.max(room, 0)} more can be added`);
    let gallery = order;
    for (const [i, file] of chosen.slice(0, Math.max(room, 0)).entries()) {
      if (file.size > PHOTO_MAX_BYTES) {
        notify.error(`${file.name}: at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`);
        continue;
      }
      setUploading(`Uploading ${i + 1} of ${Math.min(chosen.length, room)}…`);
      try {
        const result = await add.mutateAsync({ id: productId, file, alt: '' });
        gallery = [...gallery.filter((photo) => result.photos.some((kept) => kept._id === photo._id)), ...result.photos.filter((photo) => !gallery.some((known) => known._id === photo._id))];
        setOrder(gallery);
      } catch (error) {
        notify.error(`${file.name}: ${errorMessage(error)}`);
      }
    }
    setUploading(null);
  }

  return (
    <section className="card gallery-editor" aria-labelledby="gallery-heading">
      <h2 id="gallery-heading">Photos ({order.length} of {PRODUCT_PHOTOS_MAX})</h2>
      <p className="muted">The first photo shows on cards. Describe each for people who cannot see it (alt text).</p>
      <ol className="gallery-editor__list">
        {order.map((photo, i) => (
          <li key={photo._id} className="gallery-editor__item">
            <img src={galleryPhotoUrl(photo._id, photo.version, 320)} alt={photo.alt || `Photo ${i + 1}`} width={96} height={96} />
            <label>
              Alt text
              <input value={photo.alt} onChange={(event) => setOrder(order.map((entry) => (entry._id === photo._id ? { ...entry, alt: event.target.value } : entry)))} />
            </label>
            <div className="gallery-editor__buttons">
              <button type="button" className="btn btn--ghost btn--sm" aria-label={`Move photo ${i + 1} earlier`} disabled={i === 0} onClick={() => setOrder(moveItem(order, i, i - 1))}>
                ↑
              </button>
              <button type="button" className="btn btn--ghost btn--sm" aria-label={`Move photo ${i + 1} later`} disabled={i === order.length - 1} onClick={() => setOrder(moveItem(order, i, i + 1))}>
                ↓
              </button>
              <button
                type="button"
                className="btn btn--danger-soft btn--sm"
                aria-label={`Delete photo ${i + 1}`}
                onClick={() =>
                  remove.mutate(
                    { id: productId, photoId: photo._id },
                    { onSuccess: (result) => setOrder(result.photos), onError: (error) => notify.error(errorMessage(error)) },
                  )
                }
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="gallery-editor__actions">
        <label className="btn btn--ghost">
          Add photos
          <input
            type="file"
            className="visually-hidden"
            accept={PHOTO_CONTENT_TYPES.join(',')}
            multiple
            disabled={order.length >= PRODUCT_PHOTOS_MAX || uploading !== null}
            onChange={(event) => {
              void upload(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
        <button
          type="button"
          className="btn"
          disabled={!changed || arrange.isPending}
          onClick={() =>
            arrange.mutate(
              { id: productId, photos: order.map((photo) => ({ _id: photo._id, alt: photo.alt })) },
              { onSuccess: (result) => { setOrder(result.photos); notify.success('Photos Saved'); }, onError: (error) => notify.error(errorMessage(error)) },
            )
          }
        >
          SAVE ORDER AND ALT TEXT
        </button>
        {uploading ? <span role="status">{uploading}</span> : null}
      </div>
    </section>
  );
}
