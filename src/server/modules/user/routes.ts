import { USERS_PAGE_SIZE } from '../../../contract/limits.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuery } from '../../../contract/common.ts';
import { allUsersResponse } from '../../../contract/user.ts';
import type { Db } from '../../db/client.ts';
import { listWindow, listWithTotal } from '../../lib/paging.ts';
import type { Guards } from '../auth/guards.ts';
import { toPublicUser } from './mapper.ts';
import { countUsers, listUsers } from './repo.ts';

export const userRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  app.get(
    '/all-users',
    {
      preHandler: guards.requireAdmin,
      schema: { tags: ['users'], querystring: pageQuery, response: { 200: allUsersResponse } },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const { items, total } = await listWithTotal(
        listWindow(page, USERS_PAGE_SIZE, USERS_PAGE_SIZE),
        () => countUsers(db),
        ({ limit, offset }) => listUsers(db, limit, offset),
      );
      return { success: true as const, users: items.map(toPublicUser), total, page, pageSize: USERS_PAGE_SIZE };
    },
  );
};
