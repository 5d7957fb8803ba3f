import { recipeMessages } from '@platewise/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';

import {
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../errors.js';

/** security.md S42: each file at most 5 MiB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** security.md S42: 25 MP, frames × pixels for an animated GIF. */
export const MAX_IMAGE_PIXELS = 25_000_000;

const FORMATS = {
  'image/jpeg': { extension: 'jpg', sharpFormat: 'jpeg' },
  'image/png': { extension: 'png', sharpFormat: 'png' },
  'image/gif': { extension: 'gif', sharpFormat: 'gif' },
} as const;

export type ImageContentType = keyof typeof FORMATS;
export type ImageExtension = (typeof FORMATS)[ImageContentType]['extension'];

export interface ProcessedImage {
  data: Buffer;
  contentType: ImageContentType;
  extension: ImageExtension;
}

function isAllowed(mime: string): mime is ImageContentType {
  return Object.hasOwn(FORMATS, mime);
}

/**
 * Accepts a JPEG, PNG or GIF judged by its content, never by the client's
 * name or Content-Type (security.md S41), and answers it re-encoded.
 *
 * - file-type reads the magic bytes; its readme calls them a best-effort
 *   hint, so the image must also decode as that same format.
 * - Re-encoding writes only the pixels: EXIF (GPS included) and other
 *   metadata are dropped, and so is anything appended after the image data
 *   (a PNG followed by HTML comes out as a plain PNG).
 * - JPEGs are turned upright first, since dropping EXIF drops the
 *   orientation flag too.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) {
    throw new PayloadTooLargeError(recipeMessages.imageSize);
  }
  const detected = await fileTypeFromBuffer(input);
  if (detected === undefined || !isAllowed(detected.mime)) {
    throw new UnsupportedMediaTypeError(recipeMessages.imageType);
  }
  const format = FORMATS[detected.mime];
  const animated = detected.mime === 'image/gif';

  // The header alone gives the size, so a pixel flood (a small file that
  // decodes to gigabytes) is refused before anything is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, {
      animated,
      limitInputPixels: false,
    }).metadata();
  } catch {
    throw new BadRequestError(recipeMessages.imageUnreadable);
  }
  if (metadata.format !== format.sharpFormat) {
    throw new UnsupportedMediaTypeError(recipeMessages.imageType);
  }
  const frames = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight * frames > MAX_IMAGE_PIXELS) {
    throw new PayloadTooLargeError(recipeMessages.imagePixels);
  }

  try {
    let pipeline = sharp(input, {
      animated,
      limitInputPixels: MAX_IMAGE_PIXELS,
      // A truncated or corrupt file is refused rather than half-decoded.
      failOn: 'warning',
    });
    if (format.sharpFormat === 'jpeg') {
      pipeline = pipeline.rotate().jpeg({ quality: 85, mozjpeg: true });
    } else if (format.sharpFormat === 'png') {
      pipeline = pipeline.png({ compressionLevel: 9 });
    } else {
      pipeline = pipeline.gif();
    }
    const data = await pipeline.toBuffer();
    return { data, contentType: detected.mime, extension: format.extension };
  } catch {
    throw new BadRequestError(recipeMessages.imageUnreadable);
  }
}
