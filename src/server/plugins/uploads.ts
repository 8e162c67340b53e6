import { PHOTO_MAX_BYTES } from '../../contract/limits.ts';
import type { FastifyRequest } from 'fastify';

import { badRequest, HttpError } from '../lib/http-errors.ts';

export const MULTIPART_LIMITS = {
  fileSize: PHOTO_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: 25,
};

export interface MultipartForm<Fields = Record<string, string>> {
  fields: Fields;
  file: Buffer | null;
  /** The file's name as the browser sent it (for records; never trusted for anything else). */
  fileName: string | null;
}

/**
 * Read a multipart form with one optional file (field `fileField`). A file above the limit is a 413
 * (the error handler answers it); a body that is cut off, has no or a wrong boundary or broken part
 * headers is a 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileField: string,
  limits: Partial<typeof MULTIPART_LIMITS> = {},
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('body: must be multipart/form-data');
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let file: Buffer | null = null;
  let fileName: string | null = null;
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, ...limits } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) throw badRequest(`${part.fieldname.slice(0, 50)}: unexpected file`);
        const data = await part.toBuffer();
        file = data.length > 0 ? data : null;
        fileName = part.filename ? part.filename.replace(/\p{Cc}|\p{Cs}/gu, '').slice(0, 200) : null;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode === 413) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw error;
    throw badRequest('body: the multipart form is malformed or cut off; send it again');
  }
  return { fields, file, fileName };
}
