import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/http-errors.ts';

/** Security headers on every answer, and cross-origin calls refused unless their origin is listed. */
export async function registerSecurity(app: FastifyInstance, allowedOrigins: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Plain HTTP on a LAN is a supported install; HSTS is left to the TLS proxy in front.
    strictTransportSecurity: false,
  });

  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    if (allowed.has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
      reply.header('access-control-allow-headers', 'authorization, content-type');
      reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE');
      reply.header('access-control-expose-headers', 'x-total-count');
      if (request.method === 'OPTIONS') return reply.code(204).send();
      return;
    }
    let sameOrigin = false;
    try {
      sameOrigin = new URL(origin).host === request.headers.host;
    } catch {
      sameOrigin = false;
    }
    if (!sameOrigin) throw forbidden(`Cross-origin request from ${origin.slice(0, 100)} refused`);
  });
}
