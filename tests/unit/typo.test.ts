import { describe, expect, it } from 'vitest';
import { correctWord, oneTypoApart } from '../../src/domain/typo.ts';

describe('one typo apart', () => {
  it('a letter missing, one too many, one wrong, two neighbours swapped', () => {
    expect(oneTypoApart('hedphones', 'headphones')).toBe(true);
    expect(oneTypoApart('headphoness', 'headphones')).toBe(true);
    expect(oneTypoApart('headphonez', 'headphones')).toBe(true);
    expect(oneTypoApart('haedphones', 'headphones')).toBe(true);
    expect(oneTypoApart('headphonse', 'headphones')).toBe(true);
    expect(oneTypoApart('xeadphones', 'headphones')).toBe(true);
  });

  it('not the same word, not two typos', () => {
    expect(oneTypoApart('headphones', 'headphones')).toBe(false);
    expect(oneTypoApart('hdphones', 'headphones')).toBe(false);
    expect(oneTypoApart('hedphonez', 'headphones')).toBe(false);
    expect(oneTypoApart('lamp', 'lampshade')).toBe(false);
    expect(oneTypoApart('ehadphonse', 'headphones')).toBe(false);
  });

  it('corrects to the most frequent word one typo away, else nothing', () => {
    const texts = ['Studio Headphones, closed back', 'Wireless headphones for travel', 'A headphone stand', 'Leather case'];
    expect(correctWord('hedphones', texts)).toBe('headphones');
    expect(correctWord('lether', texts)).toBe('leather');
    expect(correctWord('keyboard', texts)).toBeNull();
  });
});
