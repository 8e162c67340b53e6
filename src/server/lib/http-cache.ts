/** The HTTP caching rules the shop's answers share (RFC 9110): ETag matching, content coding, Vary. */

/** `If-None-Match` with the weak comparison (RFC 9110 13.1.2): `W/"x"` matches `"x"`, `*` matches all. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** The compressed form a client takes (`Accept-Encoding`), brotli first; null for none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}

/** `Vary` values merged: each name once (the first spelling kept), in the order first given; `*` stays alone. */
export function appendVary(...values: Array<string | undefined>): string {
  // A shop's replies have a few Vary values: their merges are worked out once each.
  const key = values.join('\n');
  const known = mergedVary.get(key);
  if (known !== undefined) return known;
  const merged = mergeVary(values);
  if (mergedVary.size >= MERGED_VARY_MAX) mergedVary.clear();
  mergedVary.set(key, merged);
  return merged;
}
const mergedVary = new Map<string, string>();
const MERGED_VARY_MAX = 256;

function mergeVary(values: ReadonlyArray<string | undefined>): string {
  const names: string[] = [];
  const known = new Set<string>();
  for (const value of values) {
    for (const raw of (value ?? '').split(',')) {
      const name = raw.trim();
      const lower = name.toLowerCase();
      if (lower === '*') return '*';
      if (!name || known.has(lower)) continue;
      known.add(lower);
      names.push(name);
    }
  }
  return names.join(', ');
}
