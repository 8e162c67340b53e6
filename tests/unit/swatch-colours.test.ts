import { describe, expect, it } from 'vitest';
import { swatchColour, swatchColours } from '../../src/web/features/products/swatch-colours.ts';

// What the browser's CSS.supports('color', …) answers, for the few values used here.
const CSS_COLOURS = new Set(['red', 'navy', 'lightblue', '#1d4ed8', 'rgb(0 0 0)']);
const isCssColour = (value: string) => CSS_COLOURS.has(value.toLowerCase());

describe('colour swatches', () => {
  it('knows common names CSS lacks, CSS colours as the owner wrote them, and nothing else', () => {
    expect(swatchColour('Charcoal', isCssColour)).toBe('#36454f');
    expect(swatchColour('Light Blue', isCssColour)).toBe('lightblue');
    expect(swatchColour('Navy', isCssColour)).toBe('navy');
    expect(swatchColour(' #1D4ED8 ', isCssColour)).toBe('#1d4ed8');
    expect(swatchColour('rgb(0 0 0)', isCssColour)).toBe('rgb(0 0 0)');
    expect(swatchColour('Sunset Glow', isCssColour)).toBeNull();
    expect(swatchColour('constructor', isCssColour)).toBeNull();
  });

  it('shows swatches for an option named Colour or Color whose values are all colours', () => {
    expect(swatchColours('Colour', ['Red', 'Navy'], isCssColour)).toEqual(['red', 'navy']);
    expect(swatchColours('color', ['Red'], isCssColour)).toEqual(['red']);
    expect(swatchColours('Size', ['Red'], isCssColour)).toBeNull();
    expect(swatchColours('Colour', ['Red', 'Sunset Glow'], isCssColour)).toBeNull();
  });
});
