import { PHOTO_MAX_BYTES } from '../../contract/limits.ts';
import type { FastifyRequest } from 'fastify';

import { badRequest } from '../lib/http-errors.ts';

export const MULTIPART_LIMITS = {
  fileSize: PHOTO_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: 25,
};

export interface MultipartForm {
  fields: Record<string, string>;
  file: Buffer | null;
}

/** Read a multipart form with one optional file (field `fileField`); a file above the limit is a 413. */
export async function readMultipartForm(request: FastifyRequest, fileField: string): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('body: must be multipart/form-data');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) throw badRequest(`${part.fieldname}: unexpected file`);
      // Past MULTIPART_LIMITS.fileSize this throws; the error handler answers 413.
      const data = await part.toBuffer();
      file = data.length > 0 ? data : null;
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, file };
}
