import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBanners } from '../../src/server/db/seed/demo-catalogue.ts';
import { seedDemoCatalogue } from '../../src/server/db/seed.ts';
import { makeAdmin, makeCategory, makeProduct, pngImage } from '../factories.ts';
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

describe('the web app, SEO tags, sitemap and robots', () => {
  let t: TestApp;
  let product: { slug: string; id: number };
  let categorySlug: string;
  const html = { accept: 'text/html' };
  const queries: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: fakeBuild(), PUBLIC_URL: 'https://shop.example' }, { onQuery: (text) => queries.push(text) });
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
    // The Host header says nothing about the shop's URLs: PUBLIC_URL does.
    const res = await call(t.app, 'GET', `/product/${product.slug}`, { headers: { ...html, host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.body;
    expect(body).toContain('<title>Copper &quot;Rain&quot; Watering Can &lt;XL&gt; - Emporium</title>');
    expect(body).toContain('<meta name="description" content="$54.50 · A hand-hammered copper watering can');
    expect(body).toContain('<meta property="og:type" content="product" />');
    expect(body).toContain(`<meta property="og:url" content="https://shop.example/product/${product.slug}" />`);
    expect(body).toMatch(
      new RegExp(`<meta property="og:image" content="https://shop.example/api/v1/product/product-photo/${product.id}\\?v=`),
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
    for (const path of ['/', '/cart/', '/search?keyword=lamp', '/dashboard/user/orders', '/dashboard/admin/orders/42', '/dashboard/admin/product/a-lamp', '/reset-password']) {
      expect((await call(t.app, 'GET', path, { headers: html })).statusCode, path).toBe(200);
    }
  });

  it('answers a path the web app has no screen for with the app (its not-found screen) and HTTP 404', async () => {
    for (const path of ['/no-such-page', '/cartx', '/product/a/b', '/dashboard/admin/no-such-screen', '/dashboard/user/settings', '/about/team?x=1']) {
      const res = await call(t.app, 'GET', path, { headers: html });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('caches content-hashed assets for a year', async () => {
    const res = await call(t.app, 'GET', '/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await call(t.app, 'GET', '/assets/missing.js')).statusCode).toBe(404);
  });

  it('lists pages, categories and products in /sitemap.xml, built once whatever the Host header says', async () => {
    queries.length = 0;
    const res = await call(t.app, 'GET', '/sitemap.xml', { headers: { host: 'shop.example' } });
    const built = queries.length;
    expect(built).toBeGreaterThan(0);
    for (const host of ['a.example', 'b.example', 'c.example:8080']) {
      const again = await call(t.app, 'GET', '/sitemap.xml', { headers: { host } });
      expect(again.body).toBe(res.body);
    }
    expect(queries.length).toBe(built);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>https://shop.example/</loc>');
    expect(res.body).toContain(`<loc>https://shop.example/category/${categorySlug}</loc>`);
    expect(res.body).toContain(`<loc>https://shop.example/product/${product.slug}</loc>`);
  });

  it('serves /robots.txt pointing at the sitemap and keeping crawlers out of private areas', async () => {
    const res = await call(t.app, 'GET', '/robots.txt', { headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /dashboard/');
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('answers the shop pages of the footer (About, Contact, Privacy, Shipping, Returns) with the app and 200, and lists them in the sitemap', async () => {
    for (const path of ['/about', '/contact', '/policy', '/shipping', '/returns']) {
      const res = await call(t.app, 'GET', path, { headers: html });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
    const sitemap = (await call(t.app, 'GET', '/sitemap.xml')).body;
    for (const path of ['/shipping', '/returns']) expect(sitemap).toContain(`<loc>https://shop.example${path}</loc>`);
    expect((await call(t.app, 'GET', '/banners/1.webp', { headers: html })).statusCode).toBe(404);
  });

  it('writes the shop\'s own words into every page for the first render, where no text of the owner\'s can close the script', async () => {
    const admin = await makeAdmin(t.database.db);
    const about = 'We are </script><script>alert(1)</script> & <b>proud</b>';
    const saved = await call(t.app, 'PUT', '/api/v1/shop/details', { token: admin.token, body: { about, announcement: { text: 'Sale', link: '', on: true } } });
    expect(saved.statusCode).toBe(200);
    for (const path of ['/', '/about', `/product/${product.slug}`]) {
      const res = await call(t.app, 'GET', path, { headers: html });
      const found = /<script id="shop-content" type="application\/json">([^<]*)<\/script>/.exec(res.body);
      expect(found, path).not.toBeNull();
      expect(res.body).not.toContain('</script><script>alert(1)');
      const data = JSON.parse(found?.[1] ?? '{}');
      expect(data).toEqual((await call(t.app, 'GET', '/api/v1/shop/content')).json());
      expect(data.details.about).toBe(about);
    }
  });

  it('seeds the demo\'s four home banners as the shop\'s banners (the demo\'s data, not code)', async () => {
    const seeded = await createTestApp();
    try {
      expect(await seedDemoCatalogue(seeded.database.db)).toBe(true);
      const banners = (await call(seeded.app, 'GET', '/api/v1/shop/content')).json().banners as { heading: string; image: string }[];
      expect(banners.map((banner) => banner.heading)).toEqual(demoBanners.map((banner) => banner.heading));
      for (const banner of banners) {
        const res = await call(seeded.app, 'GET', banner.image);
        expect(res.statusCode).toBe(200);
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 400]);
      }
    } finally {
      await seeded.close();
    }
  }, 120_000);
});

describe('a web build that ships its own files', () => {
  it('starts with a build that has its own robots.txt and sitemap.xml, and serves them', async () => {
    const dir = fakeBuild();
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /secret-of-the-build\n');
    writeFileSync(join(dir, 'sitemap.xml'), '<urlset>the build</urlset>');
    const t = await createTestApp({ WEB_DIST_DIR: dir });
    try {
      expect((await call(t.app, 'GET', '/robots.txt')).body).toContain('Disallow: /secret-of-the-build');
      expect((await call(t.app, 'GET', '/sitemap.xml')).body).toBe('<urlset>the build</urlset>');
    } finally {
      await t.close();
    }
  });
});
