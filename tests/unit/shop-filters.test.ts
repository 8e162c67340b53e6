import { describe, expect, it } from 'vitest';
import { describeShopFilters, readShopFilters, writeShopFilters } from '../../src/web/features/home/shop-filters.ts';

const categories = [
  { _id: '1', name: 'Books', slug: 'books' },
  { _id: '2', name: 'Lamps', slug: 'lamps' },
  { _id: '3', name: 'Rugs', slug: 'rugs' },
];

describe('the home filters in the address', () => {
  it('reads categories, a band and a sort, ignoring what it does not know', () => {
    expect(readShopFilters(new URLSearchParams('category=books&category=lamps&category=books&price=20-39&sort=price-desc'))).toEqual({
      categories: ['books', 'lamps'],
      bandId: 'band-20-39',
      sort: 'price-desc',
    });
    expect(readShopFilters(new URLSearchParams('price=5-6&sort=cheapest&category='))).toEqual({ categories: [], bandId: null, sort: 'newest' });
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(writeShopFilters({ categories: [], bandId: null, sort: 'newest' }).toString()).toBe('');
    const filters = { categories: ['lamps', 'books'], bandId: 'band-100-plus', sort: 'price-asc' as const };
    const written = writeShopFilters(filters);
    expect(written.toString()).toBe('category=lamps&category=books&price=100-plus&sort=price-asc');
    expect(readShopFilters(written)).toEqual(filters);
  });

  it('says what the list shows', () => {
    expect(describeShopFilters({ categories: [], bandId: null, sort: 'newest' }, categories)).toBeNull();
    expect(describeShopFilters({ categories: ['books'], bandId: 'band-0-19', sort: 'newest' }, categories)).toBe('Books, $0 to 19');
    expect(describeShopFilters({ categories: ['books', 'lamps', 'rugs'], bandId: null, sort: 'price-asc' }, categories)).toBe(
      'Books, Lamps and Rugs, price, low to high',
    );
    expect(describeShopFilters({ categories: [], bandId: null, sort: 'price-desc' }, categories)).toBe('Price, high to low');
  });
});
