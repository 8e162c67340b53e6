import { z } from 'zod';
import { category } from './category.ts';
import { idNumber, idString, pageNumber, slugString, wireId } from './common.ts';

export const PRODUCT_NAME_MAX = 160;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRODUCT_PRICE_MAX = 1_000_000;
export const PRODUCT_QUANTITY_MAX = 1_000_000;
export const RELATED_PRODUCTS_LIMIT = 3;
export const SEARCH_KEYWORD_MAX = 100;

export const product = z.object({
  _id: wireId,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number(),
  quantity: z.number(),
  shipping: z.boolean(),
  category,
  /** Whether a photo is stored (fetch it from the product-photo call). */
  hasPhoto: z.boolean(),
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

/** `radio`: a band's `[min, max]` pair or empty (spec.md section 7). */
export const priceRange = z
  .array(z.number().min(0).max(1_000_000_000))
  .refine((pair) => pair.length === 0 || pair.length === 2, 'must be empty or a [min, max] pair')
  .refine((pair) => pair.length < 2 || (pair[0] ?? 0) <= (pair[1] ?? 0), 'min must not exceed max');

export const productFiltersBody = z.object({
  checked: z.array(idString).max(200, 'at most 200 categories').optional().default([]),
  radio: priceRange.optional().default([]),
  page: pageNumber.optional().default(1),
});
export type ProductFiltersBody = z.input<typeof productFiltersBody>;
export const productFiltersResponse = z.object(productsPage);

export const searchParams = z.object({
  keyword: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(SEARCH_KEYWORD_MAX, `must be at most ${SEARCH_KEYWORD_MAX} characters`),
});
/** The body is a bare array (as the spec's client reads it); the total is in the X-Total-Count header. */
export const searchResponse = z.array(product);

export const getProductsQuery = z.object({ page: pageNumber.optional().default(1) });
export const getProductsResponse = z.object({ ...productsPage, message: z.string(), countTotal: z.number() });

export const slugParams = z.object({ slug: slugString });
export const getProductResponse = z.object({ success: z.literal(true), message: z.string(), product });

export const relatedParams = z.object({ pid: idNumber, cid: idNumber });
export const relatedResponse = z.object({ success: z.literal(true), products: z.array(product) });

export const productCategoryQuery = z.object({ page: pageNumber.optional().default(1) });
export const productCategoryResponse = z.object({ ...productsPage, category });

export const productIdParams = z.object({ id: idNumber });
export const photoParams = z.object({ id: idNumber });

const money = z.coerce
  .number<string | number>({ error: 'must be a number' })
  .min(0, 'must be 0 or more')
  .max(PRODUCT_PRICE_MAX, `must be at most ${PRODUCT_PRICE_MAX}`)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'must have at most 2 decimals');

const shippingFlag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false', 'yes', 'no', 'Yes', 'No'])])
  .transform((value) => value === true || value === '1' || value === 'true' || value === 'yes' || value === 'Yes');

/** The text fields of the create/update multipart form. */
export const productFields = z.object({
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(PRODUCT_NAME_MAX),
  description: z.string({ error: 'is required' }).trim().min(1, 'is required').max(PRODUCT_DESCRIPTION_MAX),
  price: z.union([z.string().trim().min(1, 'is required'), z.number()], { error: 'is required' }).pipe(money),
  quantity: z
    .union([z.string().trim().min(1, 'is required'), z.number()], { error: 'is required' })
    .pipe(
      z.coerce
        .number<string | number>({ error: 'must be a number' })
        .int('must be a whole number')
        .min(0, 'must be 0 or more')
        .max(PRODUCT_QUANTITY_MAX),
    ),
  category: idNumber,
  shipping: shippingFlag.optional(),
});
export type ProductFields = z.infer<typeof productFields>;

export const productChangedResponse = z.object({ success: z.literal(true), message: z.string(), product });
export const productDeletedResponse = z.object({ success: z.literal(true), message: z.string() });

