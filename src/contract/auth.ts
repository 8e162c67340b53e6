import { z } from 'zod';
import { text } from './common.ts';
import { publicUser } from './user.ts';

export const NAME_MAX = 80;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const PHONE_MAX = 30;
export const ADDRESS_MAX = 300;
export const ANSWER_MAX = 100;

const required = (max: number) => text({ max });

export const email = text({ max: 254 })
  .pipe(z.email('must be a valid e-mail address'))
  .transform((value) => value.toLowerCase());

/** Passwords are taken as typed (not trimmed), with the same text rule as every other field. */
export const password = text({ max: PASSWORD_MAX, min: PASSWORD_MIN, trim: false });

/** An account's contact details, where its orders go: one definition for register and the profile. */
export const contactDetails = z.object({
  name: required(NAME_MAX),
  phone: required(PHONE_MAX),
  address: text({ max: ADDRESS_MAX, multiline: true }),
});
const { name, phone, address } = contactDetails.shape;

export const registerBody = z.object({ name, email, password, phone, address, answer: required(ANSWER_MAX) });
export type RegisterBody = z.infer<typeof registerBody>;

export const registerResponse = z.object({ success: z.literal(true), message: z.string(), user: publicUser });

/** The password a user types to prove it is them (at login, or the current one for a change): taken as typed. */
const typedPassword = text({ max: PASSWORD_MAX, trim: false });

export const loginBody = z.object({ email, password: typedPassword });
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

export const CURRENT_PASSWORD_REQUIRED = 'is required to set a new password';

/**
 * Profile update: e-mail is read-only (ignored if sent); an empty password keeps the old one; a new
 * password needs the current one (a token alone cannot take an account over).
 */
export const profileBody = z
  .object({
    name: name.optional(),
    email: z.string().max(1000).optional(),
    password: z.union([z.literal(''), password]).optional(),
    currentPassword: z.union([z.literal(''), typedPassword]).optional(),
    phone: phone.optional(),
    address: address.optional(),
  })
  .refine((body) => !body.password || Boolean(body.currentPassword), {
    path: ['currentPassword'],
    message: CURRENT_PASSWORD_REQUIRED,
  });
export type ProfileBody = z.infer<typeof profileBody>;

/** A new security answer, with the current password. */
export const securityAnswerBody = z.object({
  answer: required(ANSWER_MAX),
  currentPassword: typedPassword,
});
export type SecurityAnswerBody = z.infer<typeof securityAnswerBody>;

export const profileResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  updatedUser: publicUser,
  /** After a password change: every earlier token is revoked, and this is the caller's new one. */
  token: z.string().optional(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** Ask for a password reset link by e-mail. */
export const resetLinkBody = z.object({ email });
export type ResetLinkBody = z.infer<typeof resetLinkBody>;

/** Set a new password with the token from the mailed link. */
export const resetPasswordBody = z.object({
  token: text({ max: 200 }),
  newPassword: password,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** A reset link works once, for this long. */
export const RESET_LINK_VALID_MINUTES = 30;
