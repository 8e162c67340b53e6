import { describe, expect, it } from 'vitest';
import {
  combinationCount,
  combinations,
  fillDown,
  gridProblem,
  initialVariant,
  moveItem,
  pickVariant,
  regenerateRows,
  valueState,
  variantFor,
  variantTitle,
} from '../../src/domain/variants.ts';

const size = { name: 'Size', values: ['S', 'M', 'L'] };
const colour = { name: 'Colour', values: ['Red', 'Blue'] };

describe('combinations', () => {
  it('lists every combination, the first option varying slowest', () => {
    expect(combinations([size, colour])).toEqual([
      ['S', 'Red'],
      ['S', 'Blue'],
      ['M', 'Red'],
      ['M', 'Blue'],
      ['L', 'Red'],
      ['L', 'Blue'],
    ]);
    expect(combinationCount([size, colour])).toBe(6);
    expect(combinations([])).toEqual([[]]);
  });

  it('regenerates the rows: kept combinations keep their row, new ones are blank, gone ones dropped', () => {
    const rows = [
      { id: 1, options: ['S', 'Red'] },
      { id: 2, options: ['XL', 'Red'] },
    ];
    const made = regenerateRows([{ name: 'Size', values: ['S'] }, colour], rows, (values) => ({ id: 0, options: values }));
    expect(made).toEqual([
      { id: 1, options: ['S', 'Red'] },
      { id: 0, options: ['S', 'Blue'] },
    ]);
  });
});

describe('gridProblem', () => {
  const variant = (options: string[], sku?: string) => ({ options, ...(sku ? { sku } : {}) });
  it('accepts a valid grid and a product without options', () => {
    expect(gridProblem([size, colour], combinations([size, colour]).map((values) => variant(values)))).toBeNull();
    expect(gridProblem([], [variant([])])).toBeNull();
  });

  it.each([
    [[size, colour, { name: 'A', values: ['a'] }, { name: 'B', values: ['b'] }], [variant(['S', 'Red', 'a', 'b'])], 'options', 'at most 3 options'],
    [[{ name: 'N', values: Array.from({ length: 101 }, (_, i) => String(i)) }], [variant(['1'])], 'options.0.values', 'at most 100 values an option'],
    [[{ name: 'Size', values: ['S', ' s '] }], [variant(['S'])], 'options.0.values.1', 'repeats the value  s '],
    [[size, { name: 'size', values: ['x'] }], [variant(['S', 'x'])], 'options.1.name', 'repeats option 1 (size)'],
    [[size], [variant(['XL'])], 'variants.0.options.0', 'XL is not a value of Size'],
    [[size], [variant(['S', 'Red'])], 'variants.0.options', 'must name one value of each of the 1 options'],
    [[size], [variant(['S']), variant(['s'])], 'variants.1.options', 'the same combination as variant 1'],
    [[size], [variant(['S'], 'A1'), variant(['M'], 'A1')], 'variants.1.sku', 'A1 is also the SKU of variant 1'],
    [[size], [], 'variants', 'needs at least one variant'],
  ])('refuses %#', (options, variants, field, message) => {
    expect(gridProblem(options, variants)).toEqual({ field, message });
  });

  it('refuses more than 2,048 variants', () => {
    const options = [{ name: 'A', values: Array.from({ length: 100 }, (_, i) => `a${i}`) }, { name: 'B', values: Array.from({ length: 21 }, (_, i) => `b${i}`) }];
    const variants = combinations(options).slice(0, 2049).map((values) => ({ options: values }));
    expect(gridProblem(options, variants)).toEqual({ field: 'variants', message: 'at most 2048 variants a product' });
  });
});

describe('choosing a variant on the product page', () => {
  const variants = [
    { _id: '1', options: ['S', 'Red'], quantity: 0 },
    { _id: '2', options: ['S', 'Blue'], quantity: 3 },
    { _id: '3', options: ['M', 'Red'], quantity: 2 },
    { _id: '4', options: ['L', 'Red'], quantity: 0 },
  ];

  it('says which values are available, sold out or missing, given the choices before them', () => {
    expect(valueState(variants, ['S', 'Red'], 0, 'L')).toBe('sold-out');
    expect(valueState(variants, ['S', 'Red'], 0, 'M')).toBe('available');
    expect(valueState(variants, ['S', 'Blue'], 1, 'Red')).toBe('sold-out');
    expect(valueState(variants, ['M', 'Red'], 1, 'Blue')).toBe('missing');
  });

  it('picks the variant keeping the other choices when in stock, else the first in stock with the value', () => {
    expect(pickVariant(variants, ['S', 'Blue'], 0, 'M')?._id).toBe('3');
    expect(pickVariant(variants, ['M', 'Red'], 0, 'S')?._id).toBe('2');
    expect(variantFor(variants, ['m', 'red'])?._id).toBe('3');
  });

  it('starts on the named variant, else the first in stock', () => {
    expect(initialVariant(variants, '3')?._id).toBe('3');
    expect(initialVariant(variants, 'nope')?._id).toBe('2');
    expect(initialVariant(variants)?._id).toBe('2');
  });

  it('names a variant by its values', () => {
    expect(variantTitle(['M', 'Blue'])).toBe('M / Blue');
    expect(variantTitle([])).toBe('');
  });
});

describe('grid editing helpers', () => {
  it('fills down empty cells and moves items', () => {
    expect(fillDown(['5', '', ' ', '7', ''])).toEqual(['5', '5', '5', '7', '7']);
    expect(fillDown(['', 'x'])).toEqual(['', 'x']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
