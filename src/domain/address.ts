/**
 * Checks of a delivery address's country, region and postcode (the checkout's form and the server's schema
 * share them). Countries are ISO 3166-1 alpha-2 codes the runtime knows a name for; regions ISO 3166-2
 * subdivision codes without the country ('CA' in the US); postcodes follow their country's pattern when it
 * is one of the patterns below, else a general shape (letters, digits, spaces and hyphens).
 */

const names = new Map<string, Intl.DisplayNames>();
const displayNames = (locale: string) => {
  let found = names.get(locale);
  if (!found) {
    found = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    names.set(locale, found);
  }
  return found;
};

/** Whether `code` is a country the runtime knows (two capitals with a name: 'FR' yes, 'XX' and 'ZZ' no). */
export function isCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ' || code === 'EU' || code === 'UN') return false;
  const name = displayNames('en').of(code);
  return Boolean(name && name !== code);
}

/** A country's name in a locale ('Canada', 'Kanada'), its code when not known. */
export function countryName(code: string, locale: string): string {
  try {
    return displayNames(locale).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export const REGION_PATTERN = /^[A-Z0-9]{1,3}$/;

/** Postcode patterns of some countries (after spaces are squeezed and letters made capitals). */
const POSTCODE_PATTERNS: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  FR: /^\d{5}$/,
  DE: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  BE: /^\d{4}$/,
  AU: /^\d{4}$/,
  JP: /^\d{3}-?\d{4}$/,
};
const GENERAL_POSTCODE = /^[A-Z0-9][A-Z0-9 -]{1,9}$/;

/** The postcode as compared: trimmed, capitals, single spaces. */
export const normalPostcode = (postcode: string) => postcode.trim().replace(/\s+/g, ' ').toUpperCase();

/** Why a postcode cannot be one of this country's, or null. */
export function postcodeProblem(country: string, postcode: string): string | null {
  const value = normalPostcode(postcode);
  const pattern = POSTCODE_PATTERNS[country] ?? GENERAL_POSTCODE;
  if (pattern.test(value)) return null;
  return POSTCODE_PATTERNS[country] ? `is not a postcode of ${countryName(country, 'en')}` : 'must be a postcode (letters, digits, spaces and hyphens)';
}
