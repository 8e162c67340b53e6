import { shopMoneyBody, type ShopMoneyBody } from '../../../contract/settings.ts';
import { currencyExponent, formatMoney, isCurrency, isLocale } from '../../../domain/money.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { type FieldSpec, SchemaFields, useSchemaForm } from '../../components/ui/schema-form.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useShopMoney, useUpdateShopMoney } from '../api/shop-money.ts';
import '../../components/ui/buttons.css';
import './settings.css';

const fields = (locked: boolean): readonly FieldSpec<keyof ShopMoneyBody>[] => [
  {
    name: 'currency',
    label: 'Currency',
    type: 'text',
    autoComplete: 'off',
    placeholder: 'EUR',
    maxLength: 3,
    disabled: locked,
    hint: locked
      ? 'The shop has orders in this currency, so it stays.'
      : 'Three letters (ISO 4217): EUR, GBP, JPY… Prices keep their numbers in the smallest unit: 19.99 becomes ¥1,999 in yen.',
  },
  {
    name: 'locale',
    label: 'Locale',
    type: 'text',
    autoComplete: 'off',
    placeholder: 'de-DE',
    maxLength: 35,
    hint: 'How prices and dates are written: en-US, en-GB, de-DE, fr-FR, ja-JP…',
  },
];

/** A sample price in what is typed (or nothing while it is not a currency and locale). */
function example(currency: string, locale: string): string | null {
  if (!isCurrency(currency) || !isLocale(locale)) return null;
  return formatMoney(123456 * 10 ** Math.max(0, currencyExponent(currency) - 2), currency, locale);
}

function SettingsForm({ initial, locked }: { initial: ShopMoneyBody; locked: boolean }) {
  const update = useUpdateShopMoney();
  const form = useSchemaForm({ schema: shopMoneyBody, fields: fields(locked), initial, idPrefix: 'settings' });
  const sample = example(form.values.currency, form.values.locale);

  const submit = form.handleSubmit((data) => {
    if (update.isPending) return;
    // Told through the promise, not mutate's callbacks: the save reloads every query, and the settings' new
    // values remount this form (its key), which drops mutate's callbacks before they run (no toast came).
    update.mutateAsync(data).then(
      (saved) => notify.success(`Prices are now shown in ${saved.currency}, written for ${saved.locale}`),
      (error: unknown) => notify.error(errorMessage(error)),
    );
  });

  return (
    <form className="card admin-settings" onSubmit={submit} noValidate aria-labelledby="settings-heading">
      <h1 id="settings-heading">Currency and locale</h1>
      <p className="admin-settings__lead">The currency prices are entered, shown and charged in, and how they are written.</p>
      <SchemaFields form={form} />
      <p className="admin-settings__sample" aria-live="polite">
        A price reads: <strong>{sample ?? '…'}</strong>
      </p>
      <button type="submit" className="btn" disabled={update.isPending} aria-busy={update.isPending}>
        SAVE
      </button>
    </form>
  );
}

/** Settings: the shop's currency (until it has orders) and locale. */
export default function AdminSettingsRoute() {
  usePageTitle('Dashboard - Settings');
  const query = useShopMoney();
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="card empty-state" role="alert">
        <p>The settings could not be loaded.</p>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { currency, locale, currencyLocked } = query.data;
  return <SettingsForm key={`${currency}|${locale}`} initial={{ currency, locale }} locked={currencyLocked} />;
}
