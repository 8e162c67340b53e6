import { z } from 'zod';
import { CATEGORY_NAME_MAX } from './category.ts';
import { text } from './common.ts';
import { money, productFields } from './product.ts';
import { OPTION_NAME_MAX, OPTION_VALUE_MAX, SKU_MAX, WEIGHT_MAX_GRAMS } from './variants.ts';

/** The columns of the catalogue CSV, in order (export writes them all; import needs the required ones). */
export const PRODUCT_CSV_COLUMNS = [
  'slug',
  'name',
  'description',
  'price',
  'quantity',
  'shipping',
  'category',
  'low_stock_threshold',
  'updated_at',
  'draft',
] as const;
export const PRODUCT_CSV_REQUIRED = ['name', 'description', 'price', 'quantity', 'category'] as const;
/**
 * The variant columns after them: one row per variant, the product's columns on each (its rows follow each
 * other, with one slug); price, quantity and low_stock_threshold are then the variant's. A file without
 * these columns imports as before (one row a product).
 */
export const VARIANT_CSV_COLUMNS = [
  'sku',
  'compare_at_price',
  'weight_grams',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
] as const;
/** Every column of the catalogue CSV, as the export writes them. */
export const CATALOGUE_CSV_COLUMNS = [...PRODUCT_CSV_COLUMNS, ...VARIANT_CSV_COLUMNS] as const;

/** Most rows one import takes (a file of the whole catalogue of a big shop). */
export const IMPORT_MAX_ROWS = 200_000;
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Rows a report lists one by one (errors first); the summary counts them all. */
export const IMPORT_REPORT_MAX_ROWS = 2_000;

/**
 * One row of the catalogue CSV: the product form's own rules (one schema for a product, however it comes),
 * the category by name, and the slug that matches the row to a product (empty: a new product).
 */
export const productCsvRow = productFields.omit({ category: true }).extend({
  slug: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  category: text({ max: CATEGORY_NAME_MAX }),
});
export type ProductCsvRow = z.infer<typeof productCsvRow>;

const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The variant columns of a row (empty cells: none). */
export const variantCsvRow = z.object({
  sku: z.preprocess(emptyAsUndefined, text({ max: SKU_MAX }).optional()),
  compare_at_price: z.preprocess(emptyAsUndefined, money.optional()),
  weight_grams: z.preprocess(
    emptyAsUndefined,
    z.coerce.number<string>({ error: 'must be a number' }).int('must be whole grams').min(0, 'must be 0 or more').max(WEIGHT_MAX_GRAMS).optional(),
  ),
  option1_name: z.preprocess(emptyAsUndefined, text({ max: OPTION_NAME_MAX }).optional()),
  option1_value: z.preprocess(emptyAsUndefined, text({ max: OPTION_VALUE_MAX }).optional()),
  option2_name: z.preprocess(emptyAsUndefined, text({ max: OPTION_NAME_MAX }).optional()),
  option2_value: z.preprocess(emptyAsUndefined, text({ max: OPTION_VALUE_MAX }).optional()),
  option3_name: z.preprocess(emptyAsUndefined, text({ max: OPTION_NAME_MAX }).optional()),
  option3_value: z.preprocess(emptyAsUndefined, text({ max: OPTION_VALUE_MAX }).optional()),
});
export type VariantCsvRow = z.infer<typeof variantCsvRow>;

export const importOptions = z.object({
  /** `true`: apply the changes (one transaction); otherwise a dry run that changes nothing. */
  apply: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false').transform((value) => value === 'true'),
  /** `true`: categories the file names that do not exist are created; otherwise such rows are errors. */
  createCategories: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false').transform((value) => value === 'true'),
});

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const importRow = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.number(),
  slug: z.string(),
  name: z.string(),
  action: z.enum(IMPORT_ACTIONS),
  /** The columns an update changes. */
  changes: z.array(z.string()),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRow>;

export const importReport = z.object({
  applied: z.boolean(),
  summary: z.object({
    rows: z.number(),
    create: z.number(),
    update: z.number(),
    unchanged: z.number(),
    error: z.number(),
    newCategories: z.array(z.string()),
  }),
  /** Every row that is not unchanged, errors first (at most IMPORT_REPORT_MAX_ROWS). */
  rows: z.array(importRow),
  truncated: z.boolean(),
});
export type ImportReport = z.infer<typeof importReport>;
export const importResponse = importReport.extend({ success: z.literal(true), message: z.string() });
/** A refused import: the message, and, when rows have errors, the report that names them. */
export const importRefusedResponse = importReport.partial().extend({ success: z.literal(false), message: z.string() });
export type ImportResponse = z.infer<typeof importResponse>;

/** Orders for accounting: one row per order line, placed within [from, to] (days in the shop's time zone). */
export const ordersCsvQuery = z
  .object({
    from: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).optional(),
    /** Only these orders (the admin's selected ones): order ids separated by commas, at most 100. */
    ids: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'must be up to 100 order ids separated by commas')
      .transform((value) => value.split(',').map(Number))
      .optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { path: ['to'], message: 'must not be before from' });
export const ORDER_CSV_COLUMNS = [
  'order',
  'placed_at',
  'status',
  'payment',
  'buyer',
  'buyer_email',
  'delivery_name',
  'delivery_address',
  'delivery_phone',
  /** The variant's SKU as it was when the order was placed (empty: none). */
  'sku',
  'product_id',
  /** The product's name, with the variant's values when it has options ("Tee — M / Blue"), as at the order. */
  'product',
  'quantity',
  'unit_price',
  'line_total',
  'order_total',
] as const;
