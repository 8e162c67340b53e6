import routes from 'virtual:api-calls';
import type { CallInput, SuccessAnswer } from '../../contract/call.ts';
import type { CallName, Calls, JsonCallName } from '../../contract/calls.ts';
import { type PhotoWidth, SEARCH_CORRECTED_HEADER, TOTAL_COUNT_HEADER } from '../../contract/limits.ts';
import { authStore } from '../stores/auth-store.ts';

/** One API base for the whole app: relative, same origin (decisions.md section 2). */
export const API_BASE = '/api/v1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's JSON body, when it had one (a refused import carries its report). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a call takes: optional when the call has no required part (no path parameter, body or form). */
export type CallArgs<N extends CallName> =
  Record<never, never> extends CallInput<Calls[N]> ? [input?: CallInput<Calls[N]>] : [input: CallInput<Calls[N]>];

interface AnyInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
}

/**
 * The path of a call under API_BASE, from the table of calls: its parameters filled in (encoded) and its
 * query written (parts left undefined or empty are left out).
 */
export function callPath<N extends CallName>(name: N, ...[input]: CallArgs<N>): string {
  const { params = {}, query = {} } = (input ?? {}) as AnyInput;
  const path = routes[name][1].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  const written = search.toString();
  return written ? `${path}?${written}` : path;
}

/** The answer's body as JSON (null when empty or not JSON). */
async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * Send a request to the API with the session's token. A lost connection throws ApiError(0); any non-2xx
 * answer throws ApiError with the server's message (and its JSON body). `api` reads the JSON of what it
 * answers; lib/download.ts saves a file.
 */
export async function apiFetch(method: string, path: string, headers: Record<string, string>, body?: BodyInit): Promise<Response> {
  const token = authStore.get()?.token;
  if (token) headers.authorization = token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method, headers, body });
  } catch {
    throw new ApiError(0, 'Cannot reach the shop. Check your connection and try again.');
  }
  if (!response.ok) {
    const data = await readJsonBody(response);
    const message =
      data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
        ? (data as { message: string }).message
        : 'Something went wrong';
    throw new ApiError(response.status, message, data);
  }
  return response;
}

export interface ApiResult<T> {
  data: T;
  /** The X-Total-Count header of lists answered as bare arrays, when present. */
  total: number | null;
  /** A search answered for a corrected spelling: the words searched for instead (X-Search-Corrected). */
  corrected: string | null;
}

/** Make a call of the table: its method and path from the table, a JSON body or a multipart form. */
async function request<N extends JsonCallName>(name: N, input: AnyInput | undefined): Promise<ApiResult<SuccessAnswer<Calls[N]>>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (input?.form) payload = input.form;
  else if (input?.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(input.body);
  }
  const path = callPath(name, ...([input] as CallArgs<N>));
  const response = await apiFetch(routes[name][0], path, headers, payload);
  const data = await readJsonBody(response);
  const totalHeader = response.headers.get(TOTAL_COUNT_HEADER);
  const corrected = response.headers.get(SEARCH_CORRECTED_HEADER);
  return {
    data: data as SuccessAnswer<Calls[N]>,
    total: totalHeader === null ? null : Number(totalHeader),
    corrected: corrected === null ? null : decodeURIComponent(corrected),
  };
}

/**
 * The one HTTP client: a call is named (a key of the table of calls), its input and answer typed by the
 * table; it sends the token, reads JSON, and throws ApiError with the server's message on any non-2xx.
 */
export const api = {
  call: <N extends JsonCallName>(name: N, ...[input]: CallArgs<N>) =>
    request(name, input as AnyInput | undefined).then((result) => result.data),
  /** With the X-Total-Count header of a list answered as a bare array. */
  callWithTotal: <N extends JsonCallName>(name: N, ...[input]: CallArgs<N>) => request(name, input as AnyInput | undefined),
};

/** The message to show for a failed call. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The photo URL of a product; `version` (its updatedAt) lets the browser cache it for good; `width` (one
 * of PHOTO_WIDTHS) asks for the WebP copy that wide instead of the photo as stored.
 */
export function productPhotoUrl(productId: string, version?: string, width?: PhotoWidth): string {
  return `${API_BASE}${callPath('productPhoto', { params: { id: productId }, query: { v: version, w: width === undefined ? undefined : String(width) } })}`;
}

/** The URL of a gallery photo; `version` (its version) lets the browser cache it for good; `width` a WebP copy that wide. */
export function galleryPhotoUrl(photoId: string, version?: string, width?: PhotoWidth): string {
  return `${API_BASE}${callPath('galleryPhoto', { params: { photoId }, query: { v: version, w: width === undefined ? undefined : String(width) } })}`;
}

/** The server does not know the thing asked for (404), or the address cannot name one (400). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
