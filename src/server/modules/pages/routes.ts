import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPagePath } from '../../../contract/pages.ts';
import { DEFAULT_WEB_DIR, hasWebBuild } from '../../plugins/static-files.ts';
import { shopMoney } from '../../../domain/money.ts';
import { injectMeta, injectShopMoney } from './mapper.ts';
import type { PagesService } from './service.ts';

const FALLBACK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<!--shop-money--><!--seo--><title>Emporium</title><!--/seo--></head>
<body><main><h1>Emporium</h1><p>The shop's API is running. The web app has not been built yet: run <code>npm run build</code>.</p>
<p><a href="/api/docs">API documentation</a></p></main></body></html>`;

/**
 * Every page path answered with the web app (client-side routing), with the right title, description and
 * Open Graph tags for product and category pages (404 for an unknown one); /sitemap.xml and /robots.txt. A
 * file the build ships itself (its own robots.txt) is served as it is, by the static files, instead of ours.
 */
export async function registerPages(app: FastifyInstance, pages: PagesService, webDir = DEFAULT_WEB_DIR): Promise<void> {
  const hasBuild = hasWebBuild(webDir);
  const indexHtml = hasBuild ? readFileSync(join(webDir, 'index.html'), 'utf8') : FALLBACK_PAGE;
  const shipped = (file: string) => hasBuild && existsSync(join(webDir, file));

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A path the web app has no screen for is its not-found screen, with the status that says so.
    const meta = isPagePath(path) ? await pages.metaFor(path) : null;
    const html = injectShopMoney(meta ? injectMeta(indexHtml, meta, pages.shopName, await pages.pageData()) : indexHtml, shopMoney());
    return reply
      .code(meta ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  // The home page is cached like the catalogue's answers; every other page path is answered by the
  // not-found handler below (a product or category page reads its title and tags from the catalogue).
  app.get('/', { schema: { hide: true }, config: { cache: true, holdsNoStock: true } }, sendPage);

  if (!shipped('sitemap.xml')) {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(await pages.sitemap()),
    );
  }

  if (!shipped('robots.txt')) {
    const robots = pages.robots();
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );
  }

  // Unknown API paths and missing assets answer a JSON 404; any other page path answers the app.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (wantsPage(request, path)) return sendPage(request, reply);
    return reply.code(404).send({ success: false, message: `Not found: ${request.method} ${path}` });
  });
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
