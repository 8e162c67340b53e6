import { describe, expect, it } from 'vitest';
import {
  describeShopFilters,
  facetsWithChoices,
  readShopFilters,
  toggleOptionChoice,
  writeShopFilters,
} from '../../src/web/features/home/shop-filters.ts';

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
      options: {},
      sort: 'price-desc',
    });
    expect(readShopFilters(new URLSearchParams('price=5-6&sort=cheapest&category='))).toEqual({ categories: [], bandId: null, options: {}, sort: 'newest' });
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(writeShopFilters({ categories: [], bandId: null, options: {}, sort: 'newest' }).toString()).toBe('');
    const filters = { categories: ['lamps', 'books'], bandId: 'band-100-plus', options: {}, sort: 'price-asc' as const };
    const written = writeShopFilters(filters);
    expect(written.toString()).toBe('category=lamps&category=books&price=100-plus&sort=price-asc');
    expect(readShopFilters(written)).toEqual(filters);
  });

  it('says what the list shows', () => {
    expect(describeShopFilters({ categories: [], bandId: null, options: {}, sort: 'newest' }, categories)).toBeNull();
    expect(describeShopFilters({ categories: ['books'], bandId: 'band-0-19', options: {}, sort: 'newest' }, categories)).toBe('Books, $0 to 19');
    expect(describeShopFilters({ categories: ['books', 'lamps', 'rugs'], bandId: null, options: {}, sort: 'price-asc' }, categories)).toBe(
      'Books, Lamps and Rugs, price, low to high',
    );
    expect(describeShopFilters({ categories: [], bandId: null, options: {}, sort: 'price-desc' }, categories)).toBe('Price, high to low');
  });

  it('says which option values it keeps', () => {
    expect(
      describeShopFilters({ categories: ['books'], bandId: null, options: { Size: ['S', 'M'], Colour: ['Red'] }, sort: 'newest' }, categories),
    ).toBe('Books, Size: S or M, Colour: Red');
  });
});

describe('option values in the address', () => {
  const base = { categories: [], bandId: null, sort: 'newest' as const };

  it('writes one opt.<name> per value and reads back what it wrote, commas, spaces and all', () => {
    const filters = { ...base, categories: ['books'], options: { Size: ['S', 'M'], 'Colour name': ['Red, dark', 'Blue & white'] } };
    const written = writeShopFilters(filters);
    expect(written.toString()).toBe('category=books&opt.Size=S&opt.Size=M&opt.Colour+name=Red%2C+dark&opt.Colour+name=Blue+%26+white');
    expect(readShopFilters(new URLSearchParams(written.toString()))).toEqual(filters);
  });

  it('reads only what the filters call accepts: trimmed, no empties, repeats or control characters, within the limits', () => {
    const long = 'x'.repeat(61);
    const params = new URLSearchParams(
      `opt.Size=S&opt.Size=%20S%20&opt.Size=&opt.%20=M&opt.=M&opt.Fit=a%0Ab&opt.${long}=1&opt.Fit=${long}&other.Size=L&opt.__proto__=x`,
    );
    const options = readShopFilters(params).options;
    expect(options).toEqual({ Size: ['S'], ['__proto__']: ['x'] });
    expect(Object.getPrototypeOf(options)).toBe(Object.prototype);

    const many = new URLSearchParams();
    for (let option = 0; option < 12; option += 1) many.append(`opt.O${option}`, 'v');
    for (let value = 0; value < 105; value += 1) many.append('opt.O0', `v${value}`);
    const read = readShopFilters(many).options;
    expect(Object.keys(read)).toHaveLength(10);
    expect(read.O0).toHaveLength(100);
  });

  it('adds and removes one value; an option left without values goes', () => {
    const one = toggleOptionChoice({}, 'Size', 'S', true);
    expect(one).toEqual({ Size: ['S'] });
    const two = toggleOptionChoice(toggleOptionChoice(one, 'Size', 'M', true), 'Colour', 'Red', true);
    expect(two).toEqual({ Size: ['S', 'M'], Colour: ['Red'] });
    expect(toggleOptionChoice(two, 'Size', 'S', true)).toEqual({ Colour: ['Red'], Size: ['M', 'S'] });
    expect(toggleOptionChoice(toggleOptionChoice(two, 'Colour', 'Red', false), 'Size', 'S', false)).toEqual({ Size: ['M'] });
    expect(writeShopFilters({ ...base, options: toggleOptionChoice(one, 'Size', 'S', false) }).toString()).toBe('');
  });

  it('shows a chosen value the counts lack, with 0', () => {
    const facets = [{ name: 'Size', values: [{ value: 'M', count: 30 }] }];
    expect(facetsWithChoices(facets, { Size: ['S'], Colour: ['Red'] })).toEqual([
      { name: 'Size', values: [{ value: 'M', count: 30 }, { value: 'S', count: 0 }] },
      { name: 'Colour', values: [{ value: 'Red', count: 0 }] },
    ]);
    expect(facetsWithChoices([], {})).toEqual([]);
    expect(facets[0]?.values).toHaveLength(1);
  });
});
