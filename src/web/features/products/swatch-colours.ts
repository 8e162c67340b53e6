/** Options whose values may show as colour swatches on the product page. */
const COLOUR_OPTION = /^colou?rs?$/i;

/** Common colour names a shop uses that CSS does not know (CSS's own names, "Navy", "Light Blue", work as they are). */
const RAINBOW = 'conic-gradient(red, yellow, lime, cyan, blue, magenta, red)';
const COLOUR_NAMES = new Map<string, string>(Object.entries({
  burgundy: '#800020',
  charcoal: '#36454f',
  cream: '#fffdd0',
  denim: '#1560bd',
  mustard: '#e1ad01',
  natural: '#e5d3b3',
  sand: '#c2b280',
  stone: '#a59d94',
  mint: '#98ff98',
  rose: '#f4c2c2',
  camel: '#c19a6b',
  taupe: '#483c32',
  ecru: '#c2b280',
  multi: RAINBOW,
  multicolour: RAINBOW,
  multicolor: RAINBOW,
}));

const cssSupportsColour = (value: string): boolean => typeof CSS !== 'undefined' && CSS.supports('color', value);

/** One value's swatch background: a known name, or the value itself when CSS reads it as a colour ("#1d4ed8", "Teal"). */
export function swatchColour(value: string, isCssColour: (value: string) => boolean = cssSupportsColour): string | null {
  const name = value.trim().toLowerCase().replace(/[\s_-]+/g, '');
  if (name.length === 0) return null;
  const known = COLOUR_NAMES.get(name);
  if (known !== undefined) return known;
  if (isCssColour(name)) return name;
  return isCssColour(value.trim()) ? value.trim() : null;
}

/**
 * The swatches of an option named Colour (or Color), one per value, when every value is a colour; null
 * otherwise (the option shows as buttons with its words).
 */
export function swatchColours(
  optionName: string,
  values: readonly string[],
  isCssColour: (value: string) => boolean = cssSupportsColour,
): string[] | null {
  if (!COLOUR_OPTION.test(optionName.trim())) return null;
  const colours = values.map((value) => swatchColour(value, isCssColour));
  return colours.every((colour): colour is string => colour !== null) ? colours : null;
}
