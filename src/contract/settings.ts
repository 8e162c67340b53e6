import { z } from 'zod';
import { currencyCode, isCurrency, isLocale, localeTag } from '../domain/money.ts';

/** The shop's currency and locale (the owner's settings screen; SHOP_CURRENCY and SHOP_LOCALE first). */
export const shopMoneyBody = z.object({
  currency: z
    .string({ error: 'is required' })
    .trim()
    .refine(isCurrency, 'must be a currency code such as USD, EUR or JPY')
    .transform((code) => currencyCode(code)),
  locale: z
    .string({ error: 'is required' })
    .trim()
    .max(35, 'must be a locale such as en-US, de-DE or ja-JP')
    .refine(isLocale, 'must be a locale such as en-US, de-DE or ja-JP')
    .transform((tag) => localeTag(tag)),
});
export type ShopMoneyBody = z.input<typeof shopMoneyBody>;

export const shopMoneyResponse = z.object({
  success: z.literal(true),
  currency: z.string(),
  locale: z.string(),
  /** Whether the currency may still change (it may not once the shop has orders). */
  currencyLocked: z.boolean(),
});
export type ShopMoneyResponse = z.infer<typeof shopMoneyResponse>;
