import type { FastifyInstance } from 'fastify';

/**
 * A restart loses no request: once the app is closing (SIGTERM), every request already received is still
 * answered (Fastify's return503OnClosing is off, see app.ts), and each answer says `Connection: close`, so
 * its client opens a new connection for its next request (to the next process) instead of sending it on one
 * about to close, and closing does not wait for idle keep-alive connections. A connection whose answer was
 * already under way when closing began is closed as soon as it is idle.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}
