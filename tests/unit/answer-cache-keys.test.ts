import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerKey, KEPT_URL_MAX, KEYED_BODY_MAX, keepableQuery, keyableBody } from '../../src/server/plugins/answer-cache/keys.ts';

/** Which answer a request names (keys.ts): the key every lookup and every kept answer goes by. */
describe('answer keys', () => {
  const json = (length: number | string, more: Record<string, string> = {}) => ({ 'content-type': 'application/json', 'content-length': String(length), ...more });

  it('keys a POST body only when it is plain JSON of a known length from 1 byte to KEYED_BODY_MAX, not encoded', () => {
    expect(keyableBody(json(1))).toBe(true);
    expect(keyableBody(json(KEYED_BODY_MAX))).toBe(true);
    expect(keyableBody(json(0))).toBe(false);
    expect(keyableBody(json(KEYED_BODY_MAX + 1))).toBe(false);
    expect(keyableBody(json(-5))).toBe(false);
    expect(keyableBody({ 'content-type': 'application/json' })).toBe(false); // no length: sent in chunks
    expect(keyableBody(json('ten'))).toBe(false);
    expect(keyableBody({ 'content-length': '10' })).toBe(false); // no type
    expect(keyableBody(json(10, { 'content-type': 'text/plain' }))).toBe(false);
    expect(keyableBody(json(10, { 'content-encoding': 'gzip' }))).toBe(false);
    expect(keyableBody(json(10, { 'content-type': 'application/json; charset=utf-8' }))).toBe(true);
    expect(keyableBody(json(10, { 'content-type': 'Application/JSON;charset="UTF-8"' }))).toBe(true);
    expect(keyableBody(json(10, { 'content-type': 'application/json; charset=latin1' }))).toBe(false);
  });

  it('keys a GET or HEAD by its address, a POST by its address and a SHA-256 of its body, nothing else', () => {
    const headers = json(2);
    const body = Buffer.from('{}');
    const digest = createHash('sha256').update(body).digest('base64url');
    expect(answerKey({ method: 'GET', url: '/api/v1/product/product-list/1', headers: {} })).toBe('/api/v1/product/product-list/1');
    expect(answerKey({ method: 'HEAD', url: '/list', headers: {} })).toBe('/list');
    expect(answerKey({ method: 'POST', url: '/filters', headers, body })).toBe(`POST /filters ${digest}`);
    expect(answerKey({ method: 'POST', url: '/filters', headers, body: Buffer.from('[]') })).not.toBe(`POST /filters ${digest}`);
    // A POST's key is never the GET key of its address, whatever its body.
    expect(answerKey({ method: 'POST', url: '/list', headers, body })).not.toBe('/list');
    expect(answerKey({ method: 'PUT', url: '/filters', headers, body })).toBeNull();
    expect(answerKey({ method: 'DELETE', url: '/list', headers: {} })).toBeNull();
    expect(answerKey({ url: '/list', headers: {} })).toBeNull();
    expect(answerKey({ method: 'POST', url: '/filters', headers })).toBeNull(); // the body was not read
    expect(answerKey({ method: 'POST', url: '/filters', headers: json(2, { 'content-type': 'text/plain' }), body })).toBeNull();
    expect(answerKey({ method: 'GET', headers: {} })).toBeNull();
    expect(answerKey({ method: 'POST', headers, body })).toBeNull();
    const longest = `/${'l'.repeat(KEPT_URL_MAX - 1)}`;
    expect(answerKey({ method: 'GET', url: longest, headers: {} })).toBe(longest);
    expect(answerKey({ method: 'GET', url: `${longest}l`, headers: {} })).toBeNull();
    expect(answerKey({ method: 'POST', url: `${longest}l`, headers, body })).toBeNull();
  });

  it('keeps an address whose query parameters the route declares (zod or JSON schema), not one padded with others', () => {
    const zod = z.object({ page: z.string().optional(), sort: z.string().optional() });
    const schema = { type: 'object', properties: { page: { type: 'string' } } };
    expect(keepableQuery('/list', undefined)).toBe(true);
    expect(keepableQuery('/list', zod)).toBe(true);
    expect(keepableQuery('/list?page=2', zod)).toBe(true);
    expect(keepableQuery('/list?page=2&sort=name', zod)).toBe(true);
    expect(keepableQuery('/list?sort=name&page=2&page=3', zod)).toBe(true);
    expect(keepableQuery('/list?page=2&pad=x', zod)).toBe(false);
    expect(keepableQuery('/list?pad=x&page=2', zod)).toBe(false);
    expect(keepableQuery('/list?page=2', schema)).toBe(true);
    expect(keepableQuery('/list?sort=name', schema)).toBe(false);
    // The parameters are the route's, never the address's path: `/list?page=2` is not `?t?page=2`.
    expect(keepableQuery('/page?page=2', { properties: { page: {} } })).toBe(true);
    // No schema, or one that declares nothing, declares no parameter.
    expect(keepableQuery('/list?page=2', undefined)).toBe(false);
    expect(keepableQuery('/list?page=2', null)).toBe(false);
    expect(keepableQuery('/list?page=2', 'page')).toBe(false);
    expect(keepableQuery('/list?page=2', { type: 'object' })).toBe(false);
    expect(keepableQuery('/list?page=2', { shape: null, properties: null })).toBe(false);
    expect(keepableQuery('/list?page=2', { shape: 'page', properties: 'page' })).toBe(false);
    // A schema with both: the zod shape is what the route validates.
    expect(keepableQuery('/list?page=2', { shape: { page: {} }, properties: { sort: {} } })).toBe(true);
    expect(keepableQuery('/list?sort=name', { shape: { page: {} }, properties: { sort: {} } })).toBe(false);
    // Asked again, the same schema answers the same (its names are remembered).
    expect(keepableQuery('/list?page=2&pad=x', zod)).toBe(false);
    expect(keepableQuery('/list?page=4', zod)).toBe(true);
    // An address that is only a `?`: no parameter at all.
    expect(keepableQuery('/list?', undefined)).toBe(true);
  });
});
