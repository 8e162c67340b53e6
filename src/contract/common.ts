import { z } from 'zod';
import { textProblem } from './text-rules.ts';

/** Ids travel as opaque strings (`_id`); inside they are positive 32-bit integers. */
export const MAX_ID = 2_147_483_647;
export const idString = z
  // An id sent as a number (12, not "12") is told so in words, not in zod's "expected string, received number".
  .string({
    error: (issue) =>
      issue.input === undefined ? 'is required' : typeof issue.input === 'number' ? `must be an id written as text ("${String(issue.input)}", not ${String(issue.input)})` : 'must be an id',
  })
  .trim()
  .regex(/^\d{1,10}$/, { error: 'must be an id', abort: true })
  .refine((value) => Number(value) >= 1 && Number(value) <= MAX_ID, 'must be an id');
/** An id as a number, parsed from its wire string. */
export const idNumber = idString.transform((value) => Number(value));
export const wireId = z.string();

/** Pages start at 1; any positive whole page up to 2^31-1 is valid (past the end it is an empty list). */
export const MAX_PAGE = 2_147_483_647;
export const pageNumber = z.coerce
  .number<string | number>({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(MAX_PAGE, `must be ${MAX_PAGE} or less`);

/**
 * `?page=` of a list. Without it, lists that the specification's client reads whole (product-filters,
 * product-category, search, orders, all-orders) answer every match up to a cap; the others answer page 1.
 */
export const pageQuery = z.object({ page: pageNumber.optional() });

export { textProblem } from './text-rules.ts';

/** Plain text: a string that passes `textProblem`, trimmed, between `min` and `max` characters. */
export function text(options: { max: number; min?: number; multiline?: boolean; trim?: boolean }) {
  const { max, min = 1, multiline = false, trim = true } = options;
  let schema = z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') });
  if (multiline) schema = schema.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  if (trim) schema = schema.trim();
  return schema
    .check((ctx) => {
      const problem = textProblem(ctx.value, multiline);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, abort: true });
    })
    .min(min, min === 1 ? 'is required' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`);
}

/** A slug as it may come in a URL: any short text; one that is not a slug names nothing (404). */
export const slugParam = z.string().max(1000, 'must be at most 1000 characters');

export const successResponse = z.object({ success: z.literal(true), message: z.string() });
export type SuccessResponse = z.infer<typeof successResponse>;

/** Every error answer (decisions.md section 3). */
export const errorResponse = z.object({ success: z.literal(false), message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;
