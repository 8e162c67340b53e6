import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { renderBannerImage } from '../db/seed/product-photo-art.ts';
import { photoEtag } from '../lib/image.ts';
import { injectMeta, metaForPath, renderRobots, renderSitemap, type SeoServices } from './seo.ts';

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const BANNER_COUNT = 4;
const SITEMAP_TTL_MS = 10 * 60_000;

const FALLBACK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<!--seo--><title>Emporium</title><!--/seo--></head>
<body><main><h1>Emporium</h1><p>The shop's API is running. The web app has not been built yet: run <code>npm run build</code>.</p>
<p><a href="/api/docs">API documentation</a></p></main></body></html>`;

/**
 * The built web app: content-hashed assets cached for a year, index.html revalidated, every page path
 * answered with the app (client-side routing), with the right title, description and Open Graph tags
 * for product and category pages; /sitemap.xml, /robots.txt and the home page banners.
 */
export async function registerWeb(app: FastifyInstance, services: SeoServices, webDir = DEFAULT_WEB_DIR): Promise<void> {
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
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const meta = await metaForPath(path, request, services);
    const html = meta ? injectMeta(indexHtml, meta) : indexHtml;
    return reply
      .code(meta ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.get('/', { schema: { hide: true } }, sendPage);

  let sitemap: { xml: string; host: string; at: number } | null = null;
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    if (!sitemap || sitemap.host !== request.host || Date.now() - sitemap.at > SITEMAP_TTL_MS) {
      sitemap = { xml: await renderSitemap(request, services), host: request.host, at: Date.now() };
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(sitemap.xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(renderRobots(request)),
  );

  // The home carousel's banners: drawn once per process, then served from memory.
  const banners = new Map<number, Promise<{ data: Buffer; etag: string }>>();
  app.get(
    '/banners/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[1-4]\.webp$/, 'no such banner') }) } },
    async (request, reply) => {
      const index = Number.parseInt((request.params as { file: string }).file, 10) - 1;
      if (index < 0 || index >= BANNER_COUNT) return reply.code(404).send({ success: false, message: 'No such banner' });
      let banner = banners.get(index);
      if (!banner) {
        banner = renderBannerImage(index).then(({ data }) => ({ data, etag: photoEtag(data) }));
        banners.set(index, banner);
      }
      const { data, etag } = await banner;
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/webp').send(data);
    },
  );

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendPage(request, reply);
    return reply.code(404).send({ success: false, message: `Not found: ${request.method} ${path}` });
  });
}
