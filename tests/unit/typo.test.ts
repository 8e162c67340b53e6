import { describe, expect, it } from 'vitest';
import { correctWord, oneTypoApart, wordCounts } from '../../src/domain/typo.ts';

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
    expect(correctWord('hedphones', wordCounts(texts))).toBe('headphones');
    expect(correctWord('lether', wordCounts(texts))).toBe('leather');
    expect(correctWord('keyboard', wordCounts(texts))).toBeNull();
  });

  it('counts words in the texts, and picks the most common candidate (ties: alphabetical), summing repeats', () => {
    expect(wordCounts(['Lamp, lamp and LAMPS', 'Café lamp'])).toEqual(new Map([['lamp', 3], ['and', 1], ['lamps', 1], ['café', 1]]));
    // "lampz" is one typo from "lamps" and from "lamp": the more common wins.
    expect(correctWord('lampz', [['lamps', 2], ['lamp', 5]])).toBe('lamp');
    expect(correctWord('lampz', [['lamps', 5], ['lamp', 2]])).toBe('lamps');
    // A tie: the first in alphabetical order, whatever the order given.
    expect(correctWord('lampz', [['lamps', 3], ['lamp', 3]])).toBe('lamp');
    expect(correctWord('lampz', [['lamp', 3], ['lamps', 3]])).toBe('lamp');
    // A word given twice (the catalogue's and a category name's) counts both.
    expect(correctWord('lampz', [['lamps', 2], ['lamp', 3], ['lamps', 2]])).toBe('lamps');
    expect(correctWord('lampz', [['table', 9]])).toBeNull();
  });
});
