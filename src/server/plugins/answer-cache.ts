import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answers are cached until the catalogue changes (GET by URL, POST by URL and body). */
    cache?: boolean;
    /** A successful call changes the catalogue: this process drops its cached answers before answering. */
    invalidatesCatalogue?: boolean;
  }
  interface FastifyRequest {
    answerKey: string | null;
    answerGeneration: number;
    answerServed: boolean;
  }
}

/** An answer as it is sent again: the body, its compressed forms (made once, when first asked for), its headers. */
interface Answer {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  compressible: boolean;
  etag: string;
  headers: Record<string, string>;
  /** The raw header list (name, value, name, value…) of each form, made once, for the fastest path. */
  raw: Partial<Record<'identity' | 'gzip' | 'br' | 'not-modified', string[]>>;
}

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 1024;
/** Headers that belong to one request (CORS answers an Origin) or that Fastify writes itself. */
const PER_REQUEST_HEADERS = /^(content-length|content-encoding|transfer-encoding|etag|vary|access-control-|set-cookie)/;

/**
 * The catalogue's answers, kept in memory as the bytes that were sent. Every change to the catalogue
 * (in this process, or told by the database from another one) starts a new generation and drops them all;
 * an answer computed from data read before the change is not kept (its generation is over).
 */
export class AnswerCache {
  generation = 0;
  hits = 0;
  misses = 0;
  private enabled = true;
  private readonly entries: LRUCache<string, Answer>;
  /** Small values computed from the catalogue (a search's match counts), dropped with the answers. */
  private readonly memos = new LRUCache<string, { value: unknown }>({ max: 10_000 });

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, Answer>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (answer) => answer.body.length + (answer.gzip?.length ?? 0) + (answer.br?.length ?? 0) + 512,
    });
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.memos.clear();
  }

  /** The value for `key` computed once per catalogue generation (not kept if the catalogue changed meanwhile). */
  async memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const known = this.memos.get(key);
    if (known) return known.value as T;
    const generation = this.generation;
    const value = await compute();
    if (this.enabled && generation === this.generation) this.memos.set(key, { value });
    return value;
  }

  /** While changes may go unheard (the database connection that tells them dropped), nothing is cached. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.invalidate();
  }

  get(key: string): Answer | undefined {
    return this.enabled ? this.entries.get(key) : undefined;
  }

  set(key: string, answer: Answer, generation: number): void {
    if (this.enabled && generation === this.generation && answer.body.length <= this.entries.maxSize / 4) {
      this.entries.set(key, answer);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

function makeAnswer(body: Buffer, reply: FastifyReply): Answer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_REQUEST_HEADERS.test(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  headers['cache-control'] ??= 'no-cache';
  const type = headers['content-type'] ?? '';
  const compressible = body.length >= COMPRESS_MIN_BYTES && /json|text|xml|javascript/.test(type);
  if (compressible) headers.vary = 'accept-encoding';
  const given = reply.getHeader('etag');
  const etag =
    typeof given === 'string' ? given : `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, compressible, etag, headers: { ...headers, etag }, raw: {} };
}

/** `If-None-Match` with the weak comparison (RFC 9110 13.1.2): `W/"x"` matches `"x"`, `*` matches all. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}

/** The bytes to send for this request: 304 for a matching ETag, else the body compressed as the client takes it. */
function bodyFor(request: FastifyRequest, reply: FastifyReply, answer: Answer): Buffer | string {
  reply.headers(answer.headers);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    reply.code(304);
    return '';
  }
  const encoding = answer.compressible ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return answer.body;
  reply.header('content-encoding', encoding);
  return compressed(answer, encoding);
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
  request.answerServed = true;
  return reply.send(bodyFor(request, reply, answer));
}

function compressed(answer: Answer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    answer.br ??= brotliCompressSync(answer.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
    });
    return answer.br;
  }
  answer.gzip ??= gzipSync(answer.body, { level: 6 });
  return answer.gzip;
}

function rawHeaders(answer: Answer, form: 'identity' | 'gzip' | 'br' | 'not-modified', length: number): string[] {
  const cached = answer.raw[form];
  if (cached) return cached;
  const list = Object.entries(answer.headers).flat();
  if (form === 'gzip' || form === 'br') list.push('content-encoding', form);
  if (form !== 'not-modified') list.push('content-length', String(length));
  answer.raw[form] = list;
  return list;
}

/**
 * The fastest answer: written straight to the socket (the reply is taken over), with the header list
 * made once. Nothing else runs for it, which is the point: it is the same bytes as the last time.
 */
function writeAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): void {
  request.answerServed = true;
  reply.hijack();
  const raw = reply.raw;
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    raw.writeHead(304, rawHeaders(answer, 'not-modified', 0));
    raw.end();
    return;
  }
  const encoding = answer.compressible ? preferredEncoding(request.headers['accept-encoding']) : null;
  const body = encoding ? compressed(answer, encoding) : answer.body;
  raw.writeHead(200, rawHeaders(answer, encoding ?? 'identity', body.length));
  raw.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Serve cached catalogue answers before any other work. The first hook of all answers a GET that has no
 * Origin header (a cross-origin request goes through the origin check first, then is looked up again
 * before its handler); a POST is looked up by its validated body. Every 200 answer of a cached route is
 * kept, with an ETag (304 on a match) and its gzip and brotli forms made once.
 */
export function registerAnswerCache(app: FastifyInstance, cache: AnswerCache): void {
  app.decorateRequest('answerKey', null);
  app.decorateRequest('answerGeneration', 0);
  app.decorateRequest('answerServed', false);

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.routeOptions.config.cache !== true) return done();
    request.answerGeneration = cache.generation;
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    request.answerKey = request.url;
    const answer = request.headers.origin === undefined ? cache.get(request.url) : undefined;
    if (!answer) return done();
    cache.hits += 1;
    writeAnswer(request, reply, answer);
  });

  // A POST is looked up by its body as sent (before validation: the same body always validates the same).
  app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.routeOptions.config.cache !== true || request.method !== 'POST') return done();
    request.answerKey = `${request.url} ${JSON.stringify(request.body)}`;
    lookUp(request, reply, done);
  });
  // A GET that came with an Origin header, after the origin check.
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.routeOptions.config.cache !== true || request.method === 'POST') return done();
    lookUp(request, reply, done);
  });

  function lookUp(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const answer = request.answerKey ? cache.get(request.answerKey) : undefined;
    if (!answer) {
      cache.misses += 1;
      return done();
    }
    cache.hits += 1;
    // Headers set for this request (CORS for a listed origin) are kept when it has an Origin.
    if (request.headers.origin === undefined) writeAnswer(request, reply, answer);
    else sendAnswer(request, reply, answer);
  }

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const config = request.routeOptions.config;
    if (config.invalidatesCatalogue === true && reply.statusCode < 400) cache.invalidate();
    if (config.cache !== true || request.answerServed || !request.answerKey || reply.statusCode !== 200) {
      return done(null, payload);
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (!body) return done(null, payload);
    const answer = makeAnswer(body, reply);
    cache.set(request.answerKey, answer, request.answerGeneration);
    done(null, bodyFor(request, reply, answer));
  });
}
