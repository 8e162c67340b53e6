
import { type PhotoWidth, TOTAL_COUNT_HEADER } from '../../contract/limits.ts';
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

export interface ApiResult<T> {
  data: T;
  /** The X-Total-Count header of lists answered as bare arrays, when present. */
  total: number | null;
}

type Body = Record<string, unknown> | unknown[] | FormData;

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
 * answer throws ApiError with the server's message (and its JSON body). apiRequest reads the JSON of what
 * it answers; lib/download.ts saves a file.
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

/** The one HTTP client: sends the token, reads JSON, and throws ApiError with the server's message on any non-2xx. */
export async function apiRequest<T>(method: string, path: string, body?: Body): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await apiFetch(method, path, headers, payload);
  const data = await readJsonBody(response);
  const totalHeader = response.headers.get(TOTAL_COUNT_HEADER);
  return { data: data as T, total: totalHeader === null ? null : Number(totalHeader) };
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path).then((result) => result.data),
  getWithTotal: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: Body) => apiRequest<T>('POST', path, body).then((result) => result.data),
  put: <T>(path: string, body?: Body) => apiRequest<T>('PUT', path, body).then((result) => result.data),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path).then((result) => result.data),
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
  const query = [version ? `v=${encodeURIComponent(version)}` : '', width ? `w=${width}` : ''].filter(Boolean).join('&');
  return `${API_BASE}/product/product-photo/${productId}${query ? `?${query}` : ''}`;
}

/** The server does not know the thing asked for (404), or the address cannot name one (400). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
