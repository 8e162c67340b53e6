import { useEffect, useRef, useState } from 'react';
import type { RateBody, ZoneBody, ZoneWire } from '../../../contract/checkout.ts';
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

type RateWire = ZoneWire['rates'][number];
type RateFields = { name: string; kind: RateBody['kind']; amount: string; bands: string; freeFrom: string };
const EMPTY_RATE: RateFields = { name: '', kind: 'flat', amount: '', bands: '', freeFrom: '' };

/** A stored method as the form's text fields (bands as "limit:amount, …", the same text the form reads). */
function rateFields(rate: RateWire): RateFields {
  return {
    name: rate.name,
    kind: rate.kind,
    amount: rate.amount === null ? '' : String(rate.amount),
    bands: rate.bands.map((band) => `${rate.kind === 'weight' ? band.upToGrams : band.from}:${band.amount}`).join(', '),
    freeFrom: rate.freeFrom === null ? '' : String(rate.freeFrom),
  };
}

/** An item edited in place: open by its Edit button; closing gives that button the focus back. */
function useEditInPlace() {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return { editing, open: () => setEditing(true), close, editButton };
}

/** A shipping form's buttons: add, or save and cancel when it edits in place. */
function FormActions({ editing, what, pending, addClassName, onCancel }: { editing: boolean; what: string; pending: boolean; addClassName: string; onCancel?: () => void }) {
  return (
    <div className="shipping-form__actions">
      <button type="submit" className={editing ? 'btn' : addClassName} disabled={pending}>
        {editing ? `Save ${what}` : `Add ${what}`}
      </button>
      {editing && (
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/** Takes the focus when it opens (an edit form opened by its button). */
function useFocusOnOpen<T extends HTMLElement>(on: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (on) ref.current?.focus();
  }, [on]);
  return ref;
}

/**
 * A delivery method's form: adds one to the zone, or (`rate`) edits that one in place (its position kept;
 * an emptied "Free from" removes it).
 */
function RateForm({ zoneId, rate, onDone }: { zoneId: string; rate?: RateWire; onDone?: () => void }) {
  const change = useShippingChange();
  const editing = rate !== undefined;
  const [fields, setFields] = useState<RateFields>(rate ? rateFields(rate) : EMPTY_RATE);
  const first = useFocusOnOpen<HTMLInputElement>(editing);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: RateBody = {
      name: fields.name,
      kind: fields.kind,
      ...(fields.kind === 'flat' ? { amount: Number(fields.amount) } : {}),
      ...(fields.kind === 'weight' || fields.kind === 'price' ? { bands: bands(fields.kind, fields.bands) } : {}),
      ...(fields.freeFrom ? { freeFrom: Number(fields.freeFrom) } : editing ? { freeFrom: null } : {}),
      ...(rate ? { position: rate.position } : {}),
    };
    change.mutate(rate ? { call: 'updateShippingRate', rateId: rate._id, body } : { call: 'createShippingRate', zoneId, body }, {
      onSuccess: () => {
        notify.success(editing ? 'Delivery method saved' : 'Delivery method added');
        if (!editing) setFields(EMPTY_RATE);
        onDone?.();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  const id = (field: string) => `rate-${rate ? `edit-${rate._id}` : zoneId}-${field}`;
  return (
    <form className="shipping-rate-form" onSubmit={submit} aria-label={rate ? `Edit delivery method ${rate.name}` : 'Add a delivery method'}>
      <label htmlFor={id('name')}>Method</label>
      <input id={id('name')} ref={first} required maxLength={100} value={fields.name} onChange={(event) => setFields({ ...fields, name: event.target.value })} />
      <label htmlFor={id('kind')}>Kind</label>
      <select id={id('kind')} value={fields.kind} onChange={(event) => setFields({ ...fields, kind: event.target.value as RateBody['kind'] })}>
        {RATE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind}
          </option>
        ))}
      </select>
      {fields.kind === 'flat' && (
        <>
          <label htmlFor={id('amount')}>Amount</label>
          <input id={id('amount')} inputMode="decimal" required value={fields.amount} onChange={(event) => setFields({ ...fields, amount: event.target.value })} />
        </>
      )}
      {(fields.kind === 'weight' || fields.kind === 'price') && (
        <>
          <label htmlFor={id('bands')}>{fields.kind === 'weight' ? 'Bands (up to grams:amount)' : 'Bands (from:amount)'}</label>
          <input id={id('bands')} required placeholder={fields.kind === 'weight' ? '1000:5, 5000:9' : '0:8, 100:4'} value={fields.bands} onChange={(event) => setFields({ ...fields, bands: event.target.value })} />
        </>
      )}
      <label htmlFor={id('free')}>Free from (optional)</label>
      <input id={id('free')} inputMode="decimal" value={fields.freeFrom} onChange={(event) => setFields({ ...fields, freeFrom: event.target.value })} />
      <FormActions editing={editing} what="method" pending={change.isPending} addClassName="btn btn--secondary" onCancel={onDone} />
    </form>
  );
}

type ZoneFields = { name: string; countries: string; regions: string; postcodePrefixes: string; standard: string; reduced: string; zero: string };
const EMPTY_ZONE: ZoneFields = { name: '', countries: '', regions: '', postcodePrefixes: '', standard: '', reduced: '', zero: '' };

/** A stored zone as the form's text fields (lists as "FR, MC"). */
const zoneFields = (zone: ZoneWire): ZoneFields => ({
  name: zone.name,
  countries: zone.countries.join(', '),
  regions: zone.regions.join(', '),
  postcodePrefixes: zone.postcodePrefixes.join(', '),
  standard: String(zone.taxes.standard),
  reduced: String(zone.taxes.reduced),
  zero: String(zone.taxes.zero),
});

/**
 * A zone's form: adds a zone, or (`zone`) edits that one in place: its name, countries, regions, postcode
 * prefixes and tax rates (its position and delivery methods kept).
 */
function ZoneForm({ zone, onDone }: { zone?: ZoneWire; onDone?: () => void }) {
  const change = useShippingChange();
  const editing = zone !== undefined;
  const [fields, setFields] = useState<ZoneFields>(zone ? zoneFields(zone) : EMPTY_ZONE);
  const first = useFocusOnOpen<HTMLInputElement>(editing);
  const prefix = zone ? `zone-edit-${zone._id}` : 'zone';
  const field = (key: keyof ZoneFields, label: string, hint?: string) => (
    <>
      <label htmlFor={`${prefix}-${key}`}>{label}</label>
      <input
        id={`${prefix}-${key}`}
        ref={key === 'name' ? first : undefined}
        value={fields[key]}
        placeholder={hint}
        onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
      />
    </>
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const percent = (text: string) => (text ? Number(text) : 0);
    const body: ZoneBody = {
      name: fields.name,
      countries: list(fields.countries),
      regions: list(fields.regions),
      postcodePrefixes: list(fields.postcodePrefixes),
      taxes: { standard: percent(fields.standard), reduced: percent(fields.reduced), zero: percent(fields.zero) },
      ...(zone ? { position: zone.position } : {}),
    };
    change.mutate(zone ? { call: 'updateShippingZone', zoneId: zone._id, body } : { call: 'createShippingZone', body }, {
      onSuccess: () => {
        notify.success(editing ? 'Zone saved' : 'Zone added');
        if (!editing) setFields(EMPTY_ZONE);
        onDone?.();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  const titleId = `${prefix}-form-title`;
  return (
    <form className={editing ? 'shipping-zone-form' : 'card shipping-zone-form'} onSubmit={submit} aria-labelledby={titleId}>
      {editing ? (
        <h3 id={titleId}>Edit zone {zone.name}</h3>
      ) : (
        <h2 id={titleId}>Add a zone</h2>
      )}
      {field('name', 'Name', 'France')}
      {field('countries', 'Countries', 'FR, MC')}
      {field('regions', 'Only these regions (optional)', 'CA, NY')}
      {field('postcodePrefixes', 'Only these postcode prefixes (optional)', 'IV, KW')}
      {field('standard', 'Standard tax %', '20')}
      {field('reduced', 'Reduced tax %', '5.5')}
      {field('zero', 'Zero-rate tax %', '0')}
      <FormActions editing={editing} what="zone" pending={change.isPending} addClassName="btn" onCancel={onDone} />
    </form>
  );
}

/** A delivery method in its zone's list: its summary with Edit and Delete, or its edit form. */
function RateItem({ zoneId, rate, onDelete }: { zoneId: string; rate: RateWire; onDelete: () => void }) {
  const { editing, open, close, editButton } = useEditInPlace();
  if (editing) {
    return (
      <li className="admin-shipping__rate--editing">
        <RateForm zoneId={zoneId} rate={rate} onDone={close} />
      </li>
    );
  }
  return (
    <li>
      <span>
        <strong>{rate.name}</strong> ({rate.kind}): {rateText(rate)}
      </span>
      <span className="admin-shipping__actions">
        <button type="button" ref={editButton} className="btn btn--secondary" aria-label={`Edit ${rate.name}`} onClick={open}>
          Edit
        </button>
        <button type="button" className="btn btn--secondary" aria-label={`Delete ${rate.name}`} onClick={onDelete}>
          Delete
        </button>
      </span>
    </li>
  );
}

/** A zone: its countries, taxes and methods, with Edit zone (the zone's form in place) and Delete zone. */
function ZoneSection({ zone, run }: { zone: ZoneWire; run: (message: string, change: Parameters<ReturnType<typeof useShippingChange>['mutate']>[0]) => void }) {
  const { editing, open, close, editButton } = useEditInPlace();
  return (
    <section className="card admin-shipping__zone" aria-labelledby={`zone-${zone._id}`}>
      <header>
        <h2 id={`zone-${zone._id}`}>{zone.name}</h2>
        <span className="admin-shipping__actions">
          <button
            type="button"
            ref={editButton}
            className="btn btn--secondary"
            aria-expanded={editing}
            aria-label={`Edit zone ${zone.name}`}
            onClick={editing ? close : open}
          >
            Edit zone
          </button>
          <button type="button" className="btn btn--danger-soft" onClick={() => run('Zone deleted', { call: 'deleteShippingZone', zoneId: zone._id })}>
            Delete zone
          </button>
        </span>
      </header>
      {editing ? (
        <ZoneForm zone={zone} onDone={close} />
      ) : (
        <>
          <p>
            {zone.countries.join(', ')}
            {zone.regions.length > 0 && ` · regions ${zone.regions.join(', ')}`}
            {zone.postcodePrefixes.length > 0 && ` · postcodes ${zone.postcodePrefixes.join(', ')}…`}
          </p>
          <p>
            Tax: standard {zone.taxes.standard}%, reduced {zone.taxes.reduced}%, zero {zone.taxes.zero}%
          </p>
        </>
      )}
      <ul className="admin-shipping__rates" aria-label={`Delivery methods of ${zone.name}`}>
        {zone.rates.map((rate) => (
          <RateItem key={rate._id} zoneId={zone._id} rate={rate} onDelete={() => run('Method deleted', { call: 'deleteShippingRate', rateId: rate._id })} />
        ))}
      </ul>
      <RateForm zoneId={zone._id} />
    </section>
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
        <ZoneSection key={zone._id} zone={zone} run={run} />
      ))}
      <ZoneForm />
    </div>
  );
}
