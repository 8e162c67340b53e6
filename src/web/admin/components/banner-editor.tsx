import { type FormEvent, useState } from 'react';
import { BANNER_HEADING_MAX, BANNER_TEXT_MAX, BANNERS_MAX, type Banner, LINK_MAX } from '../../../contract/shop-content.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { type BannerInput, useChangeBanner } from '../api/shop-content.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { PhotoInput } from './photo-input.tsx';
import { refusalOf, ShopTextField } from './shop-text-field.tsx';

const LINK_HINT = 'Where the heading leads: a page of the shop (/category/books) or a web address. Optional.';

/** The fields of a banner (add or edit): picture, heading, text, link; refusals under the field they name. */
function BannerForm({
  id,
  banner,
  position,
  count,
}: {
  id: string;
  /** The stored banner, or none to add one. */
  banner?: Banner;
  /** Its place (1 = first) and how many there are, for the move buttons. */
  position?: number;
  count?: number;
}) {
  const [values, setValues] = useState({ heading: banner?.heading ?? '', text: banner?.text ?? '', link: banner?.link ?? '' });
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const change = useChangeBanner();

  const run = (changeOf: Parameters<typeof change.mutate>[0], done: string, after?: () => void) => {
    setError(null);
    // Told through the promise, not mutate's callbacks: the new list can remount this form (its key holds
    // the banners' count, place and picture), which would drop mutate's callbacks before they run.
    change.mutateAsync(changeOf).then(
      () => {
        notify.success(done);
        after?.();
      },
      (failure: unknown) => {
        const refusal = refusalOf(errorMessage(failure));
        if (refusal && refusal.field !== 'position') {
          setError(refusal);
          document.getElementById(`${id}-${refusal.field}`)?.focus();
        } else notify.error(errorMessage(failure));
      },
    );
  };
  const input = (extra: Partial<BannerInput> = {}): BannerInput => ({ ...values, image, ...extra });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (banner) run({ kind: 'update', id: banner._id, input: input() }, 'Banner saved', () => setImage(null));
    else if (!image) {
      setError({ field: 'image', message: 'Choose a picture for the banner.' });
      document.getElementById(`${id}-image`)?.focus();
    } else {
      run({ kind: 'add', input: input() }, 'Banner added', () => {
        setValues({ heading: '', text: '', link: '' });
        setImage(null);
      });
    }
  };
  const move = (to: number) => {
    if (banner) run({ kind: 'update', id: banner._id, input: { ...input(), image: null, position: to } }, 'Banner moved');
  };
  const field = (name: 'heading' | 'text' | 'link') => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (value: string) => setValues({ ...values, [name]: value }),
    error: error?.field === name ? error.message : undefined,
  });

  return (
    <form className="banner-form" onSubmit={submit} noValidate aria-label={banner ? `Banner ${position}` : 'New banner'}>
      <div className="banner-form__picture">
        <PhotoInput
          id={`${id}-image`}
          file={image}
          onChange={setImage}
          current={banner ? <img src={banner.image} alt={`The picture of banner ${position}`} width={1200} height={400} /> : undefined}
        />
        {error?.field === 'image' ? (
          <p className="field__error" role="alert">
            {error.message}
          </p>
        ) : null}
      </div>
      <div className="banner-form__fields">
        <ShopTextField label="Heading" maxLength={BANNER_HEADING_MAX} {...field('heading')} />
        <ShopTextField label="Text" maxLength={BANNER_TEXT_MAX} {...field('text')} />
        <ShopTextField label="Link" maxLength={LINK_MAX} hint={LINK_HINT} {...field('link')} />
        <div className="banner-form__actions">
          <button type="submit" className="btn" aria-busy={change.isPending}>
            {banner ? 'Save banner' : 'Add banner'}
          </button>
          {banner && position !== undefined && count !== undefined ? (
            <>
              <button type="button" className="btn btn--secondary" disabled={position === 1} onClick={() => move(position - 1)}>
                Move up
              </button>
              <button type="button" className="btn btn--secondary" disabled={position === count} onClick={() => move(position + 1)}>
                Move down
              </button>
              <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
                Delete
              </button>
            </>
          ) : null}
        </div>
      </div>
      {confirming && banner ? (
        <ConfirmDialog
          title="Delete this banner?"
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={change.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => run({ kind: 'delete', id: banner._id }, 'Banner deleted', () => setConfirming(false))}
        >
          Banner {position}
          {banner.heading ? ` (“${banner.heading}”)` : ''} leaves the home page.
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

/** The home page's banners: each editable in place, in order, and a form to add one (up to BANNERS_MAX). */
export function BannerEditor({ banners }: { banners: readonly Banner[] }) {
  return (
    <section className="card shop-section" aria-labelledby="shop-banners-heading">
      <h2 id="shop-banners-heading">Home banners</h2>
      <p className="muted">
        The pictures at the top of the home page, in this order (at most {BANNERS_MAX}). Pictures are cropped to 1200 × 400; none: no
        carousel.
      </p>
      {banners.length === 0 ? <p>No banners yet.</p> : null}
      <ol className="banner-list">
        {banners.map((banner, index) => (
          // Keyed by id and place: a move starts the form afresh from the stored banner.
          <li key={`${banner._id}-${index}-${banner.image}`}>
            <BannerForm id={`banner-${banner._id}`} banner={banner} position={index + 1} count={banners.length} />
          </li>
        ))}
      </ol>
      {banners.length < BANNERS_MAX ? (
        <>
          <h3>Add a banner</h3>
          <BannerForm key={banners.length} id="banner-new" />
        </>
      ) : null}
    </section>
  );
}
