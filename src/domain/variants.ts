/**
 * The rules of options and variants, for the server (which refuses a grid that breaks them) and the admin
 * form (which says so before sending): combinations, the checks of a grid, and which variant a shopper's
 * choice names. Pure: no zod, no I/O.
 */
import { OPTION_VALUES_MAX, VARIANT_OPTIONS_MAX, VARIANTS_MAX } from '../contract/limits.ts';

export interface OptionDef {
  name: string;
  values: string[];
}

export interface GridVariant {
  /** The value of each option, in the options' order. */
  options: string[];
  sku?: string | null;
}

/** A problem with a grid: the field it is in (`options.1.values.3`, `variants.7.sku`) and what is wrong. */
export interface GridProblem {
  field: string;
  message: string;
}

/** How values are compared for repeats: trimmed and case-blind ("S" and " s" are the same size). */
export const sameValue = (value: string) => value.trim().toLocaleLowerCase('en');

/** The key of a combination (one per variant of a product). */
export const combinationKey = (options: readonly string[]) => options.map(sameValue).join('\u0000');

/** Every combination of the options' values, the first option varying slowest (S/Red, S/Blue, M/Red…). */
export function combinations(options: readonly OptionDef[]): string[][] {
  let result: string[][] = [[]];
  for (const option of options) {
    const next: string[][] = [];
    for (const prefix of result) for (const value of option.values) next.push([...prefix, value]);
    result = next;
    if (result.length > VARIANTS_MAX) break;
  }
  return options.length === 0 ? [[]] : result;
}

/** How many variants every combination of these options makes. */
export const combinationCount = (options: readonly OptionDef[]) =>
  options.reduce((count, option) => count * option.values.length, 1);

/**
 * The first problem of a grid, or null: at most VARIANT_OPTIONS_MAX options with distinct names, each with
 * 1 to OPTION_VALUES_MAX distinct values; 1 to VARIANTS_MAX variants, each naming one value of every
 * option, no two with the same combination or the same SKU.
 */
export function gridProblem(options: readonly OptionDef[], variants: readonly GridVariant[]): GridProblem | null {
  if (options.length > VARIANT_OPTIONS_MAX) return { field: 'options', message: `at most ${VARIANT_OPTIONS_MAX} options` };
  const names = new Map<string, number>();
  for (const [o, option] of options.entries()) {
    const name = sameValue(option.name);
    if (name === '') return { field: `options.${o}.name`, message: 'is required' };
    const earlier = names.get(name);
    if (earlier !== undefined) return { field: `options.${o}.name`, message: `repeats option ${earlier + 1} (${option.name})` };
    names.set(name, o);
    if (option.values.length === 0) return { field: `options.${o}.values`, message: 'needs at least one value' };
    if (option.values.length > OPTION_VALUES_MAX) {
      return { field: `options.${o}.values`, message: `at most ${OPTION_VALUES_MAX} values an option` };
    }
    const seen = new Set<string>();
    for (const [v, value] of option.values.entries()) {
      const key = sameValue(value);
      if (key === '') return { field: `options.${o}.values.${v}`, message: 'is required' };
      if (seen.has(key)) return { field: `options.${o}.values.${v}`, message: `repeats the value ${value}` };
      seen.add(key);
    }
  }
  if (variants.length === 0) return { field: 'variants', message: 'needs at least one variant' };
  if (variants.length > VARIANTS_MAX) return { field: 'variants', message: `at most ${VARIANTS_MAX} variants a product` };
  const valueSets = options.map((option) => new Set(option.values.map(sameValue)));
  const combos = new Map<string, number>();
  const skus = new Map<string, number>();
  for (const [i, variant] of variants.entries()) {
    if (variant.options.length !== options.length) {
      return { field: `variants.${i}.options`, message: `must name one value of each of the ${options.length} options` };
    }
    for (const [o, value] of variant.options.entries()) {
      if (!valueSets[o]?.has(sameValue(value))) {
        return { field: `variants.${i}.options.${o}`, message: `${value} is not a value of ${options[o]?.name ?? 'the option'}` };
      }
    }
    const key = combinationKey(variant.options);
    const earlier = combos.get(key);
    if (earlier !== undefined) return { field: `variants.${i}.options`, message: `the same combination as variant ${earlier + 1}` };
    combos.set(key, i);
    const sku = variant.sku?.trim();
    if (sku) {
      const other = skus.get(sku);
      if (other !== undefined) return { field: `variants.${i}.sku`, message: `${sku} is also the SKU of variant ${other + 1}` };
      skus.set(sku, i);
    }
  }
  return null;
}

/** The option values as the product's options spell them (the grid may differ in case or spaces). */
export function canonicalValues(options: readonly OptionDef[], values: readonly string[]): string[] {
  return values.map((value, o) => options[o]?.values.find((known) => sameValue(known) === sameValue(value)) ?? value.trim());
}

/** A variant's name for people: its values joined ("M / Blue"), or '' for a product without options. */
export const variantTitle = (options: readonly string[]) => options.filter((value) => value !== '').join(' / ');

/** A product and its variant for people: "Tee — M / Blue", or "Tee" for a product without options. */
export const productVariantName = (name: string, title: string | undefined) => (title ? `${name} — ${title}` : name);

/** The variant with exactly these values, if the product has it. */
export function variantFor<V extends { options: string[] }>(variants: readonly V[], chosen: readonly string[]): V | undefined {
  const key = combinationKey(chosen);
  return variants.find((variant) => combinationKey(variant.options) === key);
}

const fitsBefore = (options: readonly string[], chosen: readonly string[], index: number, value: string) =>
  sameValue(options[index] ?? '') === sameValue(value) &&
  options.slice(0, index).every((own, o) => sameValue(own) === sameValue(chosen[o] ?? ''));

/**
 * What a picker shows for value `value` of option `index`, given the values chosen for the options before it
 * (the first option's values depend on nothing, the second's on the first…): `available` when a variant with
 * them is in stock, `sold-out` when such variants exist only sold out, `missing` when none exists.
 */
export function valueState<V extends { options: string[]; quantity: number }>(
  variants: readonly V[],
  chosen: readonly string[],
  index: number,
  value: string,
): 'available' | 'sold-out' | 'missing' {
  let exists = false;
  for (const variant of variants) {
    if (!fitsBefore(variant.options, chosen, index, value)) continue;
    if (variant.quantity > 0) return 'available';
    exists = true;
  }
  return exists ? 'sold-out' : 'missing';
}

/**
 * The variant a shopper lands on by picking `value` for option `index`: the one keeping their other choices if
 * it is in stock, else the first in stock with the choices before it and this value, else the first such.
 */
export function pickVariant<V extends { options: string[]; quantity: number }>(
  variants: readonly V[],
  chosen: readonly string[],
  index: number,
  value: string,
): V | undefined {
  const wanted = chosen.map((own, o) => (o === index ? value : own));
  const exact = variantFor(variants, wanted);
  if (exact && exact.quantity > 0) return exact;
  const candidates = variants.filter((variant) => fitsBefore(variant.options, chosen, index, value));
  return candidates.find((variant) => variant.quantity > 0) ?? exact ?? candidates[0];
}

/** The variant a product page starts on: the one named (`?variant=`), else the first in stock, else the first. */
export function initialVariant<V extends { _id: string; quantity: number }>(variants: readonly V[], named?: string | null): V | undefined {
  return variants.find((variant) => variant._id === named) ?? variants.find((variant) => variant.quantity > 0) ?? variants[0];
}

/**
 * The rows of every combination of the options, in the options' order: a combination the grid had keeps its
 * row (its id and fields), a new one is `blank(values)`; combinations that no longer exist are dropped.
 */
export function regenerateRows<R extends { options: string[] }>(options: readonly OptionDef[], rows: readonly R[], blank: (values: string[]) => R): R[] {
  const byKey = new Map(rows.map((row) => [combinationKey(row.options), row]));
  return combinations(options).map((values) => {
    const kept = byKey.get(combinationKey(values));
    return kept ? { ...kept, options: values } : blank(values);
  });
}

/** Each empty cell takes the value of the nearest filled cell above it ("fill down"). */
export function fillDown(values: readonly string[]): string[] {
  let last = '';
  return values.map((value) => {
    if (value.trim() !== '') last = value;
    return value.trim() === '' ? last : value;
  });
}

/** A list with the item at `from` moved to `to` (a value moved up or down, a photo reordered). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
