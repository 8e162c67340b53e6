import { z } from 'zod';
import { idNumber, text, wireId } from './common.ts';

export const CATEGORY_NAME_MAX = 60;
export const MAX_CATEGORIES = 500;

export const category = z.object({ _id: wireId, name: z.string(), slug: z.string() });
export type Category = z.infer<typeof category>;

export const categoryInput = z.object({
  name: text({ max: CATEGORY_NAME_MAX }),
});
export type CategoryInput = z.infer<typeof categoryInput>;

export const categoryIdParams = z.object({ id: idNumber });

export const getCategoriesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  category: z.array(category),
});
export type GetCategoriesResponse = z.infer<typeof getCategoriesResponse>;

export const categoryChangedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  category,
});
export type CategoryChangedResponse = z.infer<typeof categoryChangedResponse>;
