import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI description, generated from the routes' zod schemas (registered before them, at the root,
 * to see them all); `registerDocsPage` serves it: JSON at /api/docs/json, a page at /api/docs.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Emporium API',
        description:
          'The shop API. Send the token from login in the Authorization header (raw or as `Bearer <token>`). Errors answer `{success: false, message}`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
}

export async function registerDocsPage(pages: FastifyInstance): Promise<void> {
  await pages.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
