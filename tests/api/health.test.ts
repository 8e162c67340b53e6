import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

describe('health, headers and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz with the database engine', async () => {
    expect((await call(t.app, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await call(t.app, 'GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(t.database.engine);
  });

  it('puts security headers on every answer', async () => {
    for (const url of ['/api/v1/category/get-category', '/api/v1/nope', '/']) {
      const res = await call(t.app, 'GET', url);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('refuses cross-origin calls from unlisted origins and allows listed ones', async () => {
    const refused = await call(t.app, 'GET', '/api/v1/category/get-category', {
      headers: { origin: 'https://evil.example', host: 'shop.example' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: expect.stringContaining('Cross-origin') });
    const same = await call(t.app, 'GET', '/api/v1/category/get-category', {
      headers: { origin: 'http://shop.example', host: 'shop.example' },
    });
    expect(same.statusCode).toBe(200);

    const listed = await createTestApp({ CORS_ORIGINS: 'https://partner.example' });
    try {
      const res = await call(listed.app, 'GET', '/api/v1/category/get-category', {
        headers: { origin: 'https://partner.example', host: 'shop.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    } finally {
      await listed.close();
    }
  });

  it('behind a proxy that rewrites Host, the shop still accepts its own pages: by PUBLIC_URL, or X-Forwarded-Host with TRUST_PROXY', async () => {
    const behindProxy = { host: '127.0.0.1:8080', origin: 'https://shop.example' };
    const forwarded = { ...behindProxy, 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' };
    const body = { email: 'nobody@example.com', password: 'whatever-pass' };

    // Neither: the browser's own write is refused, as before.
    expect((await call(t.app, 'POST', '/api/v1/auth/login', { headers: forwarded, body })).statusCode).toBe(403);

    const trusted = await createTestApp({ TRUST_PROXY: 'true' });
    const known = await createTestApp({ PUBLIC_URL: 'https://shop.example/' });
    try {
      // With TRUST_PROXY the forwarded host is the request's host: same origin (401: a real, wrong login).
      expect((await call(trusted.app, 'POST', '/api/v1/auth/login', { headers: forwarded, body })).statusCode).toBe(401);
      // Without it, X-Forwarded-Host is not believed.
      expect((await call(t.app, 'POST', '/api/v1/auth/login', { headers: forwarded, body })).statusCode).toBe(403);
      // PUBLIC_URL names the shop's origin, whatever the proxy did to Host.
      expect((await call(known.app, 'POST', '/api/v1/auth/login', { headers: behindProxy, body })).statusCode).toBe(401);
      const evil = await call(known.app, 'POST', '/api/v1/auth/login', { headers: { ...behindProxy, origin: 'https://evil.example' }, body });
      expect(evil.statusCode).toBe(403);
    } finally {
      await trusted.close();
      await known.close();
    }
  });

  it('answers the preflight of a listed origin with the CORS headers, and refuses an unlisted one', async () => {
    const listed = await createTestApp({ CORS_ORIGINS: 'https://partner.example' });
    try {
      const preflight = (origin: string) =>
        call(listed.app, 'OPTIONS', '/api/v1/auth/login', {
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
      const ok = await preflight('https://partner.example');
      expect(ok.statusCode).toBe(204);
      expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(String(ok.headers['access-control-allow-methods'])).toContain('POST');
      const refused = await preflight('https://evil.example');
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await listed.close();
    }
  });

  it('answers unknown API paths with a JSON 404 and pages with the app', async () => {
    const api = await call(t.app, 'GET', '/api/v1/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
    const page = await call(t.app, 'GET', '/dashboard/user/orders', { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // A page path the web app has no screen for: the app (its not-found screen) with 404.
    const unknown = await call(t.app, 'GET', '/some/page', { headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
  });

  it('serves the OpenAPI description generated from the schemas', async () => {
    const json = await call(t.app, 'GET', '/api/docs/json');
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/product/product-list/{page}', '/api/v1/auth/login', '/api/v1/auth/orders']),
    );
    expect(doc.paths['/api/v1/auth/register'].post.requestBody).toBeDefined();
    const page = await call(t.app, 'GET', '/api/docs');
    expect([200, 302]).toContain(page.statusCode);
  });

  it('docs/api.md lists exactly the calls the server has', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const markdown = readFileSync('docs/api.md', 'utf8');
    const documented: string[] = [];
    let prefix = '';
    for (const line of markdown.split('\n')) {
      if (line.startsWith('## ')) prefix = /\(`(\/api\/v1\/[a-z]+)`\)/.exec(line)?.[1] ?? '';
      const row = /^\| (GET|POST|PUT|DELETE) \| `([^`]+)` \|/.exec(line);
      // A call at the section's own path is written `/` (the cart: GET `/api/v1/cart`).
      if (row && prefix) documented.push(`${row[1]} ${prefix}${row[2] === '/' ? '' : row[2]}`);
    }
    expect(documented.sort()).toEqual(served);
  });

  it('limits JSON bodies (413) and rejects malformed JSON (400)', async () => {
    const big = await call(t.app, 'POST', '/api/v1/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }),
    });
    expect(big.statusCode).toBe(413);
    const bad = await call(t.app, 'POST', '/api/v1/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });
});
