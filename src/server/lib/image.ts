import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_MAX_BYTES, type PHOTO_CONTENT_TYPES, PHOTO_WIDTHS, type PhotoWidth } from '../../contract/limits.ts';
import { badRequest } from './http-errors.ts';

type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

/** Pixels a photo may have: enough for any camera, small enough that decoding it cannot exhaust memory. */
export const PHOTO_MAX_PIXELS = 50_000_000;

export interface PhotoVariant {
  width: PhotoWidth;
  data: Buffer;
  etag: string;
}

export interface CheckedPhoto {
  data: Buffer;
  contentType: PhotoContentType;
  etag: string;
  /** The smaller WebP copies (PHOTO_WIDTHS). */
  variants: PhotoVariant[];
}

type StoredFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/**
 * How each accepted format is stored: as itself, except AVIF, which becomes WebP (encoding AVIF is
 * slow enough to stall a small server).
 */
const STORED_AS: Record<string, StoredFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', heif: 'webp' };
const CONTENT_TYPE: Record<StoredFormat, PhotoContentType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

const NOT_AN_IMAGE = 'photo: must be a JPEG, PNG, WebP, GIF or AVIF image';

function encode(image: Sharp, format: StoredFormat): Promise<Buffer> {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 86 }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp({ quality: 86 }).toBuffer();
  }
}

/** How an upload is stored, when its header is one of an accepted image (400 otherwise). */
async function acceptedFormat(data: Buffer, field = 'photo'): Promise<StoredFormat> {
  let format: StoredFormat | undefined;
  try {
    const metadata = await sharp(data, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
    // HEIF is accepted only as AVIF (AV1-compressed), which browsers can show.
    const heifIsAvif = metadata.format !== 'heif' || metadata.compression === 'av1';
    if (metadata.width && metadata.height && heifIsAvif) format = STORED_AS[metadata.format ?? ''];
  } catch {
    format = undefined;
  }
  if (!format) throw badRequest(NOT_AN_IMAGE.replace(/^photo/, field));
  return format;
}

/** A home banner's size: wide and short, calm enough for a caption on its left. */
export const BANNER_SIZE = { width: 1200, height: 400 } as const;

/**
 * A home banner from an upload (any photo `checkPhoto` accepts): turned upright, cropped to fill 1200×400
 * around its most interesting part, stored as WebP without metadata.
 */
export async function bannerPicture(data: Buffer): Promise<{ data: Buffer; etag: string }> {
  await acceptedFormat(data, 'image');
  try {
    const picture = await sharp(data, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS })
      .autoOrient()
      .resize({ ...BANNER_SIZE, fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 82 })
      .toBuffer();
    return { data: picture, etag: photoEtag(picture) };
  } catch {
    throw badRequest('image: the image is damaged or cut off');
  }
}

/**
 * Accept the bytes only when the whole image decodes (a valid header followed by anything else is
 * refused or cut away), then store a fresh encoding of its pixels: turned upright, without EXIF, GPS,
 * comments or anything appended, in its own format (AVIF as WebP). The type comes from the bytes.
 */
export async function checkPhoto(data: Buffer): Promise<CheckedPhoto> {
  const open = () => sharp(data, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS, animated: true });
  const format = await acceptedFormat(data);
  let stored: Buffer;
  let storedFormat = format;
  try {
    stored = await encode(open().autoOrient(), format);
    // A re-encoding larger than an upload may be (a PNG of a photograph) is kept as WebP instead.
    if (stored.length > PHOTO_MAX_BYTES && format !== 'webp') {
      storedFormat = 'webp';
      stored = await encode(open().autoOrient(), storedFormat);
    }
  } catch {
    // The header was fine but the pixels are not: cut off or corrupt.
    throw badRequest('photo: the image is damaged or cut off');
  }
  const variants = await Promise.all(PHOTO_WIDTHS.map((width) => photoVariant(stored, width)));
  return { data: stored, contentType: CONTENT_TYPE[storedFormat], etag: photoEtag(stored), variants };
}

/** A WebP copy `width` pixels wide (never wider than the photo itself; animations kept). */
export async function photoVariant(photo: Uint8Array, width: PhotoWidth): Promise<PhotoVariant> {
  const data = await sharp(photo, { animated: true, limitInputPixels: PHOTO_MAX_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return { width, data, etag: photoEtag(data) };
}

export function photoEtag(data: Uint8Array): string {
  return `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
}
