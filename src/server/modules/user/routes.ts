import type { Handlers } from '../../plugins/calls.ts';
import { fromCents } from '../../../domain/money.ts';
import { toPublicUser } from './mapper.ts';
import type { UserService } from './service.ts';

export const userHandlers = (users: UserService) =>
  ({
    allUsers: async (request) => {
      const page = await users.page(request.query.page ?? 1);
      const { totals, ...rest } = page;
      return {
        success: true,
        ...rest,
        users: page.users.map((user) => {
          const mine = totals.get(user.id);
          return { ...toPublicUser(user), orders: mine?.orders ?? 0, spent: fromCents(mine?.spentCents ?? 0) };
        }),
      };
    },
  }) satisfies Partial<Handlers>;
