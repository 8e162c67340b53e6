import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct, pngImage } from '../factories.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/** A stand-in build of the web app with the markers the server fills in. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--seo--><title>Emporium - Shop online</title><!--/seo--></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("shop")');
  return dir;
}

describe('the web app, SEO tags, sitemap, robots and banners', () => {
  let t: TestApp;
  let product: { slug: string; id: number };
  let categorySlug: string;
  const html = { accept: 'text/html' };

  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: fakeBuild() });
    const category = await makeCategory(t.database.db, 'Garden Tools');
    categorySlug = category.slug;
    product = await makeProduct(t.database.db, {
      categoryId: category.id,
      name: 'Copper "Rain" Watering Can <XL>',
      description: 'A hand-hammered copper watering can with a long spout for precise watering of seedlings.',
      price: 54.5,
      photo: await pngImage(),
    });
  });
  afterAll(() => t.close());

  it('puts the product title, description, price and Open Graph tags into the HTML of /product/:slug', async () => {
    const res = await call(t.app, 'GET', `/product/${product.slug}`, { headers: { ...html, host: 'shop.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.body;
    expect(body).toContain('<title>Copper &quot;Rain&quot; Watering Can &lt;XL&gt; - Emporium</title>');
    expect(body).toContain('<meta name="description" content="$54.50 · A hand-hammered copper watering can');
    expect(body).toContain('<meta property="og:type" content="product" />');
    expect(body).toContain(`<meta property="og:url" content="http://shop.example/product/${product.slug}" />`);
    expect(body).toMatch(
      new RegExp(`<meta property="og:image" content="http://shop.example/api/v1/product/product-photo/${product.id}\\?v=`),
    );
    expect(body).toContain('<meta property="product:price:amount" content="54.50" />');
    expect(body).not.toContain('Emporium - Shop online');
    expect(body).toContain('<div id="root"></div>');
  });

  it('puts the category name into /category/:slug and answers unknown ones with 404', async () => {
    const res = await call(t.app, 'GET', `/category/${categorySlug}`, { headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Category - Garden Tools - Emporium</title>');
    const missing = await call(t.app, 'GET', '/product/no-such-thing', { headers: html });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    expect((await call(t.app, 'GET', '/category/no-such-thing', { headers: html })).statusCode).toBe(404);
  });

  it('serves other pages with the default tags', async () => {
    const res = await call(t.app, 'GET', '/cart', { headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Emporium - Shop online</title>');
  });

  it('caches content-hashed assets for a year', async () => {
    const res = await call(t.app, 'GET', '/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await call(t.app, 'GET', '/assets/missing.js')).statusCode).toBe(404);
  });

  it('lists pages, categories and products in /sitemap.xml', async () => {
    const res = await call(t.app, 'GET', '/sitemap.xml', { headers: { host: 'shop.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>http://shop.example/</loc>');
    expect(res.body).toContain(`<loc>http://shop.example/category/${categorySlug}</loc>`);
    expect(res.body).toContain(`<loc>http://shop.example/product/${product.slug}</loc>`);
  });

  it('serves /robots.txt pointing at the sitemap and keeping crawlers out of private areas', async () => {
    const res = await call(t.app, 'GET', '/robots.txt', { headers: { host: 'shop.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /dashboard/');
    expect(res.body).toContain('Sitemap: http://shop.example/sitemap.xml');
  });

  it('draws the four home banners as WebP and refuses others', async () => {
    for (const n of [1, 2, 3, 4]) {
      const res = await call(t.app, 'GET', `/banners/${n}.webp`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 400]);
    }
    expect((await call(t.app, 'GET', '/banners/5.webp')).statusCode).toBe(400);
  });
});
