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

  it('answers unknown API paths with a JSON 404 and pages with the app', async () => {
    const api = await call(t.app, 'GET', '/api/v1/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
    const page = await call(t.app, 'GET', '/some/page', { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
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
