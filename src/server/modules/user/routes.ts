import type { Handlers } from '../../plugins/calls.ts';
import { toPublicUser } from './mapper.ts';
import type { UserService } from './service.ts';

export const userHandlers = (users: UserService) =>
  ({
    allUsers: async (request) => {
      const page = await users.page(request.query.page ?? 1);
      return { success: true, ...page, users: page.users.map(toPublicUser) };
    },
  }) satisfies Partial<Handlers>;
