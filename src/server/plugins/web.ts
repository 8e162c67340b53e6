import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
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
 * for product and category pages; /sitemap.xml, /robots.txt and the home page banners. A file the build
 * ships itself (its own robots.txt, the banners drawn at build time) is served as it is, instead of ours.
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
      // scripts, styles and SVG are compressed at build time (.br, .gz): sent as they are, no work per request
      preCompressed: true,
      setHeaders: (reply, path) => {
        const immutable = path.includes('/assets/');
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const meta = await metaForPath(path, services);
    const html = meta ? injectMeta(indexHtml, meta, services.shopName) : indexHtml;
    return reply
      .code(meta ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  // The home page is cached like the catalogue's answers; every other page path is answered by the
  // not-found handler below (a product or category page reads its title and tags from the catalogue).
  app.get('/', { schema: { hide: true }, config: { cache: true } }, sendPage);

  const shipped = (file: string) => hasBuild && existsSync(join(webDir, file));

  // One sitemap per process, rebuilt at most every 10 minutes (never per request, whatever the Host says);
  // requests that arrive while it is being built wait for that one build.
  let sitemap: { xml: Promise<string>; at: number } | null = null;
  if (!shipped('sitemap.xml')) {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      if (!sitemap || Date.now() - sitemap.at > SITEMAP_TTL_MS) {
        const xml = renderSitemap(services);
        sitemap = { xml, at: Date.now() };
        xml.catch(() => {
          sitemap = null;
        });
      }
      const xml = await sitemap.xml;
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
    });
  }

  if (!shipped('robots.txt')) {
    const robots = renderRobots(services.publicUrl);
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );
  }

  if (!shipped('banners')) registerBanners(app);
  registerNotFound(app, sendPage);
}

/**
 * The home carousel's banners, when the build does not have them (a development start): drawn on first
 * request (the drawing code is loaded then, not at start), then served from memory.
 */
function registerBanners(app: FastifyInstance): void {
  const banners = new Map<number, Promise<{ data: Buffer; etag: string }>>();
  app.get(
    '/banners/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[1-4]\.webp$/, 'no such banner') }) } },
    async (request, reply) => {
      const index = Number.parseInt((request.params as { file: string }).file, 10) - 1;
      if (index < 0 || index >= BANNER_COUNT) return reply.code(404).send({ success: false, message: 'No such banner' });
      let banner = banners.get(index);
      if (!banner) {
        banner = import('../db/seed/product-photo-art.ts')
          .then((art) => art.renderBannerImage(index))
          .then(({ data }) => ({ data, etag: photoEtag(data) }));
        banners.set(index, banner);
      }
      const { data, etag } = await banner;
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/webp').send(data);
    },
  );
}

/** A browser asking for a page (not an API call or a missing asset). */
function wantsPage(request: FastifyRequest, path: string): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !path.startsWith('/api/') &&
    !path.startsWith('/assets/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** Unknown API paths and missing assets answer a JSON 404; any other page path answers the app. */
function registerNotFound(
  app: FastifyInstance,
  sendPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (wantsPage(request, path)) return sendPage(request, reply);
    return reply.code(404).send({ success: false, message: `Not found: ${request.method} ${path}` });
  });
}
