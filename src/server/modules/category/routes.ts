import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryChangedResponse,
  categoryIdParams,
  categoryInput,
  getCategoriesResponse,
} from '../../../contract/category.ts';
import { errorResponse, successResponse } from '../../../contract/common.ts';
import { actorOf, type Guards } from '../auth/guards.ts';
import { toWireCategory } from './mapper.ts';
import type { CategoryService } from './service.ts';

export const categoryRoutes: FastifyPluginAsyncZod<{ categories: CategoryService; guards: Guards }> = async (
  app,
  { categories, guards },
) => {
  const tags = ['category'];

  app.get('/get-category', { config: { cache: true }, schema: { tags, response: { 200: getCategoriesResponse } } }, async () => {
    const rows = await categories.list();
    return { success: true as const, message: 'All Categories List', category: rows.map(toWireCategory) };
  });

  app.post(
    '/create-category',
    {
      preHandler: guards.requireAdmin,
      config: { invalidatesCatalogue: true },
      schema: { tags, body: categoryInput, response: { 201: categoryChangedResponse, 409: errorResponse } },
    },
    async (request, reply) => {
      const row = await categories.create(request.body.name, actorOf(request));
      return reply.code(201).send({ success: true, message: `${row.name} is created`, category: toWireCategory(row) });
    },
  );

  app.put(
    '/update-category/:id',
    {
      preHandler: guards.requireAdmin,
      config: { invalidatesCatalogue: true },
      schema: { tags, params: categoryIdParams, body: categoryInput, response: { 200: categoryChangedResponse } },
    },
    async (request) => {
      const row = await categories.update(request.params.id, request.body.name, actorOf(request));
      return { success: true as const, message: `${row.name} is updated`, category: toWireCategory(row) };
    },
  );

  app.delete(
    '/delete-category/:id',
    {
      preHandler: guards.requireAdmin,
      config: { invalidatesCatalogue: true },
      schema: { tags, params: categoryIdParams, response: { 200: successResponse, 409: errorResponse } },
    },
    async (request) => {
      await categories.remove(request.params.id, actorOf(request));
      return { success: true as const, message: 'category is deleted' };
    },
  );
};
