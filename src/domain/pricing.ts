/**
 * The checkout's pricing engine (issue 19; docs/decisions/0018-pricing.md): pure functions from a cart, an
 * address, the shop's zones and a discount code to the figures of the summary: subtotal, discount split
 * over the lines, shipping choices, tax lines and total, with every refusal in words. Amounts are integers
 * of the shop's minor units (src/domain/money.ts); rates are basis points (20% = 2000). The same code runs
 * in the browser (the summary as it is chosen) and on the server (the order, recomputed at order time).
 */
import { countryName } from './address.ts';
import { formatMoneyBrief } from './money.ts';

export const TAX_CLASSES = ['standard', 'reduced', 'zero'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

export interface PricingLine {
  /** The line's own id (a variant's), echoed in the answer. */
  id: string;
  productId: number;
  categoryId: number;
  /** Minor units, as entered by the owner (with or without tax: `Shop.pricesIncludeTax`). */
  unitPrice: number;
  quantity: number;
  /** Grams per unit (0 when not known). */
  weightGrams: number;
  taxClass: TaxClass;
}

export interface Address {
  /** ISO 3166-1 alpha-2: 'FR', 'US'. */
  country: string;
  /** ISO 3166-2 subdivision without the country: 'CA' in the US, 'BY' in Germany. */
  region?: string;
  postcode?: string;
}

interface RateBase {
  id: string;
  name: string;
  /** Free when the goods (after the discount) come to at least this much. */
  freeFrom?: number;
}
export type ShippingRate =
  | (RateBase & { kind: 'flat'; amount: number })
  /** The first band whose `upToGrams` the parcel does not pass; heavier than the last: not offered. */
  | (RateBase & { kind: 'weight'; bands: { upToGrams: number; amount: number }[] })
  /** The last band whose `from` the goods reach (the first starts at 0). */
  | (RateBase & { kind: 'price'; bands: { from: number; amount: number }[] })
  | (RateBase & { kind: 'pickup' });

export interface Zone {
  id: string;
  name: string;
  countries: string[];
  /** Only these regions of its countries (none: all of them). */
  regions?: string[];
  /** Only postcodes starting so (none: all of them); compared without spaces, in capitals. */
  postcodePrefixes?: string[];
  rates: ShippingRate[];
  /** Basis points per tax class. */
  tax: Record<TaxClass, number>;
}

export interface DiscountCode {
  code: string;
  kind: 'percent' | 'fixed' | 'free_shipping';
  /** Basis points for `percent` (1500: 15%); minor units for `fixed`. */
  value: number;
  /** Only these products or categories (none: the whole order). */
  productIds?: number[];
  categoryIds?: number[];
  minimumSubtotal?: number;
  minimumQuantity?: number;
  startsAt?: Date;
  endsAt?: Date;
  firstOrderOnly?: boolean;
}

/** What the caller found in the database about the code's limits and the shopper. */
export interface CodeStanding {
  usedUp?: boolean;
  usedByCustomer?: boolean;
  /** The shopper (by normalised e-mail) has no order yet. */
  firstOrder?: boolean;
}

export interface Shop {
  currency: string;
  locale: string;
  /** IANA time zone the code's dates are told in. */
  timeZone: string;
  pricesIncludeTax: boolean;
  zones: Zone[];
}

export interface PricingInput {
  lines: PricingLine[];
  address?: Address;
  code?: DiscountCode | null;
  standing?: CodeStanding;
  /** The shipping rate chosen (default: the cheapest offered). */
  rateId?: string;
  now: Date;
}

export interface Refusal {
  field: 'code' | 'address' | 'rateId';
  message: string;
}

export interface PricedLine {
  id: string;
  subtotal: number;
  discount: number;
  total: number;
}

export interface ShippingChoice {
  id: string;
  name: string;
  kind: ShippingRate['kind'];
  amount: number;
}

export interface TaxLine {
  taxClass: TaxClass;
  /** Basis points. */
  rate: number;
  /** What was taxed (goods after the discount, and their share of the shipping), as entered. */
  base: number;
  amount: number;
}

export interface Pricing {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  /** The code applied (null when none or refused). */
  code: string | null;
  zone: string | null;
  choices: ShippingChoice[];
  shipping: ShippingChoice | null;
  taxes: TaxLine[];
  /** The tax in the total (included in the prices, or added to them). */
  tax: number;
  taxIncluded: boolean;
  total: number;
  refusals: Refusal[];
}

/** a × b / c, rounded half up, exactly (amounts × basis points pass 2^53). Non-negative inputs. */
export function mulDivRound(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/**
 * `total` split in proportion to `weights`, in whole minor units that add up to it exactly: each share
 * rounded down, the units left over given to the largest remainders (the first line on a tie). All weights
 * 0: split evenly the same way.
 */
export function splitLargestRemainder(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const used = sum > 0 ? weights : weights.map(() => 1);
  const whole = BigInt(sum > 0 ? sum : weights.length);
  const shares = used.map((weight) => {
    const exact = BigInt(total) * BigInt(weight);
    return { floor: Number(exact / whole), remainder: exact % whole };
  });
  let left = total - shares.reduce((a, share) => a + share.floor, 0);
  const order = shares.map((_, index) => index).sort((a, b) => {
    const ra = shares[a]?.remainder ?? 0n;
    const rb = shares[b]?.remainder ?? 0n;
    return ra === rb ? a - b : rb > ra ? 1 : -1;
  });
  const result = shares.map((share) => share.floor);
  for (const index of order) {
    if (left <= 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

const normalPostcode = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

/** The zone that delivers to an address: the most specific match (postcode, then region, then country), first listed on a tie. */
export function zoneFor(zones: Zone[], address: Address): Zone | null {
  const country = address.country.trim().toUpperCase();
  const region = address.region?.trim().toUpperCase();
  const postcode = address.postcode ? normalPostcode(address.postcode) : '';
  let best: { zone: Zone; score: number } | null = null;
  for (const zone of zones) {
    if (!zone.countries.some((code) => code.toUpperCase() === country)) continue;
    if (zone.regions?.length && !(region && zone.regions.some((code) => code.toUpperCase() === region))) continue;
    if (zone.postcodePrefixes?.length && !(postcode && zone.postcodePrefixes.some((prefix) => postcode.startsWith(normalPostcode(prefix))))) continue;
    const score = (zone.postcodePrefixes?.length ? 2 : 0) + (zone.regions?.length ? 1 : 0);
    if (!best || score > best.score) best = { zone, score };
  }
  return best?.zone ?? null;
}

/** What a rate costs for these goods, or null when it is not offered (too heavy). */
export function rateAmount(rate: ShippingRate, goods: number, weightGrams: number): number | null {
  let amount: number | null;
  switch (rate.kind) {
    case 'flat':
      amount = rate.amount;
      break;
    case 'pickup':
      amount = 0;
      break;
    case 'weight':
      amount = rate.bands.find((band) => weightGrams <= band.upToGrams)?.amount ?? null;
      break;
    case 'price': {
      const reached = rate.bands.filter((band) => goods >= band.from);
      amount = reached.length ? (reached[reached.length - 1]?.amount ?? null) : null;
      break;
    }
  }
  if (amount !== null && rate.freeFrom !== undefined && goods >= rate.freeFrom) return 0;
  return amount;
}

const dayMonth = (date: Date, shop: Shop) =>
  new Intl.DateTimeFormat(shop.locale, { day: 'numeric', month: 'long', timeZone: shop.timeZone }).format(date);

/** Why a code cannot be used on these lines now, in words; null when it can. */
export function codeRefusal(code: DiscountCode, lines: PricingLine[], standing: CodeStanding, now: Date, shop: Shop): string | null {
  const money = (minor: number) => formatMoneyBrief(minor, shop.currency, shop.locale);
  if (code.startsAt && now < code.startsAt) return `this code starts on ${dayMonth(code.startsAt, shop)}`;
  if (code.endsAt && now >= code.endsAt) return `this code ended on ${dayMonth(new Date(code.endsAt.getTime() - 1), shop)}`;
  if (standing.usedUp) return 'this code has been used up';
  if (standing.usedByCustomer) return 'you have already used this code';
  if (code.firstOrderOnly && standing.firstOrder === false) return 'this code is for a first order only';
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  if (code.minimumSubtotal !== undefined && subtotal < code.minimumSubtotal) {
    return `${money(code.minimumSubtotal - subtotal)} short of the ${money(code.minimumSubtotal)} minimum`;
  }
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (code.minimumQuantity !== undefined && quantity < code.minimumQuantity) {
    const missing = code.minimumQuantity - quantity;
    return `add ${missing} more item${missing === 1 ? '' : 's'}: this code needs ${code.minimumQuantity}`;
  }
  if (code.kind !== 'free_shipping' && !lines.some((line) => eligible(code, line))) return 'this code does not apply to anything in your cart';
  return null;
}

function eligible(code: DiscountCode, line: PricingLine): boolean {
  const scoped = Boolean(code.productIds?.length || code.categoryIds?.length);
  if (!scoped) return true;
  return Boolean(code.productIds?.includes(line.productId) || code.categoryIds?.includes(line.categoryId));
}

/** The discount of each line (minor units): a percentage of the eligible lines, or a fixed amount split over them. */
function lineDiscounts(code: DiscountCode, lines: PricingLine[]): number[] {
  const totals = lines.map((line) => (eligible(code, line) ? line.unitPrice * line.quantity : 0));
  const base = totals.reduce((a, b) => a + b, 0);
  if (code.kind === 'free_shipping' || base === 0) return lines.map(() => 0);
  const off = code.kind === 'percent' ? mulDivRound(base, Math.min(code.value, 10_000), 10_000) : Math.min(code.value, base);
  return splitLargestRemainder(off, totals);
}

/** Tax in an amount: added to it (`rate` of it) or inside it (`rate / (1 + rate)` of it). */
const taxOf = (amount: number, rate: number, included: boolean) =>
  included ? mulDivRound(amount, rate, 10_000 + rate) : mulDivRound(amount, rate, 10_000);

/** The checkout's figures for a cart. */
export function priceCart(shop: Shop, input: PricingInput): Pricing {
  const refusals: Refusal[] = [];
  const { lines } = input;

  let code = input.code ?? null;
  if (code) {
    const refusal = codeRefusal(code, lines, input.standing ?? {}, input.now, shop);
    if (refusal) {
      refusals.push({ field: 'code', message: refusal });
      code = null;
    }
  }
  const discounts = code ? lineDiscounts(code, lines) : lines.map(() => 0);
  const priced = lines.map((line, index) => {
    const subtotal = line.unitPrice * line.quantity;
    const discount = discounts[index] ?? 0;
    return { id: line.id, subtotal, discount, total: subtotal - discount };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.subtotal, 0);
  const discount = priced.reduce((sum, line) => sum + line.discount, 0);
  const goods = subtotal - discount;
  const weight = lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);

  const zone = input.address ? zoneFor(shop.zones, input.address) : null;
  if (input.address && !zone) {
    refusals.push({ field: 'address', message: `we don't deliver to ${countryName(input.address.country, shop.locale)}` });
  }
  const choices: ShippingChoice[] = [];
  for (const rate of zone?.rates ?? []) {
    const amount = rateAmount(rate, goods, weight);
    if (amount === null) continue;
    choices.push({ id: rate.id, name: rate.name, kind: rate.kind, amount: code?.kind === 'free_shipping' ? 0 : amount });
  }
  if (zone && choices.length === 0) refusals.push({ field: 'address', message: `nothing we deliver to ${zone.name} carries this order` });
  let shipping: ShippingChoice | null = null;
  if (input.rateId !== undefined) {
    shipping = choices.find((choice) => choice.id === input.rateId) ?? null;
    if (!shipping && zone) refusals.push({ field: 'rateId', message: 'this delivery method is not offered for this address' });
  } else {
    shipping = choices.reduce<ShippingChoice | null>((cheapest, choice) => (!cheapest || choice.amount < cheapest.amount ? choice : cheapest), null);
  }
  const shippingAmount = shipping?.amount ?? 0;

  // Tax per class (at the zone's rates) on the goods after the discount, plus the shipping split over the
  // classes in proportion to the goods it carries.
  const taxes: TaxLine[] = [];
  if (zone) {
    const goodsByClass = TAX_CLASSES.map((taxClass) =>
      lines.reduce((sum, line, index) => sum + (line.taxClass === taxClass ? (priced[index]?.total ?? 0) : 0), 0),
    );
    const quantityByClass = TAX_CLASSES.map((taxClass) => lines.reduce((sum, line) => sum + (line.taxClass === taxClass ? line.quantity : 0), 0));
    const weights = goodsByClass.some((value) => value > 0) ? goodsByClass : quantityByClass;
    const shippingByClass = splitLargestRemainder(shippingAmount, weights);
    TAX_CLASSES.forEach((taxClass, index) => {
      const base = (goodsByClass[index] ?? 0) + (shippingByClass[index] ?? 0);
      const rate = zone.tax[taxClass];
      if (base === 0 && (weights[index] ?? 0) === 0) return;
      taxes.push({ taxClass, rate, base, amount: taxOf(base, rate, shop.pricesIncludeTax) });
    });
  }
  const tax = taxes.reduce((sum, line) => sum + line.amount, 0);
  const total = goods + shippingAmount + (shop.pricesIncludeTax ? 0 : tax);
  return {
    lines: priced,
    subtotal,
    discount,
    code: code?.code ?? null,
    zone: zone?.id ?? null,
    choices,
    shipping,
    taxes,
    tax,
    taxIncluded: shop.pricesIncludeTax,
    total,
    refusals,
  };
}
