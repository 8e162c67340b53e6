/**
 * Whether a request's `Origin` is the shop itself: its public origin (PUBLIC_URL), or the host the request
 * was sent to (`host`: as Fastify resolves it, X-Forwarded-Host only with TRUST_PROXY), so a proxy that
 * rewrites the Host header does not make the shop refuse its own pages. The origin check (security.ts) and
 * the answer cache's pre-router both decide with it.
 */
export function isSameOrigin(origin: string, publicUrl: string, host: string | undefined): boolean {
  if (origin === publicUrl) return true;
  if (host === undefined) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
