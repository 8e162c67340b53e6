/**
 * Discount codes (issue 19; docs/decisions/0018-pricing.md): the owner's calls that make, list and change them,
 * and the shopper's check of a code against a cart. Amounts travel in the shop's major units (like prices);
 * a percentage as a number of percent (15 = 15%).
 */
import { z } from 'zod';
import { idNumber, pageNumber, wireId } from './common.ts';
import { money } from './product.ts';

export const DISCOUNT_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_CODES_PAGE_SIZE = 25;
/** A batch makes at most this many codes at once. */
export const DISCOUNT_BATCH_MAX = 1000;
export const DISCOUNT_CODE_MAX = 40;

/** A code as typed: trimmed, upper case (codes are the same whatever their case). */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** Letters, digits, - and _: what a shopper can type and read back. */
export const codeText = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(DISCOUNT_CODE_MAX, `must be at most ${DISCOUNT_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _')
  .transform(normaliseCode);

const optionalDate = z
  .union([z.iso.datetime({ offset: true }), z.iso.date(), z.null(), z.literal('')], { error: 'must be a date (YYYY-MM-DD or an ISO date-time)' })
  .optional()
  .transform((value) => (value ? new Date(value) : null));

const limit = z.coerce
  .number<string | number>({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(1_000_000_000, 'must be at most 1000000000');

/** None, null or '' (an empty form field): no such rule. Null is tried first: a coercing number would read it as 0. */
const nullable = <S extends z.ZodType>(schema: S) =>
  z.union([z.null(), z.literal('').transform(() => null), schema]).optional().transform((value) => value ?? null);

/** The rules of a code (a batch shares them). */
const ruleFields = {
  kind: z.enum(DISCOUNT_KINDS, { error: `must be one of: ${DISCOUNT_KINDS.join(', ')}` }),
  /** Percent (15 = 15%) for `percent`; an amount for `fixed`; ignored for `free_shipping`. */
  value: z.coerce.number<string | number>({ error: 'must be a number' }).min(0, 'must be 0 or more').default(0),
  products: z.array(idNumber, { error: 'must be a list of product ids' }).max(500).default([]),
  categories: z.array(idNumber, { error: 'must be a list of category ids' }).max(500).default([]),
  minimumSubtotal: nullable(money),
  minimumQuantity: nullable(limit),
  startsAt: optionalDate,
  endsAt: optionalDate,
  firstOrderOnly: z.boolean({ error: 'must be true or false' }).default(false),
  maxUses: nullable(limit),
  maxUsesPerCustomer: nullable(limit),
  disabled: z.boolean({ error: 'must be true or false' }).default(false),
};

type Rules = { kind: DiscountKind; value: number; startsAt: Date | null; endsAt: Date | null };
/** Percent over 100 or not above 0, a fixed amount not above 0, an end not after the start: 400 naming the field. */
function checkRules(rules: Rules, context: z.RefinementCtx) {
  if (rules.kind === 'percent' && (rules.value <= 0 || rules.value > 100)) {
    context.addIssue({ code: 'custom', path: ['value'], message: 'must be more than 0 and at most 100 (percent)' });
  }
  if (rules.kind === 'percent' && Math.round(rules.value * 100) !== rules.value * 100) {
    context.addIssue({ code: 'custom', path: ['value'], message: 'must have at most 2 decimals (percent)' });
  }
  if (rules.kind === 'fixed') {
    if (rules.value <= 0) context.addIssue({ code: 'custom', path: ['value'], message: 'must be more than 0' });
    else {
      const problem = money.safeParse(rules.value);
      if (!problem.success) context.addIssue({ code: 'custom', path: ['value'], message: problem.error.issues[0]?.message ?? 'must be an amount' });
    }
  }
  if (rules.startsAt && rules.endsAt && rules.endsAt <= rules.startsAt) {
    context.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
  }
}

export const discountCodeInput = z.object({ code: codeText, ...ruleFields }).superRefine(checkRules);
export type DiscountCodeInput = z.output<typeof discountCodeInput>;

export const discountBatchInput = z
  .object({
    count: z.coerce
      .number<string | number>({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(DISCOUNT_BATCH_MAX, `must be at most ${DISCOUNT_BATCH_MAX}`),
    prefix: z
      .string({ error: 'must be text' })
      .trim()
      .max(12, 'must be at most 12 characters')
      .regex(/^[A-Za-z0-9_-]*$/, 'may hold only letters, digits, - and _')
      .transform(normaliseCode)
      .default(''),
    ...ruleFields,
  })
  .superRefine(checkRules);
export type DiscountBatchInput = z.output<typeof discountBatchInput>;

export const discountCodeParams = z.object({ id: idNumber });
export const discountCodesQuery = z.object({
  page: pageNumber.optional(),
  /** Part of a code. */
  q: z.string().trim().max(DISCOUNT_CODE_MAX, `must be at most ${DISCOUNT_CODE_MAX} characters`).optional(),
});

export const discountCode = z.object({
  _id: wireId,
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number(),
  products: z.array(wireId),
  categories: z.array(wireId),
  minimumSubtotal: z.number().nullable(),
  minimumQuantity: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  firstOrderOnly: z.boolean(),
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number().nullable(),
  disabled: z.boolean(),
  batch: z.string().nullable(),
  /** Orders that used it. */
  uses: z.number(),
  /** The totals of those orders (after the discount), in major units. */
  revenue: z.number(),
  /** The discount those orders were given, in major units. */
  discounted: z.number(),
  createdAt: z.string(),
});
export type WireDiscountCode = z.infer<typeof discountCode>;

export const discountCodeResponse = z.object({ success: z.literal(true), message: z.string(), code: discountCode });
export const discountCodesResponse = z.object({
  success: z.literal(true),
  codes: z.array(discountCode),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const discountBatchResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  batch: z.string(),
  codes: z.array(z.string()),
});

export const checkCodeResponse = z.object({
  success: z.literal(true),
  code: z.string(),
  /** False: refused, `message` says why. */
  applies: z.boolean(),
  message: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  freeShipping: z.boolean(),
  total: z.number(),
  lines: z.array(z.object({ _id: wireId, variant: wireId, subtotal: z.number(), discount: z.number() })),
});
export type CheckCodeResponse = z.infer<typeof checkCodeResponse>;
