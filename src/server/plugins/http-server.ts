import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type DestinationStream } from 'pino';
import type { Env } from '../env.ts';
import { scrubbingStream, serializeError } from '../lib/safe-error.ts';
import { serializerCompiler } from './serializer.ts';

/** JSON bodies above this answer 413. */
export const JSON_BODY_LIMIT = 100 * 1024;

/** Answers a request itself (a cached answer) or hands it to Fastify. */
export type PreRouter = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (request: IncomingMessage, response: ServerResponse) => void,
) => void;

export interface HttpServerOptions {
  /** The answer cache's listener, before Fastify routes a request. */
  preRouter: PreRouter;
  /** Where log lines go (standard output when left out); tests read them. */
  logStream?: DestinationStream | undefined;
}

/**
 * A request Node's HTTP parser refuses before Fastify sees it (headers or address over 16 kB, not HTTP):
 * the usual error shape, and `Connection: close`, since the connection ends here (Fastify's own answer
 * leaves it out, so a client keeping connections alive sends its next request into a closed socket).
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers (or its address) are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * The Fastify instance with its HTTP server, logger, body and address limits, zod validation and
 * serialization. A cached catalogue answer is sent by the HTTP server's own listener, before Fastify builds
 * a request for it (the rest go to Fastify).
 */
export function createHttpApp(env: Env, { preRouter, logStream }: HttpServerOptions): FastifyInstance {
  const app = Fastify({
    // The timeouts are the ones Fastify sets on a server it makes itself.
    serverFactory: (handler) => {
      const server = createServer((req, res) => preRouter(req, res, handler));
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    logger: {
      level: env.LOG_LEVEL,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          '*.headers.authorization', // e.g. the multipart plugin's trace of its busboy options
          '*.headers.cookie',
        ],
        remove: true,
      },
      // Errors are logged without the values of a failed query (hashes, photo bytes) or tokens.
      serializers: { err: serializeError, error: serializeError },
      // And, whatever a plugin logs, a line that would hold a hash or a token has it scrubbed.
      stream: scrubbingStream(logStream ?? pino.destination(1)),
    },
    // One line per request is written by the access log (not two), and none for cached answers; requests
    // log through the app's logger with their id in the line, not through a child made per request.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger) => logger,
    trustProxy: env.TRUST_PROXY,
    // At a restart every request whose head arrived is answered (Connection: close); new ones are refused.
    return503OnClosing: false,
    bodyLimit: JSON_BODY_LIMIT,
    // Long keywords and slugs reach their schemas (which answer 400) instead of Fastify's own 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // Addresses the router cannot read (bad percent-encoding, a part over 1,000 characters) get the usual
    // error shape, without echoing the address back.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return reply
        .code(tooLong ? 414 : 400)
        .send({ success: false, message: tooLong ? 'The address is too long' : 'The address is not valid' });
    },
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentSession', null);
  return app;
}
