import type { QuoteResponse, ZoneWire } from '../../../contract/checkout.ts';
import type { CheckCodeResponse } from '../../../contract/discount.ts';
import { fromCents } from '../../../domain/money.ts';
import { productVariantName } from '../../../domain/variants.ts';
import { type Pricing, type ShippingChoice, type ShippingRate, TAX_CLASSES, type TaxClass, type Zone } from '../../../domain/pricing.ts';
import type { PlannedLine } from '../order/service.ts';
import { percentOf } from '../order/mapper.ts';
import type { RateRow, TaxRateRow, ZoneRow, ZonesRead } from './repo.ts';

type Band = { upToGrams?: number; from?: number; amount: number };

/** A zone's tax rates per class (basis points; a class without a row: 0). */
function taxesOf(zoneId: number, taxes: TaxRateRow[]): Record<TaxClass, number> {
  const rates = { standard: 0, reduced: 0, zero: 0 } as Record<TaxClass, number>;
  for (const row of taxes) if (row.zoneId === zoneId && (TAX_CLASSES as readonly string[]).includes(row.taxClass)) rates[row.taxClass as TaxClass] = row.basisPoints;
  return rates;
}

/** A rate row as the pricing engine reads it. */
function toEngineRate(row: RateRow): ShippingRate {
  const base = { id: String(row.id), name: row.name, ...(row.freeFromMinor === null ? {} : { freeFrom: row.freeFromMinor }) };
  const bands = row.bands as Band[];
  switch (row.kind) {
    case 'weight':
      return { ...base, kind: 'weight', bands: bands.map((band) => ({ upToGrams: band.upToGrams ?? 0, amount: band.amount })) };
    case 'price':
      return { ...base, kind: 'price', bands: bands.map((band) => ({ from: band.from ?? 0, amount: band.amount })) };
    case 'pickup':
      return { ...base, kind: 'pickup' };
    default:
      return { ...base, kind: 'flat', amount: row.amountMinor };
  }
}

/** The tables as the engine's zones, in their order. */
export function toEngineZones(read: ZonesRead): Zone[] {
  const ratesByZone = new Map<number, RateRow[]>();
  for (const rate of read.rates) ratesByZone.set(rate.zoneId, [...(ratesByZone.get(rate.zoneId) ?? []), rate]);
  return read.zones.map((zone) => ({
    id: String(zone.id),
    name: zone.name,
    countries: zone.countries,
    regions: zone.regions,
    postcodePrefixes: zone.postcodePrefixes,
    rates: (ratesByZone.get(zone.id) ?? []).map(toEngineRate),
    tax: taxesOf(zone.id, read.taxes),
  }));
}

/** A zone for its owner (amounts in major units, tax rates as percentages). */
export function toWireZone(zone: ZoneRow, rates: RateRow[], taxes: TaxRateRow[]): ZoneWire {
  const rate = taxesOf(zone.id, taxes);
  return {
    _id: String(zone.id),
    name: zone.name,
    countries: zone.countries,
    regions: zone.regions,
    postcodePrefixes: zone.postcodePrefixes,
    position: zone.position,
    taxes: { standard: percentOf(rate.standard), reduced: percentOf(rate.reduced), zero: percentOf(rate.zero) },
    rates: rates
      .filter((row) => row.zoneId === zone.id)
      .map((row) => ({
        _id: String(row.id),
        name: row.name,
        kind: row.kind as ZoneWire['rates'][number]['kind'],
        amount: row.kind === 'flat' ? fromCents(row.amountMinor) : null,
        bands: (row.bands as Band[]).map((band) => ({ ...band, amount: fromCents(band.amount), ...(band.from === undefined ? {} : { from: fromCents(band.from) }) })),
        freeFrom: row.freeFromMinor === null ? null : fromCents(row.freeFromMinor),
        position: row.position,
      })),
  };
}

const choiceWire = (choice: ShippingChoice) => ({ _id: choice.id, name: choice.name, kind: choice.kind, amount: fromCents(choice.amount) });

/** The engine's answer on the wire (major units, like an order's `total`). */
export function toWireQuote(pricing: Pricing, planned: PlannedLine[], currency: string): QuoteResponse {
  return {
    success: true,
    currency,
    lines: pricing.lines.map((line, index) => {
      const item = planned[index] as PlannedLine;
      return {
        product: String(item.productId),
        variant: item.variantId === null ? null : String(item.variantId),
        name: productVariantName(item.name, item.variantTitle),
        quantity: item.quantity,
        unitPrice: fromCents(item.unitPriceCents),
        subtotal: fromCents(line.subtotal),
        discount: fromCents(line.discount),
        total: fromCents(line.total),
      };
    }),
    subtotal: fromCents(pricing.subtotal),
    discount: fromCents(pricing.discount),
    choices: pricing.choices.map(choiceWire),
    shipping: pricing.shipping ? choiceWire(pricing.shipping) : null,
    taxes: pricing.taxes.map((line) => ({ taxClass: line.taxClass, rate: percentOf(line.rate), base: fromCents(line.base), amount: fromCents(line.amount) })),
    tax: fromCents(pricing.tax),
    taxIncluded: pricing.taxIncluded,
    total: fromCents(pricing.total),
    refusals: pricing.refusals.map((refusal) => ({ field: refusal.field === 'address' ? 'address.country' : refusal.field, message: refusal.message })),
  };
}

/**
 * The shopper's code check on the wire: the quote's own pricing of the cart (goods only: no address), told
 * as whether the code applies, why not in words, and its share on each line.
 */
export function toWireCodeCheck(pricing: Pricing, planned: PlannedLine[], code: { code: string; kind: string }, refusal: string | undefined): CheckCodeResponse {
  const applies = refusal === undefined;
  return {
    success: true,
    code: code.code,
    applies,
    message: refusal ?? 'this code applies',
    freeShipping: applies && code.kind === 'free_shipping',
    subtotal: fromCents(pricing.subtotal),
    discount: fromCents(pricing.discount),
    total: fromCents(pricing.total),
    lines: pricing.lines.map((line, index) => {
      const item = planned[index] as PlannedLine;
      return { _id: String(item.productId), variant: String(item.variantId ?? ''), subtotal: fromCents(line.subtotal), discount: fromCents(line.discount) };
    }),
  };
}
