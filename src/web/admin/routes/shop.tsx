import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  ABOUT_MAX,
  ANNOUNCEMENT_MAX,
  LINK_MAX,
  POLICY_MAX,
  SHOP_ADDRESS_MAX,
  SHOP_EMAIL_MAX,
  SHOP_PHONE_MAX,
  type ShopDetails,
  type ShopDetailsBody,
} from '../../../contract/shop-content.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useShopContent } from '../../features/shop/api/get-shop-content.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useUpdateShopDetails } from '../api/shop-content.ts';
import { BannerEditor } from '../components/banner-editor.tsx';
import { refusalOf, ShopTextField } from '../components/shop-text-field.tsx';
import './shop.css';

/** The values of one section's form, as typed. */
type Values = Record<string, string>;

/**
 * One section of the details (contact, pages): its fields, saved together with one call that names only
 * them. A refusal shows under the field the server names, which takes the focus.
 */
function DetailsSection({
  id,
  title,
  intro,
  initial,
  fields,
  toBody,
}: {
  id: string;
  title: string;
  intro: string;
  initial: Values;
  fields: { name: string; label: string; maxLength: number; rows?: number; type?: 'email' | 'tel'; autoComplete?: string; hint?: string }[];
  toBody: (values: Values) => ShopDetailsBody;
}) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const save = useUpdateShopDetails();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(toBody(values), {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (failure) => {
        const refusal = refusalOf(errorMessage(failure));
        if (refusal) {
          setError(refusal);
          document.getElementById(`${id}-${refusal.field.replace('.', '-')}`)?.focus();
        } else notify.error(errorMessage(failure));
      },
    });
  };
  return (
    <section className="card shop-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <p className="muted">{intro}</p>
      <form onSubmit={submit} noValidate>
        {fields.map((field) => (
          <ShopTextField
            key={field.name}
            id={`${id}-${field.name.replace('.', '-')}`}
            label={field.label}
            value={values[field.name] ?? ''}
            onChange={(value) => setValues({ ...values, [field.name]: value })}
            maxLength={field.maxLength}
            {...(field.rows ? { rows: field.rows } : {})}
            {...(field.type ? { type: field.type } : {})}
            {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
            hint={field.hint}
            error={error?.field === field.name ? error.message : undefined}
          />
        ))}
        <button type="submit" className="btn" aria-busy={save.isPending}>
          Save {title.toLowerCase()}
        </button>
      </form>
    </section>
  );
}

const contactOf = (details: ShopDetails): Values => ({ email: details.email, phone: details.phone, address: details.address });
const pagesOf = (details: ShopDetails): Values => ({
  about: details.about,
  privacyPolicy: details.privacyPolicy,
  shippingPolicy: details.shippingPolicy,
  returnsPolicy: details.returnsPolicy,
});
const announcementOf = (details: ShopDetails): Values => ({
  'announcement.text': details.announcement.text,
  'announcement.link': details.announcement.link,
});

const PAGE_HINT = 'Plain text; a blank line starts a new paragraph. Empty: the page says it is being written.';

/** The announcement bar: its text, link and whether it shows. */
function AnnouncementSection({ details }: { details: ShopDetails }) {
  const [on, setOn] = useState(details.announcement.on);
  const [values, setValues] = useState(announcementOf(details));
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const save = useUpdateShopDetails();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { announcement: { text: values['announcement.text'] ?? '', link: values['announcement.link'] ?? '', on } },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (failure) => {
          const refusal = refusalOf(errorMessage(failure));
          if (refusal) {
            setError(refusal);
            document.getElementById(`shop-bar-${refusal.field.replace('.', '-')}`)?.focus();
          } else notify.error(errorMessage(failure));
        },
      },
    );
  };
  const field = (name: string) => ({
    value: values[name] ?? '',
    onChange: (value: string) => setValues({ ...values, [name]: value }),
    error: error?.field === name ? error.message : undefined,
  });
  return (
    <section className="card shop-section" aria-labelledby="shop-bar-heading">
      <h2 id="shop-bar-heading">Announcement bar</h2>
      <p className="muted">A line above the header of every shop page: a sale, a delivery note, a holiday closure.</p>
      <form onSubmit={submit} noValidate>
        <div className="field shop-section__check">
          <input id="shop-bar-on" type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} />
          <label htmlFor="shop-bar-on">Show the announcement bar</label>
        </div>
        <ShopTextField id="shop-bar-announcement-text" label="Announcement" maxLength={ANNOUNCEMENT_MAX} {...field('announcement.text')} />
        <ShopTextField
          id="shop-bar-announcement-link"
          label="Link (optional)"
          maxLength={LINK_MAX}
          hint="A page of the shop (/category/books) or a web address (https://…)."
          {...field('announcement.link')}
        />
        <button type="submit" className="btn" aria-busy={save.isPending}>
          Save announcement bar
        </button>
      </form>
    </section>
  );
}

/** The shop's own words and pictures: contact details, About and policy pages, announcement bar, home banners. */
export default function AdminShopRoute() {
  usePageTitle('Dashboard - Shop pages');
  const content = useShopContent();
  // The forms start from the stored details once (a save replaces the query's data, not the typing).
  const [loaded, setLoaded] = useState<ShopDetails | null>(null);
  useEffect(() => {
    if (content.data && !loaded) setLoaded(content.data.details);
  }, [content.data, loaded]);
  // A link to a field (from the owner's page: "Still to write") takes the focus there.
  const { hash } = useLocation();
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.focus();
  }, [loaded, hash]);

  return (
    <div className="admin-shop">
      <h1>Shop pages</h1>
      <p className="muted">What shoppers read about your shop. What you leave empty is left out of the shop.</p>
      {content.isError ? (
        <p role="alert">
          The shop&rsquo;s details could not be loaded.{' '}
          <button type="button" className="btn btn--secondary" onClick={() => void content.refetch()}>
            Try again
          </button>
        </p>
      ) : !loaded || !content.data ? (
        <Spinner label="Loading the shop's details" />
      ) : (
        <>
          <DetailsSection
            id="shop-contact"
            title="Contact details"
            intro="Shown on the Contact page."
            initial={contactOf(loaded)}
            fields={[
              { name: 'email', label: 'E-mail', maxLength: SHOP_EMAIL_MAX, type: 'email', autoComplete: 'email' },
              { name: 'phone', label: 'Phone', maxLength: SHOP_PHONE_MAX, type: 'tel', autoComplete: 'tel' },
              { name: 'address', label: 'Postal address', maxLength: SHOP_ADDRESS_MAX, rows: 3 },
            ]}
            toBody={(values) => ({ email: values.email ?? '', phone: values.phone ?? '', address: values.address ?? '' })}
          />
          <DetailsSection
            id="shop-pages"
            title="Pages"
            intro="The About page and the policies the footer links to."
            initial={pagesOf(loaded)}
            fields={[
              { name: 'about', label: 'About', maxLength: ABOUT_MAX, rows: 6, hint: 'Plain text; a blank line starts a new paragraph.' },
              { name: 'privacyPolicy', label: 'Privacy policy', maxLength: POLICY_MAX, rows: 8, hint: PAGE_HINT },
              { name: 'shippingPolicy', label: 'Shipping policy', maxLength: POLICY_MAX, rows: 8, hint: PAGE_HINT },
              { name: 'returnsPolicy', label: 'Returns policy', maxLength: POLICY_MAX, rows: 8, hint: PAGE_HINT },
            ]}
            toBody={(values) => ({
              about: values.about ?? '',
              privacyPolicy: values.privacyPolicy ?? '',
              shippingPolicy: values.shippingPolicy ?? '',
              returnsPolicy: values.returnsPolicy ?? '',
            })}
          />
          <AnnouncementSection details={loaded} />
          <BannerEditor banners={content.data.banners} />
        </>
      )}
    </div>
  );
}
