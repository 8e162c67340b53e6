import { PHOTO_MAX_BYTES } from '../../contract/limits.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

import { HttpError } from '../lib/http-errors.ts';
import { PG_CHECK_VIOLATION, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../lib/pg-errors.ts';

function fieldOf(path: string, context?: string): string {
  const field = path.replace(/^\//, '').replaceAll('/', '.');
  return field || context || 'request';
}

function zodMessage(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`)
    .join('; ');
}

/** Every error becomes `{success: false, message}` with the right status; unknown errors are logged 500s. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string; constraint?: string }, request, reply) => {
    const send = (status: number, message: string) => reply.code(status).send({ success: false, message });

    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return send(error.statusCode, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation
        .slice(0, 3)
        .map((issue) => `${fieldOf(issue.instancePath, error.validationContext)}: ${issue.message}`);
      return send(400, messages.join('; '));
    }
    if (error instanceof ZodError) return send(400, zodMessage(error));
    const pgCode = pgErrorCode(error);
    if (pgCode === PG_UNIQUE_VIOLATION) return send(409, 'This already exists');
    if (pgCode === PG_FOREIGN_KEY_VIOLATION) return send(409, 'This is still in use or refers to something missing');
    if (pgCode === PG_CHECK_VIOLATION) return send(400, 'A value is out of range');
    // Class 22 (data exception: bad encoding, a number out of range, bad text for a type) is bad input.
    if (pgCode?.startsWith('22')) return send(400, 'A value in the request is not valid');

    const status = error.statusCode ?? 500;
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      return send(413, `photo: must be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`);
    if (status === 413) return send(413, 'The request is too large');
    if (status >= 400 && status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(415, 'Unsupported content type');
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return send(400, 'body: must be a JSON object');
      if (error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError) {
        return send(400, 'body: is not valid JSON');
      }
      return send(status, error.message);
    }
    request.log.error({ reqId: request.id, err: error }, 'unhandled error');
    return send(500, 'Something went wrong');
  });
}
