/** A delivery address's parts as they travel (the checkout's quote and the order share them). */
import { z } from 'zod';
import { isCountry, normalPostcode, postcodeProblem, REGION_PATTERN } from '../domain/address.ts';
import { text } from './common.ts';

export const countryCode = z
  .string({ error: 'is required' })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCountry, 'must be a country code such as FR, US or JP');
export const regionCode = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => REGION_PATTERN.test(value), 'must be a region code such as CA or BY (ISO 3166-2 without the country)');

/** Where the goods go, as far as pricing needs it: country, and region and postcode when the shop's zones ask. */
const addressFields = {
  country: countryCode,
  region: z.union([z.literal(''), regionCode]).optional(),
  postcode: z.string().trim().max(12, 'must be at most 12 characters').optional(),
};
const checkPostcode = (value: { country: string; postcode?: string | undefined }, context: z.RefinementCtx) => {
  if (!value.postcode) return;
  const problem = postcodeProblem(value.country, value.postcode);
  if (problem) context.addIssue({ code: 'custom', path: ['postcode'], message: problem });
};
const cleanAddress = <T extends { region?: string | undefined; postcode?: string | undefined }>(value: T) => ({
  ...value,
  region: value.region || undefined,
  postcode: value.postcode ? normalPostcode(value.postcode) : undefined,
});
export const pricingAddress = z.object(addressFields).superRefine(checkPostcode).transform(cleanAddress);

/** The delivery address an order keeps (none: the buyer's profile address, as the specification's client orders). */
export const deliveryAddress = z
  .object({
    ...addressFields,
    name: text({ max: 100 }),
    phone: text({ max: 40 }),
    city: text({ max: 100 }),
    lines: text({ max: 300, multiline: true }),
  })
  .superRefine(checkPostcode)
  .transform(cleanAddress);
export type DeliveryAddressInput = z.input<typeof deliveryAddress>;

