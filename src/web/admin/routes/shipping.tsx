import { useState } from 'react';
import type { RateBody, ZoneWire } from '../../../contract/checkout.ts';
import { RATE_KINDS } from '../../../contract/checkout.ts';
import { formatPrice } from '../../../domain/money.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useShipping, useShippingChange } from '../api/shipping.ts';
import '../../components/ui/buttons.css';
import './shipping.css';

const list = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** "1000:5, 5000:9" → bands of a weight ({upToGrams, amount}) or price ({from, amount}) rate. */
function bands(kind: RateBody['kind'], text: string): NonNullable<RateBody['bands']> {
  return list(text).map((pair) => {
    const [limit = '', amount = ''] = pair.split(':');
    return kind === 'weight' ? { upToGrams: Number(limit), amount: Number(amount) } : { from: Number(limit), amount: Number(amount) };
  });
}

function rateText(rate: ZoneWire['rates'][number]): string {
  const free = rate.freeFrom === null ? '' : `, free from ${formatPrice(rate.freeFrom)}`;
  switch (rate.kind) {
    case 'flat':
      return `${formatPrice(rate.amount ?? 0)}${free}`;
    case 'pickup':
      return `pickup, free${free ? '' : ''}`;
    case 'weight':
      return `${rate.bands.map((band) => `up to ${band.upToGrams} g: ${formatPrice(band.amount)}`).join('; ')}${free}`;
    case 'price':
      return `${rate.bands.map((band) => `from ${formatPrice(band.from ?? 0)}: ${formatPrice(band.amount)}`).join('; ')}${free}`;
  }
}

function RateForm({ zoneId }: { zoneId: string }) {
  const change = useShippingChange();
  const [rate, setRate] = useState({ name: '', kind: 'flat' as RateBody['kind'], amount: '', bands: '', freeFrom: '' });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: RateBody = {
      name: rate.name,
      kind: rate.kind,
      ...(rate.kind === 'flat' ? { amount: Number(rate.amount) } : {}),
      ...(rate.kind === 'weight' || rate.kind === 'price' ? { bands: bands(rate.kind, rate.bands) } : {}),
      ...(rate.freeFrom ? { freeFrom: Number(rate.freeFrom) } : {}),
    };
    change.mutate(
      { call: 'createShippingRate', zoneId, body },
      {
        onSuccess: () => {
          notify.success('Delivery method added');
          setRate({ name: '', kind: 'flat', amount: '', bands: '', freeFrom: '' });
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };
  const id = (field: string) => `rate-${zoneId}-${field}`;
  return (
    <form className="shipping-rate-form" onSubmit={submit} aria-label="Add a delivery method">
      <label htmlFor={id('name')}>Method</label>
      <input id={id('name')} required maxLength={100} value={rate.name} onChange={(event) => setRate({ ...rate, name: event.target.value })} />
      <label htmlFor={id('kind')}>Kind</label>
      <select id={id('kind')} value={rate.kind} onChange={(event) => setRate({ ...rate, kind: event.target.value as RateBody['kind'] })}>
        {RATE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind}
          </option>
        ))}
      </select>
      {rate.kind === 'flat' && (
        <>
          <label htmlFor={id('amount')}>Amount</label>
          <input id={id('amount')} inputMode="decimal" required value={rate.amount} onChange={(event) => setRate({ ...rate, amount: event.target.value })} />
        </>
      )}
      {(rate.kind === 'weight' || rate.kind === 'price') && (
        <>
          <label htmlFor={id('bands')}>{rate.kind === 'weight' ? 'Bands (up to grams:amount)' : 'Bands (from:amount)'}</label>
          <input id={id('bands')} required placeholder={rate.kind === 'weight' ? '1000:5, 5000:9' : '0:8, 100:4'} value={rate.bands} onChange={(event) => setRate({ ...rate, bands: event.target.value })} />
        </>
      )}
      <label htmlFor={id('free')}>Free from (optional)</label>
      <input id={id('free')} inputMode="decimal" value={rate.freeFrom} onChange={(event) => setRate({ ...rate, freeFrom: event.target.value })} />
      <button type="submit" className="btn btn--secondary" disabled={change.isPending}>
        Add method
      </button>
    </form>
  );
}

function ZoneForm() {
  const change = useShippingChange();
  const empty = { name: '', countries: '', regions: '', postcodePrefixes: '', standard: '', reduced: '', zero: '' };
  const [zone, setZone] = useState(empty);
  const field = (key: keyof typeof empty, label: string, hint?: string) => (
    <>
      <label htmlFor={`zone-${key}`}>{label}</label>
      <input id={`zone-${key}`} value={zone[key]} placeholder={hint} onChange={(event) => setZone({ ...zone, [key]: event.target.value })} />
    </>
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const percent = (text: string) => (text ? Number(text) : 0);
    change.mutate(
      {
        call: 'createShippingZone',
        body: {
          name: zone.name,
          countries: list(zone.countries),
          regions: list(zone.regions),
          postcodePrefixes: list(zone.postcodePrefixes),
          taxes: { standard: percent(zone.standard), reduced: percent(zone.reduced), zero: percent(zone.zero) },
        },
      },
      {
        onSuccess: () => {
          notify.success('Zone added');
          setZone(empty);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };
  return (
    <form className="card shipping-zone-form" onSubmit={submit} aria-labelledby="zone-form-title">
      <h2 id="zone-form-title">Add a zone</h2>
      {field('name', 'Name', 'France')}
      {field('countries', 'Countries', 'FR, MC')}
      {field('regions', 'Only these regions (optional)', 'CA, NY')}
      {field('postcodePrefixes', 'Only these postcode prefixes (optional)', 'IV, KW')}
      {field('standard', 'Standard tax %', '20')}
      {field('reduced', 'Reduced tax %', '5.5')}
      {field('zero', 'Zero-rate tax %', '0')}
      <button type="submit" className="btn" disabled={change.isPending}>
        Add zone
      </button>
    </form>
  );
}

/** Shipping & tax: the zones (countries, regions, postcodes), their delivery methods and tax rates, and whether prices include tax. */
export default function AdminShippingRoute() {
  usePageTitle('Dashboard - Shipping & tax');
  const query = useShipping();
  const change = useShippingChange();
  if (query.isPending) return <Spinner />;
  if (query.isError) return <p role="alert">{errorMessage(query.error)}</p>;
  const { zones, pricesIncludeTax } = query.data;
  const run = (message: string, ...args: Parameters<typeof change.mutate>) =>
    change.mutate(args[0], { onSuccess: () => notify.success(message), onError: (error) => notify.error(errorMessage(error)) });
  return (
    <div className="admin-shipping">
      <section className="card" aria-labelledby="shipping-title">
        <h1 id="shipping-title">Shipping &amp; tax</h1>
        <p>An address takes the most specific zone: postcode prefix, then region, then country. A shop without zones delivers anywhere without shipping or tax.</p>
        <label className="admin-shipping__toggle">
          <input
            type="checkbox"
            checked={pricesIncludeTax}
            disabled={change.isPending}
            onChange={(event) => run('Saved', { call: 'setPricesIncludeTax', pricesIncludeTax: event.target.checked })}
          />
          Prices include tax
        </label>
      </section>
      {zones.length === 0 && <p className="card">No zones yet.</p>}
      {zones.map((zone) => (
        <section key={zone._id} className="card admin-shipping__zone" aria-labelledby={`zone-${zone._id}`}>
          <header>
            <h2 id={`zone-${zone._id}`}>{zone.name}</h2>
            <button type="button" className="btn btn--danger-soft" onClick={() => run('Zone deleted', { call: 'deleteShippingZone', zoneId: zone._id })}>
              Delete zone
            </button>
          </header>
          <p>
            {zone.countries.join(', ')}
            {zone.regions.length > 0 && ` · regions ${zone.regions.join(', ')}`}
            {zone.postcodePrefixes.length > 0 && ` · postcodes ${zone.postcodePrefixes.join(', ')}…`}
          </p>
          <p>
            Tax: standard {zone.taxes.standard}%, reduced {zone.taxes.reduced}%, zero {zone.taxes.zero}%
          </p>
          <ul className="admin-shipping__rates">
            {zone.rates.map((rate) => (
              <li key={rate._id}>
                <span>
                  <strong>{rate.name}</strong> ({rate.kind}): {rateText(rate)}
                </span>
                <button type="button" className="btn btn--secondary" onClick={() => run('Method deleted', { call: 'deleteShippingRate', rateId: rate._id })}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
          <RateForm zoneId={zone._id} />
        </section>
      ))}
      <ZoneForm />
    </div>
  );
}
