import { z } from 'zod';
import { FILTER_OPTIONS_MAX, PHOTO_WIDTHS, type PhotoWidth } from './limits.ts';
import { category } from './category.ts';
import { idNumber, idString, pageNumber, slugParam, text, wireId } from './common.ts';
import { PRODUCT_SORT_IDS } from '../domain/product-sort.ts';
import { shopDecimalsProblem } from '../domain/money.ts';

export const PRODUCT_NAME_MAX = 160;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRODUCT_PRICE_MAX = 1_000_000;
export const PRODUCT_QUANTITY_MAX = 1_000_000;
export const RELATED_PRODUCTS_LIMIT = 3;
/** Lists asked for without a page answer every match up to this many products (with the true total). */
export const UNPAGED_PRODUCTS_MAX = 1000;
export const SEARCH_KEYWORD_MAX = 100;

export const product = z.object({
  _id: wireId,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number(),
  /** Only when the product's variants differ in price: the highest (a card says "from" the price). */
  maxPrice: z.number().optional(),
  quantity: z.number(),
  shipping: z.boolean(),
  category,
  /** Whether a photo is stored (fetch it from the product-photo call). */
  hasPhoto: z.boolean(),
  /** Only on the owner's reads, and only when true: a draft is never shown to shoppers. */
  draft: z.literal(true).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof product>;

const productsPage = { success: z.literal(true), products: z.array(product), total: z.number() };

export const productListParams = z.object({ page: pageNumber });
/** One page, newest first; the total comes from product-count (one query per page stays one query). */
export const productListResponse = z.object({ success: z.literal(true), products: z.array(product) });
export type ProductListResponse = z.infer<typeof productListResponse>;

export const productCountResponse = z.object({ success: z.literal(true), total: z.number() });

/** `radio`: a band's `[min, max]` pair or empty (spec.md section 7); prices stop at the highest a product may have. */
export const priceRange = z
  .array(
    z
      .number({ error: 'must be a number' })
      .min(0, 'must be 0 or more')
      .max(PRODUCT_PRICE_MAX, `must be at most ${PRODUCT_PRICE_MAX}`),
  )
  .refine((pair) => pair.length === 0 || pair.length === 2, 'must be empty or a [min, max] pair')
  .refine((pair) => pair.length < 2 || (pair[0] ?? 0) <= (pair[1] ?? 0), 'min must not exceed max');

/** Facets: option values to keep (`{"Size": ["S", "M"]}`: products offering S or M), per option name. */
export { FILTER_OPTIONS_MAX };
const optionFilter = z
  .record(text({ max: 60 }), z.array(text({ max: 60 })).min(1, 'needs a value').max(100, 'at most 100 values'))
  .refine((options) => Object.keys(options).length <= FILTER_OPTIONS_MAX, `at most ${FILTER_OPTIONS_MAX} options`);

export const productFiltersBody = z.object({
  checked: z.array(idString).max(200, 'at most 200 categories').optional().default([]),
  radio: priceRange.optional().default([]),
  /** Keep the products offering these option values (every option named, any of its values). */
  options: optionFilter.optional(),
  /** `true`: the answer also counts, per option and value, the products of these categories and band. */
  facets: z.boolean().optional(),
  /** Without a page, every match up to UNPAGED_PRODUCTS_MAX (the specification's client sends none). */
  page: pageNumber.optional(),
  /** Newest first when not given (the specification's client sends none). */
  sort: z.enum(PRODUCT_SORT_IDS, { message: `sort: one of ${PRODUCT_SORT_IDS.join(', ')}` }).optional(),
});
export type ProductFiltersBody = z.input<typeof productFiltersBody>;
export const facet = z.object({
  name: z.string(),
  values: z.array(z.object({ value: z.string(), count: z.number() })),
});
export type Facet = z.infer<typeof facet>;
export const productFiltersResponse = z.object({ ...productsPage, facets: z.array(facet).optional() });

export const searchParams = z.object({ keyword: text({ max: SEARCH_KEYWORD_MAX }) });
/** The body is a bare array (as the spec's client reads it); the total is in the X-Total-Count header. */
export const searchResponse = z.array(product);

export const getProductsResponse = z.object({ ...productsPage, message: z.string(), countTotal: z.number() });

export const slugParams = z.object({ slug: slugParam });
export const getProductResponse = z.object({ success: z.literal(true), message: z.string(), product });

export const relatedParams = z.object({ pid: idNumber, cid: idNumber });
export const relatedResponse = z.object({ success: z.literal(true), products: z.array(product) });

export const productCategoryResponse = z.object({ ...productsPage, category });

export const productIdParams = z.object({ id: idNumber });
export const photoParams = z.object({ id: idNumber });
/** `?v=` a version (the answer may then be cached for a year); `?w=` one of PHOTO_WIDTHS (a WebP copy that wide). */
export const photoQuery = z.object({
  v: z.string().max(64).optional(),
  w: z
    .enum(PHOTO_WIDTHS.map(String) as [string, ...string[]], { error: `must be one of ${PHOTO_WIDTHS.join(', ')}` })
    .transform((value) => Number(value) as PhotoWidth)
    .optional(),
});

export const money = z.coerce
  .number<string | number>({ error: 'must be a number' })
  .min(0, 'must be 0 or more')
  .max(PRODUCT_PRICE_MAX, `must be at most ${PRODUCT_PRICE_MAX}`)
  // The shop's currency decides the decimals (2 for dollars, none for yen: src/domain/money.ts).
  .superRefine((value, context) => {
    const problem = shopDecimalsProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const shippingFlag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false', 'yes', 'no', 'Yes', 'No'])])
  .transform((value) => value === true || value === '1' || value === 'true' || value === 'yes' || value === 'Yes');

/** A stock count (quantity, low-stock threshold): a whole number from 0. */
export const stockCount = z.coerce
  .number<string | number>({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(PRODUCT_QUANTITY_MAX);

/** The text fields of the create/update multipart form. */
export const productFields = z.object({
  name: text({ max: PRODUCT_NAME_MAX }),
  description: text({ max: PRODUCT_DESCRIPTION_MAX, multiline: true }),
  price: z.union([z.string().trim().min(1, 'is required'), z.number()], { error: 'is required' }).pipe(money),
  quantity: z
    .union([z.string().trim().min(1, 'is required'), z.number()], { error: 'is required' })
    .pipe(stockCount),
  category: idNumber,
  shipping: shippingFlag.optional(),
  /** A draft is not shown to shoppers (default on create: not a draft; left out on update: kept). */
  draft: shippingFlag.optional(),
  /** At or below this stock the owner's page lists the product (default 5; left out on update: kept). */
  lowStockThreshold: z
    .union([z.string().trim().min(1, 'is required'), z.number()])
    .pipe(stockCount)
    .optional(),
});
export type ProductFields = z.infer<typeof productFields>;

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** A product for the administrator: the product and what only the owner needs (its low-stock threshold). */
export const adminProductResponse = z.object({ success: z.literal(true), product, lowStockThreshold: z.number() });
export type AdminProductResponse = z.infer<typeof adminProductResponse>;

export const productChangedResponse = z.object({ success: z.literal(true), message: z.string(), product });
export const productDeletedResponse = z.object({ success: z.literal(true), message: z.string() });

