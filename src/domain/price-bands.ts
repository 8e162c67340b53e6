/**
 * The fixed price bands of the shop (spec.md section 3, decisions.md section 2).
 * A band `[a, b]` with a whole `b` covers `a <= price < b + 1`, so $19.99 is in '$0 to 19';
 * the last band has no upper limit.
 */
export interface PriceBand {
  /** Unique id (the spec reused id 4; ours are unique). */
  id: string;
  label: string;
  /** The `[min, max]` pair sent to the server as `radio`, exactly as the spec's client sends it. */
  array: [number, number];
}

/** A `max` at or above this value means "no upper limit" (the spec's '$100 or more' sends 9999). */
export const OPEN_ENDED_MAX = 9999;

export const PRICE_BANDS: readonly PriceBand[] = [
  { id: 'band-0-19', label: '$0 to 19', array: [0, 19] },
  { id: 'band-20-39', label: '$20 to 39', array: [20, 39] },
  { id: 'band-40-59', label: '$40 to 59', array: [40, 59] },
  { id: 'band-60-79', label: '$60 to 79', array: [60, 79] },
  { id: 'band-80-99', label: '$80 to 99', array: [80, 99] },
  { id: 'band-100-plus', label: '$100 or more', array: [100, OPEN_ENDED_MAX] },
];

/** Bounds in cents: `minCents <= priceCents < maxCentsExclusive` (null: no upper limit). */
export interface CentsRange {
  minCents: number;
  maxCentsExclusive: number | null;
}

export function bandToCentsRange([min, max]: readonly [number, number]): CentsRange {
  const minCents = Math.round(min * 100);
  if (max >= OPEN_ENDED_MAX) return { minCents, maxCentsExclusive: null };
  // A whole upper bound b means "below b + 1"; a fractional one is taken as inclusive.
  const maxCentsExclusive = Number.isInteger(max) ? (max + 1) * 100 : Math.round(max * 100) + 1;
  return { minCents, maxCentsExclusive };
}

export function priceInBand(price: number, band: readonly [number, number]): boolean {
  const cents = Math.round(price * 100);
  const { minCents, maxCentsExclusive } = bandToCentsRange(band);
  return cents >= minCents && (maxCentsExclusive === null || cents < maxCentsExclusive);
}

/**
 * The index in PRICE_BANDS of the band that `range` is exactly (the server keeps a product count per
 * category and band), or null for any other range.
 */
export function standardBandIndex(range: CentsRange): number | null {
  const index = PRICE_BANDS.findIndex((band) => {
    const standard = bandToCentsRange(band.array);
    return standard.minCents === range.minCents && standard.maxCentsExclusive === range.maxCentsExclusive;
  });
  return index === -1 ? null : index;
}
