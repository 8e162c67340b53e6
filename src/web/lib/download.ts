import { apiFetch } from './api-client.ts';

/** A file of the API to download: its path, and the name to save it under when the server names none. */
export interface ApiDownload {
  /** The API path, query included ('/admin/orders.csv?from=2025-01-01'). */
  path: string;
  fallbackName: string;
}

/** Only the last part of a name (a server never chooses the folder), without control characters. */
function baseName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : null;
}

/**
 * The file name a content-disposition header gives: RFC 6266's `filename*=UTF-8''…` first, else
 * `filename="…"` (or unquoted); null when it names none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]?.toLowerCase() === 'utf-8' && extended[2]) {
    try {
      const name = baseName(decodeURIComponent(extended[2].trim()));
      if (name) return name;
    } catch {
      // A broken escape: fall back to the plain name.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
  if (!plain) return null;
  const raw = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : (plain[2] ?? '');
  return baseName(raw);
}

/** Hand a blob to the browser as a download called `name` (an object URL on a short-lived <a download>). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file long before; only then is the memory given back.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The one way to download a file of the API: fetched with the session's token (a plain link could not
 * send it), saved under the name the server gives in content-disposition, else `fallbackName`.
 * Resolves to the name saved; a refusal throws ApiError with the server's message, as every call does.
 */
export async function downloadFromApi({ path, fallbackName }: ApiDownload): Promise<string> {
  const response = await apiFetch('GET', path, { accept: '*/*' });
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}
