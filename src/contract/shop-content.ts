import { z } from 'zod';
import { idNumber, text, wireId } from './common.ts';

/*
 * The shop's own words and pictures, written by the owner in the admin: contact details, the About text,
 * the policies, the announcement bar and the home banners. An empty text is one not written yet: the
 * shop leaves it out (a policy page says it has not been written).
 */

export const SHOP_EMAIL_MAX = 254;
export const SHOP_PHONE_MAX = 40;
export const SHOP_ADDRESS_MAX = 500;
export const ABOUT_MAX = 5_000;
export const POLICY_MAX = 20_000;
export const ANNOUNCEMENT_MAX = 200;
export const LINK_MAX = 500;
export const BANNER_HEADING_MAX = 80;
export const BANNER_TEXT_MAX = 200;
export const BANNERS_MAX = 8;

/** Text that may be empty (not written). */
const mayBeEmpty = (max: number, multiline = false) => text({ max, min: 0, multiline });
/** A form's text field: empty when not written or left out. */
const optionalText = (max: number, multiline = false) => mayBeEmpty(max, multiline).default('');

/** A link the shop may show: a path of this shop (`/category/books`) or an http(s) address; empty for none. */
const linkRule = [(value: string) => value === '' || isShopLink(value), 'must be a path starting with / or an http(s) address'] as const;
export const shopLink = optionalText(LINK_MAX).refine(...linkRule);

/** A path of this shop (not `//host`) or an absolute http(s) address, without spaces. */
export function isShopLink(value: string): boolean {
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const shopEmail = mayBeEmpty(SHOP_EMAIL_MAX).refine(
  (value) => value === '' || z.email().safeParse(value).success,
  'must be a valid e-mail address',
);
const shopPhone = mayBeEmpty(SHOP_PHONE_MAX).refine(
  (value) => value === '' || /^\+?[0-9][0-9 ().-]*[0-9)]$/.test(value),
  'must be a phone number (digits, spaces, + ( ) . -)',
);

export const announcement = z.object({ text: z.string(), link: z.string(), on: z.boolean() });

/** The shop's details as every page reads them; '' for what the owner has not written. */
export const shopDetails = z.object({
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  about: z.string(),
  privacyPolicy: z.string(),
  shippingPolicy: z.string(),
  returnsPolicy: z.string(),
  announcement,
});
export type ShopDetails = z.infer<typeof shopDetails>;

/** The texts of the details (all but the announcement), in the order the admin screen shows them. */
export const SHOP_TEXT_FIELDS = ['email', 'phone', 'address', 'about', 'privacyPolicy', 'shippingPolicy', 'returnsPolicy'] as const;
export type ShopTextField = (typeof SHOP_TEXT_FIELDS)[number];

/** PUT shop/details: the fields sent are replaced, those left out kept. */
export const shopDetailsBody = z
  .strictObject({
    email: shopEmail.optional(),
    phone: shopPhone.optional(),
    address: mayBeEmpty(SHOP_ADDRESS_MAX, true).optional(),
    about: mayBeEmpty(ABOUT_MAX, true).optional(),
    privacyPolicy: mayBeEmpty(POLICY_MAX, true).optional(),
    shippingPolicy: mayBeEmpty(POLICY_MAX, true).optional(),
    returnsPolicy: mayBeEmpty(POLICY_MAX, true).optional(),
    announcement: z
      .strictObject({
        text: mayBeEmpty(ANNOUNCEMENT_MAX),
        link: mayBeEmpty(LINK_MAX).refine(...linkRule),
        on: z.boolean({ error: 'must be true or false' }),
      })
      .refine((value) => !value.on || value.text !== '', { message: 'is required while the bar is on', path: ['text'] })
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'must name at least one field');
export type ShopDetailsBody = z.input<typeof shopDetailsBody>;

export const banner = z.object({
  _id: wireId,
  heading: z.string(),
  text: z.string(),
  link: z.string(),
  /** The address of its picture (1200×400 WebP), versioned: cached for a year. */
  image: z.string(),
});
export type Banner = z.infer<typeof banner>;

export const shopContentResponse = z.object({ success: z.literal(true), details: shopDetails, banners: z.array(banner) });
export type ShopContentResponse = z.infer<typeof shopContentResponse>;

export const shopDetailsResponse = z.object({ success: z.literal(true), message: z.string(), details: shopDetails });
export const bannersResponse = z.object({ success: z.literal(true), message: z.string(), banners: z.array(banner) });

/** The text fields of a banner's form (multipart, with its `image`); `position` (1 = first) moves it. */
export const bannerFields = z.object({
  heading: optionalText(BANNER_HEADING_MAX),
  text: optionalText(BANNER_TEXT_MAX),
  link: shopLink,
  position: z.coerce
    .number<string>({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(BANNERS_MAX, `must be ${BANNERS_MAX} or less`)
    .optional(),
});
export type BannerFields = z.output<typeof bannerFields>;

export const bannerParams = z.object({ id: idNumber });
export const bannerImageQuery = z.object({ v: z.string().max(64).optional() });
