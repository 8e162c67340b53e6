import { z } from 'zod';
import { publicUser } from './user.ts';

export const NAME_MAX = 80;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const PHONE_MAX = 30;
export const ADDRESS_MAX = 300;
export const ANSWER_MAX = 100;

const required = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

export const email = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(254)
  .pipe(z.email('must be a valid e-mail address'))
  .transform((value) => value.toLowerCase());

export const password = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const registerBody = z.object({
  name: required(NAME_MAX),
  email,
  password,
  phone: required(PHONE_MAX),
  address: required(ADDRESS_MAX),
  answer: required(ANSWER_MAX),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const registerResponse = z.object({ success: z.literal(true), message: z.string(), user: publicUser });

export const loginBody = z.object({
  email,
  password: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: publicUser,
  token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const forgotPasswordBody = z.object({
  email,
  answer: required(ANSWER_MAX),
  newPassword: password,
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const okResponse = z.object({ ok: z.literal(true) });

/** Profile update: e-mail is read-only (ignored if sent); an empty password keeps the old one. */
export const profileBody = z.object({
  name: required(NAME_MAX).optional(),
  email: z.string().optional(),
  password: z.union([z.literal(''), password]).optional(),
  phone: required(PHONE_MAX).optional(),
  address: required(ADDRESS_MAX).optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;

export const profileResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  updatedUser: publicUser,
});
export type ProfileResponse = z.infer<typeof profileResponse>;
