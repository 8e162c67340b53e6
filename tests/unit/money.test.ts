import { describe, expect, it, vi } from 'vitest';
import {
  currencyCode,
  currencyExponent,
  formatMoney,
  formatPrice,
  fromCents,
  fromMinorUnits,
  fromStripeAmount,
  minorToDecimal,
  MoneyError,
  parseMoney,
  stripeChargeStep,
  stripeExponent,
  toCents,
  toStripeAmount,
} from '../../src/domain/money.ts';

describe('currencies', () => {
  it('knows how many decimals each currency has', () => {
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('eur')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(currencyExponent('BHD')).toBe(3);
    // From Intl where nothing is pinned
    expect(currencyExponent('GBP')).toBe(2);
    expect(currencyExponent('CHF')).toBe(2);
    // Pinned whatever the Intl data of the machine says
    expect(currencyExponent('ISK')).toBe(0);
    expect(currencyExponent('HUF')).toBe(0);
    expect(currencyExponent('TWD')).toBe(2);
  });

  it('keeps the pinned decimals where another machine’s Intl data would differ (older CLDR: HUF 2, ISK 2)', () => {
    const resolved = Intl.NumberFormat.prototype.resolvedOptions;
    const spy = vi.spyOn(Intl.NumberFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.NumberFormat) {
      return { ...resolved.call(this), maximumFractionDigits: 2 };
    });
    try {
      expect(currencyExponent('HUF')).toBe(0);
      expect(currencyExponent('ISK')).toBe(0);
      expect(currencyExponent('JPY')).toBe(0);
      expect(currencyExponent('KWD')).toBe(3);
      expect(currencyExponent('CLP')).toBe(0);
      expect(currencyExponent('GBP')).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses codes that are not currencies (Intl would answer 2 decimals for them)', () => {
    expect(currencyCode(' usd ')).toBe('USD');
    for (const bad of ['ABC', 'US', 'USDD', '', '12$']) expect(() => currencyExponent(bad)).toThrow(MoneyError);
  });
});

describe('parseMoney', () => {
  it('reads decimal text exactly in minor units', () => {
    expect(parseMoney('19.99', 'USD')).toBe(1999);
    expect(parseMoney('0.07', 'USD')).toBe(7);
    expect(parseMoney('.5', 'USD')).toBe(50);
    expect(parseMoney('10', 'USD')).toBe(1000);
    expect(parseMoney('10.', 'USD')).toBe(1000);
    expect(parseMoney('-3.10', 'EUR')).toBe(-310);
    expect(parseMoney('1500', 'JPY')).toBe(1500);
    expect(parseMoney('5.124', 'KWD')).toBe(5124);
    expect(parseMoney('5.12', 'KWD')).toBe(5120);
    expect(parseMoney('19.990000', 'USD')).toBe(1999);
  });

  it('reads numbers through their decimal text, without float error', () => {
    expect(parseMoney(19.99, 'USD')).toBe(1999);
    expect(parseMoney(1.005, 'USD', { rounding: 'half-up' })).toBe(101); // 1.005 * 100 is 100.49999…
    expect(parseMoney(4.35, 'USD')).toBe(435); // 4.35 * 100 is 434.99999…
    expect(parseMoney(1149, 'USD')).toBe(114_900);
    expect(parseMoney(0.1 + 0.2, 'USD', { rounding: 'half-up' })).toBe(30);
    expect(parseMoney(12_345_678_901.23, 'USD')).toBe(1_234_567_890_123);
    expect(parseMoney('90071992547409.91', 'USD')).toBe(9_007_199_254_740_991);
  });

  it('refuses more decimals than the currency has, unless asked to round', () => {
    expect(() => parseMoney('1.999', 'USD')).toThrow('1.999 has more than 2 decimals for USD');
    expect(() => parseMoney('1.5', 'JPY')).toThrow('1.5 has more than 0 decimals for JPY');
    expect(() => parseMoney(0.1 + 0.2, 'USD')).toThrow(MoneyError);
    expect(parseMoney('1.994', 'USD', { rounding: 'half-up' })).toBe(199);
    expect(parseMoney('1.995', 'USD', { rounding: 'half-up' })).toBe(200);
    expect(parseMoney('-1.995', 'USD', { rounding: 'half-up' })).toBe(-200);
    expect(parseMoney('2.5', 'JPY', { rounding: 'half-up' })).toBe(3);
  });

  it('refuses what is not an amount, or is too large to count exactly', () => {
    for (const bad of ['', 'abc', '1,50', '1.2.3', '$5', '1e3', ' - 1', NaN, Infinity]) {
      expect(() => parseMoney(bad, 'USD'), String(bad)).toThrow(MoneyError);
    }
    expect(() => parseMoney('90071992547409.92', 'USD')).toThrow('Amount too large');
    expect(() => parseMoney(1e21, 'USD')).toThrow('Amount too large');
  });
});

describe('minor units back to decimals and text', () => {
  it('writes exact decimal text', () => {
    expect(minorToDecimal(1999, 'USD')).toBe('19.99');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(-5, 'USD')).toBe('-0.05');
    expect(minorToDecimal(1500, 'JPY')).toBe('1500');
    expect(minorToDecimal(5124, 'KWD')).toBe('5.124');
    expect(fromMinorUnits(1999, 'USD')).toBe(19.99);
    expect(fromMinorUnits(5120, 'KWD')).toBe(5.12);
    expect(() => minorToDecimal(1.5, 'USD')).toThrow(MoneyError);
  });

  it('formats for a locale with the shop’s decimals', () => {
    expect(formatMoney(123_450, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMoney(123_450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1500, 'JPY', 'ja-JP')).toBe('￥1,500');
    expect(formatMoney(5124, 'KWD', 'en-US')).toBe('KWD\u00a05.124');
    expect(formatMoney(250_000, 'HUF', 'hu-HU')).toBe('250\u00a0000\u00a0Ft');
    expect(formatMoney(-705, 'USD')).toBe('-$7.05');
  });

  it('formats amounts past 2^53 / 100 without rounding through a float', () => {
    expect(formatMoney(9_007_199_254_740_991, 'USD')).toBe('$90,071,992,547,409.91');
  });
});

describe('the amount Stripe expects', () => {
  it('is the minor units for two-, zero- and three-decimal currencies', () => {
    expect(toStripeAmount(1999, 'usd')).toBe(1999);
    expect(toStripeAmount(1999, 'EUR')).toBe(1999);
    expect(toStripeAmount(1500, 'JPY')).toBe(1500);
    expect(toStripeAmount(12_340, 'KWD')).toBe(12_340);
  });

  it('multiplies where Stripe counts in hundredths of a currency the shop counts whole', () => {
    expect(toStripeAmount(5000, 'ISK')).toBe(500_000);
    expect(toStripeAmount(2500, 'HUF')).toBe(250_000);
    expect(fromStripeAmount(500_000, 'ISK')).toBe(5000);
    expect(() => fromStripeAmount(500_050, 'ISK')).toThrow(MoneyError);
  });

  it('refuses three-decimal amounts whose last digit is not 0 (Stripe’s rule), never rounding them', () => {
    expect(stripeChargeStep('KWD')).toBe(10);
    expect(stripeChargeStep('USD')).toBe(1);
    expect(stripeChargeStep('ISK')).toBe(1);
    expect(() => toStripeAmount(12_345, 'KWD')).toThrow(
      'KWD\u00a012.345 cannot be charged through Stripe: KWD amounts must be multiples of KWD\u00a00.010',
    );
    expect(() => toStripeAmount(-1, 'USD')).toThrow(MoneyError);
    expect(() => toStripeAmount(1.5, 'USD')).toThrow(MoneyError);
  });

  it('reads Stripe amounts back', () => {
    expect(fromStripeAmount(1999, 'usd')).toBe(1999);
    expect(fromStripeAmount(1500, 'jpy')).toBe(1500);
    expect(fromStripeAmount(12_340, 'kwd')).toBe(12_340);
  });
});

describe('the dollar helpers the shop started with', () => {
  it('keep their answers', () => {
    expect(formatPrice(1149)).toBe('$1,149.00');
    expect(formatPrice(19.99)).toBe('$19.99');
    expect(formatPrice(Number.NaN)).toBe('$NaN');
    expect(toCents(16.99)).toBe(1699);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1999)).toBe(19.99);
  });
});

// Edges the mutation run (npm run mutation -- money) found untested.
describe('money at its edges', () => {
  it('counts each of Stripe\'s zero- and three-decimal currencies as Stripe does', () => {
    const zero = ['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'];
    for (const code of zero) {
      expect(stripeExponent(code), code).toBe(0);
      expect(currencyExponent(code), code).toBe(0);
      expect(toStripeAmount(1500, code), code).toBe(1500);
    }
    for (const code of ['BHD', 'JOD', 'KWD', 'OMR', 'TND']) {
      expect(stripeExponent(code), code).toBe(3);
      expect(currencyExponent(code), code).toBe(3);
      expect(stripeChargeStep(code), code).toBe(10);
    }
  });

  it('takes a currency code in any case with spaces around, and nothing longer', () => {
    expect(currencyCode(' usd ')).toBe('USD');
    for (const bad of ['XUSD', 'USDX', 'US']) expect(() => currencyCode(bad), bad).toThrow(new MoneyError(`Unknown currency: ${bad}`));
    expect(() => currencyCode('usdx')).toThrow(expect.objectContaining({ name: 'MoneyError' }));
  });

  it('refuses amounts out of range or not numbers, with a message naming them', () => {
    expect(() => parseMoney('-90071992547409.92', 'USD')).toThrow(/^Amount too large: -90071992547409\.92$/);
    expect(parseMoney('-90071992547409.91', 'USD')).toBe(-Number.MAX_SAFE_INTEGER);
    expect(() => parseMoney(Number.NaN, 'USD')).toThrow(/^Not an amount: NaN$/);
    expect(() => parseMoney(Number.POSITIVE_INFINITY, 'USD')).toThrow(/^Not an amount: Infinity$/);
    expect(() => parseMoney('abc', 'USD')).toThrow(/^Not an amount: "abc"$/);
    expect(() => parseMoney('1.234', 'usd')).toThrow(/^1\.234 has more than 2 decimals for USD$/);
    expect(() => minorToDecimal(1.5, 'USD')).toThrow(/^Not an amount in minor units: 1\.5$/);
  });

  it('reads numbers JavaScript prints with an exponent, and text with spaces around', () => {
    expect(parseMoney(1e-7, 'USD', { rounding: 'half-up' })).toBe(0);
    expect(() => parseMoney(1e-7, 'USD')).toThrow(MoneyError);
    expect(() => parseMoney(1e21, 'USD')).toThrow(/^Amount too large/);
    expect(parseMoney(' 19.99 ', 'USD')).toBe(1999);
    expect(parseMoney('.5', 'USD')).toBe(50);
    expect(minorToDecimal(0, 'USD')).toBe('0.00');
    expect(minorToDecimal(-5, 'USD')).toBe('-0.05');
  });

  it('refuses to charge what Stripe cannot, and reads back what Stripe reports', () => {
    expect(() => toStripeAmount(-1, 'USD')).toThrow(/^Not an amount to charge: -1$/);
    expect(() => toStripeAmount(1.5, 'USD')).toThrow(/^Not an amount to charge: 1\.5$/);
    expect(() => toStripeAmount(12345, 'KWD')).toThrow(/^KWD\s12\.345 cannot be charged through Stripe: KWD amounts must be multiples of KWD\s0\.010$/);
    expect(fromStripeAmount(1999, 'USD')).toBe(1999);
    expect(fromStripeAmount(500000, 'ISK')).toBe(5000);
    expect(() => fromStripeAmount(500001, 'ISK')).toThrow(/^Stripe amount 500001 ISK is finer than the shop's ISK amounts$/);
    expect(() => fromStripeAmount(1.5, 'USD')).toThrow(/^Not a Stripe amount: 1\.5$/);
    expect(formatPrice(Number.NaN)).toBe('$NaN');
  });
});
