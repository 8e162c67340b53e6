import { z } from 'zod';
import { SLUG_PATTERN } from '../domain/slug.ts';

/** Ids travel as opaque strings (`_id`); inside they are positive 32-bit integers. */
export const MAX_ID = 2_147_483_647;
export const idString = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, { error: 'must be an id', abort: true })
  .refine((value) => Number(value) >= 1 && Number(value) <= MAX_ID, 'must be an id');
/** An id as a number, parsed from its wire string. */
export const idNumber = idString.transform((value) => Number(value));
export const wireId = z.string();

export const MAX_PAGE = 100_000;
export const pageNumber = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(MAX_PAGE, `must be ${MAX_PAGE} or less`);

/** `?page=` on lists that are paged (defaults to 1). */
export const pageQuery = z.object({ page: pageNumber.optional().default(1) });

export const slugString = z.string().trim().min(1).max(200).regex(SLUG_PATTERN, 'must be a slug');

export const successResponse = z.object({ success: z.literal(true), message: z.string() });

/** Every error answer (decisions.md section 3). */
export const errorResponse = z.object({ success: z.literal(false), message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;
