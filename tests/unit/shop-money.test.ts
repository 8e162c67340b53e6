import { afterEach, describe, expect, it } from 'vitest';
import { productFields } from '../../src/contract/product.ts';
import { shopMoneyBody } from '../../src/contract/settings.ts';
import {
  currencyLabel,
  DEFAULT_SHOP_MONEY,
  formatPrice,
  formatShopMoney,
  fromCents,
  localeTag,
  MoneyError,
  setShopMoney,
  shopDateFormat,
  shopMoney,
  shopNumberFormat,
  toCents,
} from '../../src/domain/money.ts';
import { bandToCentsRange, PRICE_BANDS, priceInBand } from '../../src/domain/price-bands.ts';

const NBSP = '\u00a0';

describe("the shop's currency and locale", () => {
  afterEach(() => setShopMoney(DEFAULT_SHOP_MONEY));

  it('starts as the specification’s shop: US dollars written the American way', () => {
    expect(shopMoney()).toEqual({ currency: 'USD', locale: 'en-US' });
    expect(formatPrice(1149)).toBe('$1,149.00');
    expect(formatShopMoney(1999)).toBe('$19.99');
  });

  it('formats a yen shop in whole yen: 1500 is ￥1,500 in Japanese, ¥1,500 in American English', () => {
    setShopMoney({ currency: 'jpy', locale: 'ja-jp' });
    expect(shopMoney()).toEqual({ currency: 'JPY', locale: 'ja-JP' });
    expect(formatPrice(1500)).toBe('￥1,500');
    expect(formatShopMoney(1500)).toBe('￥1,500');
    expect(toCents(1500)).toBe(1500);
    expect(fromCents(1500)).toBe(1500);
    setShopMoney({ currency: 'JPY', locale: 'en-US' });
    expect(formatPrice(1500)).toBe('¥1,500');
    expect(formatPrice(Number.NaN)).toBe('¥NaN');
  });

  it('formats a euro shop in German: 1.234,50 €', () => {
    setShopMoney({ currency: 'EUR', locale: 'de-DE' });
    expect(formatPrice(1234.5)).toBe(`1.234,50${NBSP}€`);
    expect(formatShopMoney(123450)).toBe(`1.234,50${NBSP}€`);
    expect(shopNumberFormat().format(12345)).toBe('12.345');
    expect(shopDateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date('2026-03-05T00:00:00Z'))).toBe('März 2026');
  });

  it('labels the currency unambiguously for a form: US$, JP¥, €', () => {
    expect(currencyLabel()).toBe('US$');
    expect(currencyLabel('JPY')).toBe('JP¥');
    expect(currencyLabel('EUR')).toBe('€');
  });

  it('refuses unknown currencies and locales', () => {
    expect(() => setShopMoney({ currency: 'XYZ', locale: 'en-US' })).toThrow(MoneyError);
    expect(() => localeTag('not a locale')).toThrow('Unknown locale: not a locale');
    expect(() => localeTag('xx')).toThrow(MoneyError);
    expect(shopMoney()).toEqual({ currency: 'USD', locale: 'en-US' });
    expect(shopMoneyBody.safeParse({ currency: 'gbp', locale: 'en-gb' })).toMatchObject({ success: true, data: { currency: 'GBP', locale: 'en-GB' } });
    expect(shopMoneyBody.safeParse({ currency: 'pounds', locale: 'en-GB' }).success).toBe(false);
  });

  it('checks a price’s decimals against the shop’s currency', () => {
    const price = (value: string) => {
      const result = productFields.safeParse({ name: 'Bowl', description: 'A bowl.', price: value, quantity: '1', category: '1' });
      return result.success ? 'ok' : result.error.issues.map((issue) => issue.message).join('; ');
    };
    expect(price('19.99')).toBe('ok');
    expect(price('19.999')).toBe('must have at most 2 decimals');
    setShopMoney({ currency: 'JPY', locale: 'ja-JP' });
    expect(price('1500')).toBe('ok');
    expect(price('1500.5')).toBe('must be a whole number (JPY has no decimals)');
    setShopMoney({ currency: 'KWD', locale: 'ar-KW' });
    expect(price('1.125')).toBe('ok');
  });

  it('labels the price bands in the shop’s currency, and cuts them in its minor units', () => {
    setShopMoney({ currency: 'EUR', locale: 'de-DE' });
    expect(PRICE_BANDS.map((band) => band.label)).toEqual([
      `0${NBSP}€ to 19`,
      `20${NBSP}€ to 39`,
      `40${NBSP}€ to 59`,
      `60${NBSP}€ to 79`,
      `80${NBSP}€ to 99`,
      `100${NBSP}€ or more`,
    ]);
    setShopMoney({ currency: 'JPY', locale: 'ja-JP' });
    expect(PRICE_BANDS[0]?.label).toBe('￥0 to 19');
    expect(bandToCentsRange([0, 19])).toEqual({ minCents: 0, maxCentsExclusive: 20 });
    expect(priceInBand(19, [0, 19])).toBe(true);
    expect(priceInBand(20, [0, 19])).toBe(false);
  });
});
