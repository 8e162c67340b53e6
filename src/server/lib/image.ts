import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { PHOTO_CONTENT_TYPES } from '../../contract/limits.ts';
import { badRequest } from './http-errors.ts';

type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

const FORMAT_TO_TYPE: Record<string, PhotoContentType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/avif',
};

export interface CheckedPhoto {
  data: Buffer;
  contentType: PhotoContentType;
  etag: string;
}

/** Accept the bytes only when they decode as a raster image; the content type comes from the bytes. */
export async function checkPhoto(data: Buffer): Promise<CheckedPhoto> {
  let format: string | undefined;
  let compression: string | undefined;
  try {
    const metadata = await sharp(data, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata();
    format = metadata.format;
    compression = metadata.compression;
    if (!metadata.width || !metadata.height) format = undefined;
  } catch {
    format = undefined;
  }
  const contentType = format ? FORMAT_TO_TYPE[format] : undefined;
  if (!contentType || (format === 'heif' && compression !== 'av1')) {
    throw badRequest('photo: must be a JPEG, PNG, WebP, GIF or AVIF image');
  }
  return { data, contentType, etag: photoEtag(data) };
}

export function photoEtag(data: Uint8Array): string {
  return `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
}
