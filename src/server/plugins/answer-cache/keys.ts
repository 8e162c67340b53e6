import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Which answer a request names: the one place that turns a request into its key in the answer cache. The
 * pre-router and Fastify's hooks both look answers up through it, and answers are kept under it.
 */
export interface AnswerRequest {
  method?: string | undefined;
  url?: string | undefined;
  headers: IncomingHttpHeaders;
  /** A POST's body as it was sent (read whole): its answer is kept under a hash of it. */
  body?: Buffer | undefined;
}

/** Addresses longer than this are answered, never kept (a key counts in the cache's memory). */
export const KEPT_URL_MAX = 2048;
/** POST bodies up to this size key an answer; larger ones are left to Fastify and not kept. */
export const KEYED_BODY_MAX = 16 * 1024;
/** Plain JSON in UTF-8: the only POST bodies whose bytes key an answer (the same bytes always parse the same). */
const PLAIN_JSON = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;

/** Whether a POST's body may key its answer: plain JSON, not encoded, of a known length up to 16 kB. */
export function keyableBody(headers: IncomingHttpHeaders): boolean {
  const length = Number(headers['content-length']);
  const type = headers['content-type'];
  return (
    length > 0 &&
    length <= KEYED_BODY_MAX &&
    // Stryker disable next-line ConditionalExpression: forced true, PLAIN_JSON.test(undefined) tests the text "undefined", which it refuses too
    type !== undefined &&
    PLAIN_JSON.test(type) &&
    headers['content-encoding'] === undefined
  );
}

/**
 * The key of a request's answer, or null when no answer is kept for it: a GET or HEAD by its address (up to
 * KEPT_URL_MAX characters), a POST by its address and a SHA-256 of its plain JSON body (never the bytes).
 */
export function answerKey({ method, url, headers, body }: AnswerRequest): string | null {
  if (url === undefined || url.length > KEPT_URL_MAX) return null;
  if (method === 'GET' || method === 'HEAD') return url;
  if (method !== 'POST' || body === undefined || !keyableBody(headers)) return null;
  return `POST ${url} ${hash('sha256', body, 'base64url')}`;
}

const queryNames = new WeakMap<object, ReadonlySet<string>>();

/** The query parameters a route's querystring schema declares (a zod object or a JSON schema). */
function declaredQuery(schema: unknown): ReadonlySet<string> {
  if (typeof schema !== 'object' || schema === null) return new Set();
  let names = queryNames.get(schema);
  // Stryker disable next-line ConditionalExpression: forced true, the names are read from the schema again each time (the map only remembers them)
  if (!names) {
    const { shape, properties } = schema as { shape?: unknown; properties?: unknown };
    const fields = typeof shape === 'object' && shape !== null ? shape : typeof properties === 'object' && properties !== null ? properties : {};
    names = new Set(Object.keys(fields));
    queryNames.set(schema, names);
  }
  return names;
}

/**
 * Whether an answer to this address may be kept: every query parameter is one the route declares (an
 * address padded with unknown parameters is answered, but would only fill the cache with copies).
 */
export function keepableQuery(url: string, querySchema: unknown): boolean {
  const start = url.indexOf('?');
  if (start === -1) return true;
  const declared = declaredQuery(querySchema);
  for (const name of new URLSearchParams(url.slice(start + 1)).keys()) if (!declared.has(name)) return false;
  return true;
}
