import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));

const FALLBACK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Emporium</title></head>
<body><main><h1>Emporium</h1><p>The shop's API is running. The web app has not been built yet: run <code>npm run build</code>.</p>
<p><a href="/api/docs">API documentation</a></p></main></body></html>`;

/**
 * The built web app: content-hashed assets cached for a year, index.html revalidated,
 * and every other page path answered with the app (client-side routing).
 */
export async function registerWeb(app: FastifyInstance, webDir: string = DEFAULT_WEB_DIR): Promise<void> {
  const indexPath = join(webDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  const indexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : FALLBACK_PAGE;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders: (reply, path) => {
        const immutable = path.includes('/assets/');
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  const sendApp = (reply: FastifyReply) =>
    reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendApp(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendApp(reply);
    return reply.code(404).send({ success: false, message: `Not found: ${request.method} ${path}` });
  });
}
