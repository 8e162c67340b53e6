import type { PublicUser } from '../../../contract/user.ts';
import type { UserRow } from './service.ts';

/** The only way a user leaves the server: no hashes. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}
