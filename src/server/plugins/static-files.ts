import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/** Whether `webDir` holds a web build (its index.html). */
export const hasWebBuild = (webDir: string) => existsSync(join(webDir, 'index.html'));

/**
 * The built web app's files: content-hashed assets cached for a year, the rest revalidated; scripts,
 * styles and SVG are compressed at build time (.br, .gz) and sent as they are, no work per request. Pages
 * (index.html with a page's tags) are the pages module's.
 */
export async function registerStaticFiles(app: FastifyInstance, webDir = DEFAULT_WEB_DIR): Promise<void> {
  if (!hasWebBuild(webDir)) return;
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      const immutable = path.includes('/assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
    },
  });
}
