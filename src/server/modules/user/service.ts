import { USERS_PAGE_SIZE } from '../../../contract/limits.ts';
import type { Db } from '../../db/client.ts';
import { listWindow, listWithTotal } from '../../lib/paging.ts';
import * as repo from './repo.ts';

/*
 * Accounts. The users table is this module's; the sign-in module (auth) and the bootstrap read and write
 * accounts through the functions below, in their own transactions. One read is auth's own: the user behind
 * a token, with whether its session was signed out, in one query (auth/sessions-repo.ts).
 */
export type { NewUser, RoleChangeEffects, UserRow } from './repo.ts';
export {
  changePassword,
  findGuestByEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  lockUserByEmail,
  mergeGuestInto,
  setRoleByEmail,
  updateUser,
  upsertGuest,
} from './repo.ts';

/** Users for the administrator, newest first, a page at a time, each with their orders and what they came to. */
export function createUserService(db: Db) {
  return {
    async page(pageNumber: number) {
      const { items, total } = await listWithTotal(
        listWindow(pageNumber, USERS_PAGE_SIZE, USERS_PAGE_SIZE),
        () => repo.countUsers(db),
        ({ limit, offset }) => repo.listUsers(db, limit, offset),
      );
      const totals = await repo.orderTotalsOf(db, items.map((user) => user.id));
      return { users: items, totals, total, page: pageNumber, pageSize: USERS_PAGE_SIZE };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
