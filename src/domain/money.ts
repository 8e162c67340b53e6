/**
 * The one money module. Amounts are integers in the currency's minor units (cents for USD and EUR, yen
 * for JPY, fils for KWD), never floats: parsed from decimal text digit by digit, formatted by Intl from
 * an exact decimal string, and converted to what a payment provider expects here and nowhere else.
 */

export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

/** Stripe's zero-decimal and three-decimal currencies (every other is two-decimal in its API). */
const STRIPE_ZERO_DECIMAL = ['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'];
const STRIPE_THREE_DECIMAL = ['BHD', 'JOD', 'KWD', 'OMR', 'TND'];

/** How Stripe counts each currency's amounts, where it differs from two decimals. */
const STRIPE_EXPONENTS: Readonly<Record<string, number>> = Object.fromEntries([
  ...STRIPE_ZERO_DECIMAL.map((code) => [code, 0]),
  ...STRIPE_THREE_DECIMAL.map((code) => [code, 3]),
]);

/**
 * Digits after the decimal point, pinned for the currencies Stripe treats specially, so that an amount
 * stored by the server means the same on every browser whatever its Intl data says (CLDR has changed
 * some of these over the years: HUF, TWD, ISK, IDR). Everything else follows Intl.
 */
const PINNED_EXPONENTS: Readonly<Record<string, number>> = {
  USD: 2,
  EUR: 2,
  ...STRIPE_EXPONENTS,
  // Whole units in practice; Stripe takes them as two-decimal amounts (ISK only in whole krónur)
  ISK: 0,
  HUF: 0,
  // Two decimals in Stripe's charges (zero only for its payouts)
  TWD: 2,
};

/**
 * Stripe amounts that must be a multiple of this (in Stripe's units): the last digit of a three-decimal
 * amount is 0 for its card partners. (ISK must be whole krónur too, ×100 in Stripe's units: the shop
 * counts ISK in whole krónur, so every amount is.)
 */
const stripeStep = (code: string) => (STRIPE_THREE_DECIMAL.includes(code) ? 10 : 1);

let knownCurrencies: Set<string> | null = null;

/** An ISO 4217 code Intl knows, upper-cased ('usd' → 'USD'); anything else is a MoneyError. */
export function currencyCode(currency: string): string {
  const code = currency.trim().toUpperCase();
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  // Intl answers 2 digits for any well-formed code it has never heard of: only known codes pass.
  if (!/^[A-Z]{3}$/.test(code) || !(knownCurrencies.has(code) || code in PINNED_EXPONENTS)) {
    throw new MoneyError(`Unknown currency: ${currency}`);
  }
  return code;
}

/** Digits after the decimal point in the shop's minor units: USD 2, JPY 0, KWD 3. */
export function currencyExponent(currency: string): number {
  const code = currencyCode(currency);
  return (
    PINNED_EXPONENTS[code] ??
    new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ??
    2
  );
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$|^([+-]?)\.(\d+)$/;

function assertSafe(minor: bigint, input: unknown): number {
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new MoneyError(`Amount too large: ${String(input)}`);
  }
  return Number(minor);
}

/** A number as the decimal text JavaScript prints for it (19.99 → '19.99'), refusing NaN and ±Infinity. */
function decimalText(amount: number): string {
  if (!Number.isFinite(amount)) throw new MoneyError(`Not an amount: ${amount}`);
  const text = String(amount);
  if (!text.includes('e')) return text;
  // 1e21 and up, or below 1e-6: far outside any price (the first is refused as too large below).
  return Math.abs(amount) >= 1 ? BigInt(amount).toString() : amount.toFixed(20);
}

/**
 * A decimal amount ('19.99', '1,50' is not accepted, 19.99 as a number) in minor units, exactly: the
 * digits are read as text, never multiplied as floats. More decimals than the currency has is an error
 * (`rounding: 'exact'`, the default) unless they are zeros; `rounding: 'half-up'` rounds them away from
 * zero at the half instead (for amounts computed elsewhere, such as 0.1 + 0.2).
 */
export function parseMoney(
  amount: string | number,
  currency: string,
  { rounding = 'exact' }: { rounding?: 'exact' | 'half-up' } = {},
): number {
  const exponent = currencyExponent(currency);
  const text = typeof amount === 'number' ? decimalText(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new MoneyError(`Not an amount: ${JSON.stringify(amount)}`);
  const sign = (match[1] ?? match[4]) === '-' ? -1n : 1n;
  const whole = match[2] ?? '0';
  const fraction = match[3] ?? match[5] ?? '';
  const kept = fraction.slice(0, exponent).padEnd(exponent, '0');
  const dropped = fraction.slice(exponent);
  let minor = BigInt(whole + kept);
  if (/[1-9]/.test(dropped)) {
    if (rounding === 'exact') {
      throw new MoneyError(`${text} has more than ${exponent} decimal${exponent === 1 ? '' : 's'} for ${currencyCode(currency)}`);
    }
    if (Number(dropped[0]) >= 5) minor += 1n;
  }
  return assertSafe(sign * minor, amount);
}

/** Minor units as exact decimal text in major units: (1999, 'USD') → '19.99', (1500, 'JPY') → '1500'. */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new MoneyError(`Not an amount in minor units: ${minor}`);
  const exponent = currencyExponent(currency);
  const digits = Math.abs(minor).toString().padStart(exponent + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Minor units as a number of major units (for the wire's `price: 19.99`); exact as decimal text, nearest as a double. */
export function fromMinorUnits(minor: number, currency: string): number {
  return Number(minorToDecimal(minor, currency));
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Minor units for people to read, in a locale: formatMoney(123450, 'EUR', 'de-DE') → '1.234,50 €'. The
 * number of decimals is the shop's (not the browser's Intl data), and the amount reaches Intl as exact
 * decimal text, so large amounts are never rounded through a float.
 */
export function formatMoney(minor: number, currency: string, locale = shop.locale): string {
  const code = currencyCode(currency);
  const key = `${locale}|${code}`;
  let format = formats.get(key);
  if (!format) {
    const digits = currencyExponent(code);
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    if (formats.size > 100) formats.clear();
    formats.set(key, format);
  }
  // Intl formats a decimal string exactly (ES2023); the types only name numbers and bigints.
  return format.format(minorToDecimal(minor, code) as unknown as number);
}

/**
 * Like formatMoney, but a whole amount without its decimals, for sentences: '$50', '$7.50', '¥1,500',
 * '50 €' ("$7.50 short of the $50 minimum").
 */
export function formatMoneyBrief(minor: number, currency: string, locale = shop.locale): string {
  const code = currencyCode(currency);
  const exponent = currencyExponent(code);
  if (exponent === 0 || minor % 10 ** exponent !== 0) return formatMoney(minor, code, locale);
  const whole = new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: 0, maximumFractionDigits: 0 });
  return whole.format(minorToDecimal(minor, code) as unknown as number);
}

/** Stripe's digits for a currency: 0 for its zero-decimal currencies, 3 for its three-decimal ones, else 2. */
export function stripeExponent(currency: string): number {
  return STRIPE_EXPONENTS[currencyCode(currency)] ?? 2;
}

/** The smallest step, in the shop's minor units, that Stripe can charge exactly (KWD 10 fils, USD 1 cent). */
export function stripeChargeStep(currency: string): number {
  const code = currencyCode(currency);
  const shift = stripeExponent(code) - currencyExponent(code);
  const stepInStripeUnits = stripeStep(code);
  // Stripe counts finer than the shop: one shop unit is 10^shift Stripe units.
  if (shift >= 0) return Math.max(1, stepInStripeUnits / 10 ** shift);
  // The shop counts finer than Stripe (no such currency pinned today; LYD-like cases): whole Stripe units.
  return stepInStripeUnits * 10 ** -shift;
}

/**
 * The amount Stripe expects for an amount in the shop's minor units: (1999, 'usd') → 1999,
 * (1500, 'jpy') → 1500, (12340, 'kwd') → 12340, (5000, 'isk') → 500000. An amount Stripe cannot charge
 * exactly (12345 fils: its last digit must be 0) is a MoneyError, never rounded behind the shopper's back.
 */
export function toStripeAmount(minor: number, currency: string): number {
  const code = currencyCode(currency);
  if (!Number.isSafeInteger(minor) || minor < 0) throw new MoneyError(`Not an amount to charge: ${minor}`);
  const step = stripeChargeStep(code);
  if (minor % step !== 0) {
    throw new MoneyError(
      `${formatMoney(minor, code)} cannot be charged through Stripe: ${code} amounts must be multiples of ${formatMoney(step, code)}`,
    );
  }
  const shift = stripeExponent(code) - currencyExponent(code);
  return assertSafe(shift >= 0 ? BigInt(minor) * 10n ** BigInt(shift) : BigInt(minor) / 10n ** BigInt(-shift), minor);
}

/** An amount Stripe reports (amount_total, a refund's amount) in the shop's minor units. */
export function fromStripeAmount(stripeAmount: number, currency: string): number {
  const code = currencyCode(currency);
  if (!Number.isSafeInteger(stripeAmount)) throw new MoneyError(`Not a Stripe amount: ${stripeAmount}`);
  const shift = stripeExponent(code) - currencyExponent(code);
  if (shift <= 0) return assertSafe(BigInt(stripeAmount) * 10n ** BigInt(-shift), stripeAmount);
  const factor = 10 ** shift;
  if (stripeAmount % factor !== 0) {
    throw new MoneyError(`Stripe amount ${stripeAmount} ${code} is finer than the shop's ${code} amounts`);
  }
  return stripeAmount / factor;
}

/*
 * The shop's currency and locale (issue 19): one per process, set by the server from its settings and by
 * the web app from what the server wrote into its page. The specification's shop is in US dollars, so
 * that is the default until the owner (or SHOP_CURRENCY / SHOP_LOCALE) says otherwise.
 */

export interface ShopMoney {
  /** ISO 4217 code, upper case. */
  currency: string;
  /** BCP 47 locale that Intl formats with. */
  locale: string;
}

/** The specification's shop: prices in US dollars, written the American way. */
export const DEFAULT_SHOP_MONEY: Readonly<ShopMoney> = Object.freeze({ currency: 'USD', locale: 'en-US' });

let shop: ShopMoney = { ...DEFAULT_SHOP_MONEY };

/** A locale Intl accepts in its canonical spelling ('de-de' → 'de-DE'); anything else is a MoneyError. */
export function localeTag(locale: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(locale.trim());
    // Well-formed is not enough: Intl quietly falls back to its default for a locale it has no data for.
    if (canonical && Intl.NumberFormat.supportedLocalesOf(canonical).length > 0) return canonical;
  } catch {
    // Falls through to the error below.
  }
  throw new MoneyError(`Unknown locale: ${locale}`);
}

/** Whether `code` is a currency the shop can count in. */
export function isCurrency(code: string): boolean {
  try {
    currencyCode(code);
    return true;
  } catch {
    return false;
  }
}

/** Whether `tag` is a locale Intl accepts. */
export function isLocale(tag: string): boolean {
  try {
    localeTag(tag);
    return true;
  } catch {
    return false;
  }
}

/** The shop's currency and locale now. */
export const shopMoney = (): Readonly<ShopMoney> => shop;

/** Sets the shop's currency and locale (checked: a MoneyError for an unknown one). */
export function setShopMoney(next: ShopMoney): Readonly<ShopMoney> {
  shop = { currency: currencyCode(next.currency), locale: localeTag(next.locale) };
  return shop;
}

/** Minor units of the shop's currency for people to read, in the shop's locale: 150000 → '$1,500.00', 1500 → '￥1,500'. */
export function formatShopMoney(minor: number): string {
  return formatMoney(minor, shop.currency, shop.locale);
}

/**
 * A price in the shop's major units (the wire's `price: 19.99`) for people to read: formatPrice(19.99) →
 * '$19.99' in a dollar shop, formatPrice(1500) → '￥1,500' in a yen shop.
 */
export function formatPrice(amount: number): string {
  // Not an amount (NaN) shows as the currency with NaN ('$NaN'), rather than breaking the page that shows it.
  return Number.isFinite(amount) ? formatShopMoney(toCents(amount)) : formatShopMoney(0).replace(/\d[\d.,\s\u00a0\u202f]*\d|\d/, 'NaN');
}

/**
 * The shop's major units (a number from a form or the wire) to its minor units, rounded at the half:
 * 0.1 + 0.2 → 30 in a cent currency. (Named when the shop only had cents; the contract has already
 * refused more decimals than the currency has.)
 */
export function toCents(amount: number): number {
  return parseMoney(amount, shop.currency, { rounding: 'half-up' });
}

/** The shop's minor units as a number of major units: 1999 → 19.99 in a cent currency, 1500 → 1500 in yen. */
export function fromCents(cents: number): number {
  return fromMinorUnits(cents, shop.currency);
}

/** Whether `amount` (major units) has no more decimals than the shop's currency allows; the message when not. */
export function shopDecimalsProblem(amount: number): string | null {
  const exponent = currencyExponent(shop.currency);
  try {
    parseMoney(amount, shop.currency);
    return null;
  } catch {
    return exponent === 0 ? `must be a whole number (${shop.currency} has no decimals)` : `must have at most ${exponent} decimals`;
  }
}

const shopFormats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function shopFormat<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, options: object, make: (locale: string) => F): F {
  const key = `${kind}|${shop.locale}|${shop.currency}|${JSON.stringify(options)}`;
  let format = shopFormats.get(key) as F | undefined;
  if (!format) {
    format = make(shop.locale);
    if (shopFormats.size > 100) shopFormats.clear();
    shopFormats.set(key, format);
  }
  return format;
}

/** Numbers in the shop's locale (counts: '1,234' in en-US, '1.234' in de-DE), made once per locale. */
export const shopNumberFormat = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  shopFormat('number', options, (locale) => new Intl.NumberFormat(locale, options));

/** Amounts in the shop's currency with other options (a chart's compact axis: '$1.2K', '1200 ¥'). */
export const shopCurrencyFormat = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  shopFormat('currency', options, (locale) => new Intl.NumberFormat(locale, { ...options, style: 'currency', currency: shop.currency }));

/** Dates in the shop's locale ('Mar 5' in en-US, '5. März' in de-DE), made once per locale. */
export const shopDateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  shopFormat('date', options, (locale) => new Intl.DateTimeFormat(locale, options));

/**
 * The currency's short name for a label, unambiguous in any locale ('US$', 'JP¥', '€', 'CHF'): from
 * Intl's international English, where the dollars and yens are told apart.
 */
export function currencyLabel(currency: string = shop.currency): string {
  const parts = new Intl.NumberFormat('en-150', { style: 'currency', currency: currencyCode(currency) }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currencyCode(currency);
}
