import { hash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { appendVary, matchesEtag, preferredEncoding } from '../../lib/http-cache.ts';

/** How a kept answer is sent to one request: not modified (304), or its body as it is or compressed. */
export type Form = 'identity' | 'gzip' | 'br' | 'not-modified';

/** An answer as it is sent again: the body, its compressed forms (made once, when first asked for), its headers. */
export interface Answer {
  /** Its key in the cache (answerKey). */
  key: string;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  compressible: boolean;
  etag: string;
  /** The headers every request gets with it (Vary included). */
  headers: Record<string, string>;
  /** The raw header list (name, value, name, value…) of each form, made once, for the pre-router. */
  raw: Partial<Record<Form, string[]>>;
}

/** The headers set on a reply (Fastify's getHeaders()). */
export type ReplyHeaders = Record<string, string | number | string[] | undefined>;

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 1024;
/** Headers that belong to one request (CORS answers an Origin) or that the sender writes itself. */
const PER_REQUEST_HEADERS = /^(content-length|content-encoding|transfer-encoding|etag|access-control-|set-cookie)/;

/**
 * Bytes of their own: a small Buffer is often a slice of Node's shared 8 kB pool, and keeping it would keep
 * the whole pool alive (memory the cache would not count).
 */
export function ownBytes(bytes: Buffer): Buffer {
  // The whole of its buffer (so from its start).
  if (bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** The answer to keep for a body Fastify is about to send, with the headers it was given (not the per-request ones). */
export function makeAnswer(key: string, body: Buffer, replyHeaders: ReplyHeaders): Answer {
  const headers: Record<string, string> = {};
  for (const name in replyHeaders) {
    const value = replyHeaders[name];
    if (value === undefined || PER_REQUEST_HEADERS.test(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  headers['cache-control'] ??= 'no-cache';
  const type = headers['content-type'];
  // Stryker disable next-line StringLiteral: any text without json, text, xml or javascript in it (as Stryker's) is as uncompressible as none
  const compressible = body.length >= COMPRESS_MIN_BYTES && /json|text|xml|javascript/.test(type ?? '');
  // Appended to what the route's plugins said (CORS: Origin), never instead of it.
  if (compressible) headers.vary = appendVary(headers.vary, 'Accept-Encoding');
  const given = replyHeaders.etag;
  const etag = typeof given === 'string' ? given : `"${hash('sha1', body, 'base64url').slice(0, 22)}"`;
  return { key, body: ownBytes(body), compressible, etag, headers: { ...headers, etag }, raw: {} };
}

/** The memory an answer holds (what the cache counts): its key, bodies, headers, and the objects around them. */
export function answerBytes(answer: Answer): number {
  let headerBytes = 0;
  // Stryker disable next-line OptionalChaining: every name of the record has a string value (the `?.` is for the type)
  for (const name in answer.headers) headerBytes += name.length + (answer.headers[name]?.length ?? 0);
  const forms = Object.keys(answer.raw).length;
  return (
    answer.key.length +
    answer.body.length +
    (answer.gzip?.length ?? 0) +
    (answer.br?.length ?? 0) +
    headerBytes * 2 +
    forms * 200 +
    ANSWER_OVERHEAD_BYTES
  );
}

/** The objects of one kept answer besides its bytes (the answer, its header record and lists, the Buffers, the LRU's slots), measured. */
const ANSWER_OVERHEAD_BYTES = 1024;

/**
 * The one decision of what a kept answer is sent as: 304 when the request's `If-None-Match` matches its
 * ETag, else its body, compressed as the client takes it when it is worth compressing.
 */
export function formFor(answer: Answer, headers: IncomingHttpHeaders): Form {
  if (matchesEtag(headers['if-none-match'], answer.etag)) return 'not-modified';
  return (answer.compressible ? preferredEncoding(headers['accept-encoding']) : null) ?? 'identity';
}

/** The body of a form (a compressed one is made on first use; `onGrown` hears of the memory it adds). */
export function bodyOf(answer: Answer, form: Form, onGrown: (answer: Answer) => void): Buffer | null {
  if (form === 'not-modified') return null;
  if (form === 'identity') return answer.body;
  let made = answer[form];
  if (!made) {
    made =
      form === 'br'
        ? brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length } })
        : // Stryker disable next-line ObjectLiteral: level 6 is zlib's default level
          gzipSync(answer.body, { level: 6 });
    answer[form] = made = ownBytes(made);
    onGrown(answer);
  }
  return made;
}

function rawHeaders(answer: Answer, form: Form, length: number): string[] {
  const cached = answer.raw[form];
  if (cached) return cached;
  const list = Object.entries(answer.headers).flat();
  if (form === 'gzip' || form === 'br') list.push('content-encoding', form);
  if (form !== 'not-modified') list.push('content-length', String(length));
  answer.raw[form] = list;
  return list;
}

/**
 * Writes a kept answer straight to Node's response (the pre-router: nothing else runs for it, which is the
 * point: it is the same bytes as the last time), with the header list of its form made once.
 */
export function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer, onGrown: (answer: Answer) => void): void {
  const form = formFor(answer, req.headers);
  const body = bodyOf(answer, form, onGrown);
  res.writeHead(form === 'not-modified' ? 304 : 200, rawHeaders(answer, form, body?.length ?? 0));
  // No body for a 304 (null); for a HEAD request Node sends none (its headers give the GET's length).
  res.end(body ?? undefined);
}

/**
 * Prepares Fastify's reply for a kept answer and gives the bytes to send: the answer's headers are added to
 * those already set for this request (CORS for a listed origin), its Vary appended to theirs.
 */
export function replyWith(reply: FastifyReply, answer: Answer, headers: IncomingHttpHeaders, onGrown: (answer: Answer) => void): Buffer | string {
  const form = formFor(answer, headers);
  const body = bodyOf(answer, form, onGrown);
  const vary = reply.getHeader('vary');
  reply.headers(answer.headers);
  const merged = appendVary(Array.isArray(vary) ? vary.join(', ') : vary?.toString(), answer.headers.vary);
  if (merged !== '') reply.header('vary', merged);
  if (form === 'gzip' || form === 'br') reply.header('content-encoding', form);
  if (body === null) reply.code(304);
  // Stryker disable next-line StringLiteral: a 304 is sent without a body (Fastify leaves out what it is given)
  return body ?? '';
}
