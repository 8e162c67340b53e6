import { currencyExponent, shopCurrencyFormat, shopMoney, toCents } from './money.ts';

/**
 * The fixed price bands of the shop (spec.md section 3, decisions.md section 2).
 * A band `[a, b]` with a whole `b` covers `a <= price < b + 1`, so 19.99 is in '0 to 19';
 * the last band has no upper limit.
 */
export interface PriceBand {
  /** Unique id (the spec reused id 4; ours are unique). */
  id: string;
  label: string;
  /** The `[min, max]` pair sent to the server as `radio`, exactly as the spec's client sends it. */
  array: [number, number];
}

/** A `max` at or above this value means "no upper limit" (the spec's '100 or more' band sends 9999). */
export const OPEN_ENDED_MAX = 9999;

/** A band's label in the shop's currency and locale: '$0 to 19', '$100 or more' in dollars; '0 € to 19' in de-DE euros. */
export function bandLabel([min, max]: readonly [number, number]): string {
  const start = shopCurrencyFormat({ minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(min);
  return max >= OPEN_ENDED_MAX ? `${start} or more` : `${start} to ${max}`;
}

const band = (min: number, max: number): PriceBand => ({
  id: max >= OPEN_ENDED_MAX ? `band-${min}-plus` : `band-${min}-${max}`,
  // Read when shown: the shop's currency may be set after this module is loaded.
  get label() {
    return bandLabel([min, max]);
  },
  array: [min, max],
});

/** The same numbers in every currency (decisions.md section 4: the labels are in the shop's currency). */
export const PRICE_BANDS: readonly PriceBand[] = [band(0, 19), band(20, 39), band(40, 59), band(60, 79), band(80, 99), band(100, OPEN_ENDED_MAX)];

/** Bounds in cents: `minCents <= priceCents < maxCentsExclusive` (null: no upper limit). */
export interface CentsRange {
  minCents: number;
  maxCentsExclusive: number | null;
}

function rangeIn([min, max]: readonly [number, number], unit: number): CentsRange {
  const minCents = Math.round(min * unit);
  if (max >= OPEN_ENDED_MAX) return { minCents, maxCentsExclusive: null };
  // A whole upper bound b means "below b + 1"; a fractional one is taken as inclusive.
  const maxCentsExclusive = Number.isInteger(max) ? (max + 1) * unit : Math.round(max * unit) + 1;
  return { minCents, maxCentsExclusive };
}

/** A band in the shop's minor units (cents, or yen in a yen shop). */
export function bandToCentsRange(band: readonly [number, number], currency = shopMoney().currency): CentsRange {
  return rangeIn(band, 10 ** currencyExponent(currency));
}

export function priceInBand(price: number, band: readonly [number, number]): boolean {
  const cents = toCents(price);
  const { minCents, maxCentsExclusive } = bandToCentsRange(band);
  return cents >= minCents && (maxCentsExclusive === null || cents < maxCentsExclusive);
}

/**
 * The index in PRICE_BANDS of the band that `range` is exactly (the server keeps a product count per
 * category and band), or null for any other range.
 */
export function standardBandIndex(range: CentsRange): number | null {
  const index = PRICE_BANDS.findIndex((band) => {
    // The database counts bands in minor units cut at 2000, 4000, … (drizzle/0008_band_counts.sql's
    // price_band): two-decimal currencies only; in a yen shop no range is one of them (counted directly).
    const standard = rangeIn(band.array, 100);
    return standard.minCents === range.minCents && standard.maxCentsExclusive === range.maxCentsExclusive;
  });
  return index === -1 ? null : index;
}
