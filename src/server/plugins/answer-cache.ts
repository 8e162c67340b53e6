import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RequestPayload } from 'fastify';
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
  /** The addresses of cached POST routes (their answers are kept by body). */
  readonly postPaths = new Set<string>();
  private enabled = true;
  private closed = false;
  private readonly entries: LRUCache<string, Answer>;
  /** Small values computed from the catalogue (a search's match counts), dropped with the answers. */
  private readonly memos = new LRUCache<string, { value: unknown }>({ max: 10_000 });

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, Answer>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (answer) => answer.body.length + (answer.gzip?.length ?? 0) + (answer.br?.length ?? 0) + 512,
    });
  }

  /** The server is closing: nothing more is answered from here (Fastify answers 503 to new requests). */
  close(): void {
    this.closed = true;
    this.setEnabled(false);
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
    this.enabled = enabled && !this.closed;
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

/** The answer written straight to Node's response, with the header list made once. */
function writeRaw(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
    res.writeHead(304, rawHeaders(answer, 'not-modified', 0));
    res.end();
    return;
  }
  const encoding = answer.compressible ? preferredEncoding(req.headers['accept-encoding']) : null;
  const body = encoding ? compressed(answer, encoding) : answer.body;
  res.writeHead(200, rawHeaders(answer, encoding ?? 'identity', body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The fastest answer within Fastify: written straight to the socket (the reply is taken over). Nothing
 * else runs for it, which is the point: it is the same bytes as the last time.
 */
function writeAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): void {
  request.answerServed = true;
  reply.hijack();
  writeRaw(request.raw, reply.raw, answer);
}

/** A POST body read whole to key its answer by (larger bodies are left to Fastify and not cached). */
const RAW_KEY_MAX_BYTES = 16 * 1024;
const JSON_TYPE = /^application\/json\s*(;|$)/i;
/** A POST body read by the pre-router, which Fastify's parser is then given instead of the spent stream. */
const PRE_READ_BODY = Symbol('emporium.preReadBody');
type PreReadRequest = IncomingMessage & { [PRE_READ_BODY]?: Buffer };

/** The content type of a POST whose answer may be kept by its bytes: JSON, not encoded, of a known small length. */
function keyableType(headers: IncomingHttpHeaders): string | undefined {
  const length = Number(headers['content-length']);
  const type = headers['content-type'];
  const keyable = length > 0 && length <= RAW_KEY_MAX_BYTES && type !== undefined && JSON_TYPE.test(type);
  return keyable && headers['content-encoding'] === undefined ? type : undefined;
}

/** A POST's key: its address, content type and body bytes (the same bytes always parse and validate the same). */
const postKey = (url: string, type: string, body: Buffer) => `${url} ${type} ${body.toString('latin1')}`;

/** The whole body of a request whose length is known, as one buffer. */
function readBody(payload: NodeJS.ReadableStream, done: (error: Error | null, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const onData = (chunk: Buffer | string) => chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const onEnd = (error?: Error) => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
    if (error) return done(Object.assign(error, { statusCode: 400 }));
    done(null, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  };
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}

/** The body handed to Fastify's parser as if it had not been read yet. */
const replay = (body: Buffer): RequestPayload => Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });

export interface PreRouterOptions {
  /** PUBLIC_URL: a request with this Origin is the shop's own page (the origin check lets it through). */
  publicUrl: string;
  /** CORS_ORIGINS: their requests get CORS headers from Fastify, so they are left to it. */
  allowedOrigins: string[];
}

/**
 * The HTTP server's own request listener, in front of Fastify's `handler`: a cached catalogue answer is
 * written here, before Fastify routes the request and builds its request and reply. It answers a GET or
 * HEAD whose address has a cached answer (only cached routes' answers are kept under a bare address), and a
 * POST to a cached POST route whose JSON body's bytes have one. Only requests the origin check would let
 * through unchanged are answered here: no Origin header, or the shop's own public origin (not a listed CORS
 * origin, whose answers carry CORS headers); every other request, and every miss, goes to Fastify (a POST
 * body read here is handed on to Fastify's parser).
 */
export function createPreRouter(
  cache: AnswerCache,
  { publicUrl, allowedOrigins }: PreRouterOptions,
): (req: IncomingMessage, res: ServerResponse, handler: (req: IncomingMessage, res: ServerResponse) => void) => void {
  const listed = new Set(allowedOrigins);
  const mayAnswer = (origin: string | undefined) => origin === undefined || (origin === publicUrl && !listed.has(origin));
  return (req, res, handler) => {
    const { method, url } = req;
    if (url === undefined || !mayAnswer(req.headers.origin)) return handler(req, res);
    if (method === 'GET' || method === 'HEAD') {
      const answer = cache.get(url);
      if (!answer) return handler(req, res);
      cache.hits += 1;
      return writeRaw(req, res, answer);
    }
    const type = method === 'POST' && cache.postPaths.has(url) ? keyableType(req.headers) : undefined;
    if (type === undefined) return handler(req, res);
    readBody(req, (error, body) => {
      if (error || !body) return void res.destroy(); // the client went away mid-body
      const answer = cache.get(postKey(url, type, body));
      if (!answer) {
        (req as PreReadRequest)[PRE_READ_BODY] = body;
        return handler(req, res);
      }
      cache.hits += 1;
      writeRaw(req, res, answer);
    });
  };
}

/**
 * Serve cached catalogue answers before any other work. Over HTTP, the pre-router (createPreRouter, the
 * server's own listener) answers most hits before Fastify sees them; the first hook of all does the same for
 * a GET that did not come through it (app.inject) or whose answer was kept a moment later. A request with
 * an Origin goes through the origin check first, then is looked up before its handler; a POST is looked up
 * by its body's bytes. Every 200 answer of a cached route is kept, with an ETag (304 on a match) and its
 * gzip and brotli forms made once.
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

  // The addresses of cached POST routes, for the pre-router.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.cache === true && methods.includes('POST')) cache.postPaths.add(route.url);
  });

  // A POST is looked up by its body's bytes as sent (and its content type), before they are parsed or
  // validated: the same bytes always parse and validate the same, and only 200 answers are kept. On a miss
  // the bytes are handed on to Fastify's parser as if they had not been read.
  app.addHook('preParsing', (request, reply, payload, done) => {
    const preRead = (request.raw as PreReadRequest)[PRE_READ_BODY];
    const type = request.routeOptions.config.cache === true && request.method === 'POST' ? keyableType(request.headers) : undefined;
    if (type === undefined) return done(null, preRead ? replay(preRead) : payload);
    const lookUp = (body: Buffer) => {
      request.answerKey = postKey(request.url, type, body);
      const answer = cache.get(request.answerKey);
      if (!answer) {
        cache.misses += 1;
        return done(null, replay(body));
      }
      cache.hits += 1;
      // Headers set for this request (CORS for a listed origin) are kept when it has an Origin.
      if (request.headers.origin === undefined) writeAnswer(request, reply, answer);
      else sendAnswer(request, reply, answer);
    };
    if (preRead) return lookUp(preRead);
    readBody(payload, (error, body) => (error || !body ? done(error ?? new Error('no body')) : lookUp(body)));
  });

  // A GET that came with an Origin header, after the origin check.
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.routeOptions.config.cache !== true || request.method === 'POST') return done();
    const answer = request.answerKey ? cache.get(request.answerKey) : undefined;
    if (!answer) {
      cache.misses += 1;
      return done();
    }
    cache.hits += 1;
    sendAnswer(request, reply, answer);
  });
  app.addHook('preClose', (done: HookHandlerDoneFunction) => {
    cache.close();
    done();
  });

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
