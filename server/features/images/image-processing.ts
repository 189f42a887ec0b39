import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../common/constants.ts';
import { msg } from '../../../common/message-key.ts';
import { AppError, badRequest } from '../../lib/errors.ts';

/** Decoding more pixels than this (e.g. a 1 KB "pixel bomb" that claims 50000×50000) is refused. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Stored images are at most this wide and tall. */
const MAX_SIDE = 1600;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks an upload by its content (never its name), decodes it and re-encodes it as WebP:
 * orientation applied, at most 1600 px a side, all metadata (EXIF, GPS, ICC) dropped.
 */
export async function toSafeWebp(input: Buffer): Promise<Buffer> {
  if (input.byteLength > MAX_IMAGE_BYTES) {
    throw new AppError(413, 'IMAGE_TOO_LARGE', msg('errors.images.tooLarge'));
  }
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) {
    throw badRequest(msg('errors.images.wrongType'));
  }
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw badRequest(msg('errors.images.tooManyPixels'));
    }
    throw badRequest(msg('errors.images.unreadable'));
  }
}
