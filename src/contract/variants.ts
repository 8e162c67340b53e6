import { z } from 'zod';
import { idNumber, idString, slugParam, text, wireId } from './common.ts';
import { OPTION_NAME_MAX, OPTION_VALUE_MAX, OPTION_VALUES_MAX, PRODUCT_PHOTOS_MAX, VARIANT_OPTIONS_MAX, VARIANTS_MAX } from './limits.ts';
import { money, stockCount } from './product.ts';

export { OPTION_NAME_MAX, OPTION_VALUE_MAX };
export const SKU_MAX = 64;
export const PHOTO_ALT_MAX = 300;
/** Grams: up to a tonne. */
export const WEIGHT_MAX_GRAMS = 1_000_000;

/** A JSON body of a grid may be this large (2,048 variants with every field). */
export const VARIANTS_BODY_MAX_BYTES = 1024 * 1024;

const optionValue = text({ max: OPTION_VALUE_MAX });

export const optionInput = z.object({
  name: text({ max: OPTION_NAME_MAX }),
  // One more than allowed passes here, so that the domain's check names the field with its own words.
  values: z.array(optionValue).max(OPTION_VALUES_MAX + 1, `at most ${OPTION_VALUES_MAX} values an option`),
});

const nullableMoney = z.union([z.null(), money]);

export const variantInput = z.object({
  /** A variant the product has (kept, with its id); without, a new variant. */
  _id: idString.optional(),
  sku: z.union([z.null(), text({ max: SKU_MAX, min: 0 })]).optional(),
  price: money,
  /** Shown struck through when higher than the price. */
  compareAtPrice: nullableMoney.optional(),
  quantity: stockCount,
  lowStockThreshold: stockCount.optional(),
  /** In grams. */
  weight: z
    .union([z.null(), z.number({ error: 'must be a number' }).int('must be whole grams').min(0, 'must be 0 or more').max(WEIGHT_MAX_GRAMS)])
    .optional(),
  options: z.array(optionValue).max(VARIANT_OPTIONS_MAX + 1, `at most ${VARIANT_OPTIONS_MAX} values`),
  /** The ids of the product's photos that show this variant, in order. */
  photos: z.array(idString).max(PRODUCT_PHOTOS_MAX, `at most ${PRODUCT_PHOTOS_MAX} photos`).optional(),
});
export type VariantInput = z.output<typeof variantInput>;

export const setVariantsBody = z.object({
  options: z.array(optionInput).max(VARIANT_OPTIONS_MAX + 1, `at most ${VARIANT_OPTIONS_MAX} options`),
  variants: z.array(variantInput).min(1, 'needs at least one variant').max(VARIANTS_MAX + 1, `at most ${VARIANTS_MAX} variants a product`),
});
export type SetVariantsBody = z.input<typeof setVariantsBody>;
export type SetVariants = z.output<typeof setVariantsBody>;

export const variantWire = z.object({
  _id: wireId,
  sku: z.string().nullable(),
  price: z.number(),
  compareAtPrice: z.number().nullable(),
  quantity: z.number(),
  /** In grams. */
  weight: z.number().nullable(),
  options: z.array(z.string()),
  photos: z.array(wireId),
  /** Only in the administrator's answer. */
  lowStockThreshold: z.number().optional(),
});
export type VariantWire = z.infer<typeof variantWire>;

export const galleryPhoto = z.object({
  _id: wireId,
  alt: z.string(),
  /** Changes when the photo does: put it in the photo's address (`?v=`) to cache it for good. */
  version: z.string(),
});
export type GalleryPhoto = z.infer<typeof galleryPhoto>;

export const productVariantsResponse = z.object({
  success: z.literal(true),
  productId: wireId,
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(variantWire),
  photos: z.array(galleryPhoto),
});
export type ProductVariantsResponse = z.infer<typeof productVariantsResponse>;

export const productVariantsParams = z.object({ slug: slugParam });
export const productIdParam = z.object({ id: idNumber });
export const productPhotoParams = z.object({ id: idNumber, photoId: idNumber });
export const variantIdParams = z.object({ id: idNumber });

export const galleryPhotoParams = z.object({ photoId: idNumber });

export const photoAltField = z.object({ alt: text({ max: PHOTO_ALT_MAX, min: 0 }).optional() });

/** The whole gallery in its new order with each photo's alt text (every photo of the product, once). */
export const arrangePhotosBody = z.object({
  photos: z
    .array(z.object({ _id: idString, alt: text({ max: PHOTO_ALT_MAX, min: 0 }) }))
    .max(PRODUCT_PHOTOS_MAX, `at most ${PRODUCT_PHOTOS_MAX} photos`),
});

export const variantPhotosBody = z.object({
  photos: z.array(idString).max(PRODUCT_PHOTOS_MAX, `at most ${PRODUCT_PHOTOS_MAX} photos`),
});

export const galleryResponse = z.object({ success: z.literal(true), message: z.string(), photos: z.array(galleryPhoto) });
