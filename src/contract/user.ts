import { z } from 'zod';
import { wireId } from './common.ts';

export const ADMIN_ROLE = 1;
export const USER_ROLE = 0;

/** A user as the server shows it: never a password or answer hash. */
export const publicUser = z.object({
  _id: wireId,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  role: z.number(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** A user in the administrator's list: with their number of orders and what those came to (major units, not cancelled, less refunds). */
export const listedUser = publicUser.extend({ orders: z.number(), spent: z.number() });
export type ListedUser = z.infer<typeof listedUser>;

export const allUsersResponse = z.object({
  success: z.literal(true),
  users: z.array(listedUser),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AllUsersResponse = z.infer<typeof allUsersResponse>;
