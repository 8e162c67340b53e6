import { describe, expect, it } from 'vitest';
import { descriptionPreview } from '../../src/domain/description-preview.ts';
import { formatPrice, fromCents, toCents } from '../../src/domain/money.ts';
import { fromWireStatus, toWireStatus, WIRE_ORDER_STATUSES } from '../../src/contract/order-status-wire.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, paymentLabel } from '../../src/domain/order-status.ts';
import { bandToCentsRange, PRICE_BANDS, priceInBand } from '../../src/domain/price-bands.ts';
import { SLUG_PATTERN, slugify } from '../../src/domain/slug.ts';

describe('price bands', () => {
  const bandOf = (price: number) => PRICE_BANDS.filter((band) => priceInBand(price, band.array)).map((b) => b.label);

  it('has six bands with unique ids and the spec labels', () => {
    expect(PRICE_BANDS.map((band) => band.label)).toEqual([
      '$0 to 19',
      '$20 to 39',
      '$40 to 59',
      '$60 to 79',
      '$80 to 99',
      '$100 or more',
    ]);
    expect(new Set(PRICE_BANDS.map((band) => band.id)).size).toBe(6);
  });

  it('puts every price in exactly one band, with no gap', () => {
    expect(bandOf(0)).toEqual(['$0 to 19']);
    expect(bandOf(19.99)).toEqual(['$0 to 19']);
    expect(bandOf(20)).toEqual(['$20 to 39']);
    expect(bandOf(39.5)).toEqual(['$20 to 39']);
    expect(bandOf(99.99)).toEqual(['$80 to 99']);
    expect(bandOf(100)).toEqual(['$100 or more']);
    expect(bandOf(25_000)).toEqual(['$100 or more']);
    for (let cents = 0; cents < 12_000; cents += 37) expect(bandOf(cents / 100)).toHaveLength(1);
  });

  it('turns a [min, max] pair into a half-open cents range', () => {
    expect(bandToCentsRange([0, 19])).toEqual({ minCents: 0, maxCentsExclusive: 2000 });
    expect(bandToCentsRange([100, 9999])).toEqual({ minCents: 10_000, maxCentsExclusive: null });
    expect(bandToCentsRange([10, 12.5])).toEqual({ minCents: 1000, maxCentsExclusive: 1251 });
  });
});

describe('money', () => {
  it('formats US dollars', () => {
    expect(formatPrice(1149)).toBe('$1,149.00');
    expect(formatPrice(19.99)).toBe('$19.99');
  });
  it('converts to and from cents without float drift', () => {
    expect(toCents(16.99)).toBe(1699);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1999)).toBe(19.99);
  });
});

describe('description preview', () => {
  it('cuts to 30 characters and adds an ellipsis', () => {
    expect(descriptionPreview('abcdefghijklmnopqrstuvwxyz0123456789')).toBe('abcdefghijklmnopqrstuvwxyz0123...');
  });
  it('cuts to 60 for similar products and never splits a character', () => {
    expect(descriptionPreview('x'.repeat(80), 60)).toBe(`${'x'.repeat(60)}...`);
    expect(descriptionPreview('😀'.repeat(40), 30)).toBe(`${'😀'.repeat(30)}...`);
  });
});

describe('order status', () => {
  it('has clean names inside, the specification\'s spellings on the wire, and correct labels', () => {
    expect(ORDER_STATUSES).toEqual(['not_processed', 'processing', 'shipped', 'delivered', 'cancelled']);
    expect(ORDER_STATUSES.map(toWireStatus)).toEqual(['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel']);
    expect(WIRE_ORDER_STATUSES.map(fromWireStatus)).toEqual([...ORDER_STATUSES]);
    expect(ORDER_STATUS_LABELS.delivered).toBe('Delivered');
    expect(ORDER_STATUS_LABELS.cancelled).toBe('Cancelled');
    expect(ORDER_STATUS_LABELS.not_processed).toBe('Not Processed');
  });
  it('labels payment Pending, Success or Failed', () => {
    expect(paymentLabel({ success: false }, 'processing')).toBe('Pending');
    expect(paymentLabel({ success: true }, 'delivered')).toBe('Success');
    expect(paymentLabel({ success: false }, 'cancelled')).toBe('Failed');
  });
});

describe('slugs', () => {
  it('are URL-safe', () => {
    expect(slugify('Home & Kitchen')).toBe('home-and-kitchen');
    expect(slugify('  Café Crème — 2 Pack!! ')).toBe('cafe-creme-2-pack');
    expect(slugify('!!!')).toBe('item');
    for (const name of ['Ünïcödé Nâme', 'a--b', 'x'.repeat(300), '日本語']) expect(slugify(name)).toMatch(SLUG_PATTERN);
  });
});
