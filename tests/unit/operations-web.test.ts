import { describe, expect, it } from 'vitest';
import { chartScale, dayLabel } from '../../src/web/admin/components/daily-chart.tsx';
import { PRINT_ORDERS_MAX, printIds } from '../../src/web/admin/components/order-slip.tsx';
import { paths } from '../../src/web/config/paths.ts';
import { returnPath, tokenFromHash } from '../../src/web/features/auth/account-state.ts';

describe('the reset link token', () => {
  it('is read from the fragment, decoded, and missing when the fragment has none', () => {
    expect(tokenFromHash('#token=abc-DEF_123')).toBe('abc-DEF_123');
    expect(tokenFromHash('#token=a%2Bb')).toBe('a+b');
    expect(tokenFromHash('token=xyz')).toBe('xyz');
    expect(tokenFromHash('')).toBe('');
    expect(tokenFromHash('#other=1')).toBe('');
    expect(tokenFromHash('#token=')).toBe('');
  });

  it('login never returns to the reset page', () => {
    expect(returnPath({ from: paths.resetPassword })).toBe(paths.home);
  });
});

describe('the packing slips to print', () => {
  it('takes whole positive ids, each once, in order, at most PRINT_ORDERS_MAX', () => {
    expect(printIds('3,5,3, 8')).toEqual(['3', '5', '8']);
    expect(printIds('0,-1,abc,4.5,,7')).toEqual(['7']);
    expect(printIds(null)).toEqual([]);
    const many = Array.from({ length: PRINT_ORDERS_MAX + 10 }, (_, index) => String(index + 1));
    expect(printIds(many.join(','))).toEqual(many.slice(0, PRINT_ORDERS_MAX));
  });

  it('round-trips the path the orders list builds', () => {
    const path = paths.admin.printOrders(['12', '9']);
    expect(path).toBe('/dashboard/admin/orders/print?ids=12,9');
    expect(printIds(new URL(path, 'http://shop.test').searchParams.get('ids'))).toEqual(['12', '9']);
  });
});

describe('the chart scale', () => {
  it('rounds the top up to 1, 2 or 5 × 10ⁿ steps that cover the largest value', () => {
    expect(chartScale(7, 4, true)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(chartScale(1, 4, true)).toEqual({ top: 1, ticks: [0, 1] });
    expect(chartScale(151, 4)).toEqual({ top: 200, ticks: [0, 50, 100, 150, 200] });
    expect(chartScale(0.3, 4)).toEqual({ top: 0.3, ticks: [0, 0.1, 0.2, 0.3] });
    expect(chartScale(0.31, 4)).toEqual({ top: 0.4, ticks: [0, 0.1, 0.2, 0.3, 0.4] });
  });

  it('draws an empty month on a scale of its own', () => {
    expect(chartScale(0, 4, true)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(chartScale(0, 4).top).toBe(1);
  });

  it('never has a top below the largest value', () => {
    for (const max of [1, 3, 9, 11, 99, 101, 999.99, 12_345]) {
      const { top, ticks } = chartScale(max, 4);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.at(-1)).toBe(top);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('labels the shop day as it is, whatever the time zone of the browser', () => {
    expect(dayLabel('2026-03-05')).toBe('Mar 5');
    expect(dayLabel('2025-12-31')).toBe('Dec 31');
  });
});
