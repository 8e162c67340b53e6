/**
 * Shipping, tax and the checkout's quote (issue 19; docs/decisions/0018-pricing.md). Amounts travel in the
 * shop's major units like every other answer (an order's `total`); tax rates as percentages (20, 5.5).
 */
import { z } from 'zod';
import { countryCode, pricingAddress, regionCode } from './address.ts';
import { idNumber, text, wireId } from './common.ts';
import { email } from './auth.ts';
import { codeText } from './discount.ts';
import { checkoutCart, taxLine } from './order.ts';
import { money } from './product.ts';

export const SHIPPING_ZONES_MAX = 200;
export const RATES_PER_ZONE_MAX = 20;
export const BANDS_MAX = 20;
export const COUNTRIES_PER_ZONE_MAX = 250;
export const REGIONS_PER_ZONE_MAX = 100;
export const PREFIXES_PER_ZONE_MAX = 200;
export const RATE_KINDS = ['flat', 'weight', 'price', 'pickup'] as const;

export const rateIdField = idNumber;

export const quoteBody = z.object({
  cart: checkoutCart,
  address: pricingAddress,
  /** The delivery method chosen (none: the cheapest offered). */
  rateId: rateIdField.optional(),
  /** A discount code: no such code is a 400 naming `code`; a code that does not apply is a refusal in words. */
  code: codeText.optional(),
  /** The shopper's e-mail, when known: a code's per-customer and first-order rules are told before the order. */
  email: email.optional(),
});
export type QuoteBody = z.input<typeof quoteBody>;

/**
 * The shopper's check of a code against a cart: the quote's body without the address (goods only), the code
 * required. Answered by the quote's own pricing (src/server/modules/checkout/service.ts).
 */
export const checkCodeBody = quoteBody.omit({ address: true, rateId: true }).extend({ code: codeText });
export type CheckCodeBody = z.input<typeof checkCodeBody>;

export const shippingChoice = z.object({ _id: wireId, name: z.string(), kind: z.enum(RATE_KINDS), amount: z.number() });

export const quoteResponse = z.object({
  success: z.literal(true),
  currency: z.string(),
  lines: z.array(
    z.object({
      product: wireId,
      variant: wireId.nullable(),
      name: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      subtotal: z.number(),
      discount: z.number(),
      total: z.number(),
    }),
  ),
  subtotal: z.number(),
  discount: z.number(),
  choices: z.array(shippingChoice),
  shipping: shippingChoice.nullable(),
  taxes: z.array(taxLine),
  tax: z.number(),
  taxIncluded: z.boolean(),
  total: z.number(),
  /** Why some of it cannot be bought as asked (an address outside every zone, a method not offered, a code that does not apply). */
  refusals: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type QuoteResponse = z.infer<typeof quoteResponse>;

export const deliveryCountriesResponse = z.object({
  success: z.literal(true),
  /** False: the shop has no zones, delivers anywhere, charges no shipping or tax. */
  zones: z.boolean(),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
});

// The owner's calls.

const percent = z.coerce
  .number<string | number>({ error: 'must be a number' })
  .min(0, 'must be 0 or more')
  .max(100, 'must be at most 100')
  .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'must have at most 2 decimals');

export const zoneBody = z.object({
  name: text({ max: 100 }),
  countries: z.array(countryCode).min(1, 'must list at least one country').max(COUNTRIES_PER_ZONE_MAX),
  regions: z.array(regionCode).max(REGIONS_PER_ZONE_MAX).default([]),
  postcodePrefixes: z
    .array(
      z
        .string()
        .trim()
        .transform((value) => value.replace(/\s+/g, '').toUpperCase())
        .refine((value) => /^[A-Z0-9-]{1,10}$/.test(value), 'must be a postcode prefix (letters, digits and hyphens, at most 10)'),
    )
    .max(PREFIXES_PER_ZONE_MAX)
    .default([]),
  position: z.number().int('must be a whole number').min(0).max(100_000).default(0),
  /** Percentages per tax class (none: 0). */
  taxes: z.object({ standard: percent.default(0), reduced: percent.default(0), zero: percent.default(0) }).default({ standard: 0, reduced: 0, zero: 0 }),
});
export type ZoneBody = z.input<typeof zoneBody>;

export const rateBody = z
  .object({
    name: text({ max: 100 }),
    kind: z.enum(RATE_KINDS, { error: `must be one of: ${RATE_KINDS.join(', ')}` }),
    amount: money.optional(),
    bands: z
      .array(
        z.object({
          upToGrams: z.number().int('must be a whole number').min(1).max(10_000_000).optional(),
          from: money.optional(),
          amount: money,
        }),
      )
      .max(BANDS_MAX)
      .default([]),
    freeFrom: money.nullable().optional(),
    position: z.number().int('must be a whole number').min(0).max(100_000).default(0),
  })
  .superRefine((rate, context) => {
    const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
    if (rate.kind === 'flat' && rate.amount === undefined) issue(['amount'], 'is required for a flat rate');
    if (rate.kind === 'weight' || rate.kind === 'price') {
      if (rate.bands.length === 0) issue(['bands'], `must list at least one band for a ${rate.kind} rate`);
      const key = rate.kind === 'weight' ? 'upToGrams' : 'from';
      let last = -1;
      rate.bands.forEach((band, index) => {
        const value = band[key];
        if (value === undefined) issue(['bands', index, key], 'is required');
        else if (value <= last) issue(['bands', index, key], 'must be more than the band before');
        else last = value;
      });
    }
  });
export type RateBody = z.input<typeof rateBody>;

export const zoneIdParams = z.object({ zoneId: idNumber });
export const rateIdParams = z.object({ rateId: idNumber });
export const pricesIncludeTaxBody = z.object({ pricesIncludeTax: z.boolean({ error: 'must be true or false' }) });

const rateWire = z.object({
  _id: wireId,
  name: z.string(),
  kind: z.enum(RATE_KINDS),
  amount: z.number().nullable(),
  bands: z.array(z.object({ upToGrams: z.number().optional(), from: z.number().optional(), amount: z.number() })),
  freeFrom: z.number().nullable(),
  position: z.number(),
});
export const zoneWire = z.object({
  _id: wireId,
  name: z.string(),
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  postcodePrefixes: z.array(z.string()),
  position: z.number(),
  taxes: z.object({ standard: z.number(), reduced: z.number(), zero: z.number() }),
  rates: z.array(rateWire),
});
export type ZoneWire = z.infer<typeof zoneWire>;
export const shippingSettingsResponse = z.object({
  success: z.literal(true),
  pricesIncludeTax: z.boolean(),
  zones: z.array(zoneWire),
});
export type ShippingSettingsResponse = z.infer<typeof shippingSettingsResponse>;
