import sharp from 'sharp';
import type { Logger } from '../../lib/logger.ts';
import type { ImageStorage } from '../../lib/storage.ts';
import { MAX_INPUT_PIXELS } from './image-processing.ts';

/**
 * The small variant of every stored photo: a square, cropped to the middle, for avatars (shown
 * in 40–80 px circles, so 192 px is sharp at twice the pixel density). It is stored beside the
 * photo as `<id>.small.webp` (a sibling object, so disk and S3-compatible storage alike) and
 * served by `GET /api/images/<id>.webp?size=small`.
 */
export const SMALL_SIDE = 192;

export const smallName = (name: string) => name.replace(/\.webp$/, '.small.webp');

/** The small square WebP of an image already made safe (`toSafeWebp`). */
export function toSmallWebp(webp: Buffer): Promise<Buffer> {
  return sharp(webp, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .resize({ width: SMALL_SIDE, height: SMALL_SIDE, fit: 'cover', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

/**
 * The small variant of `name`, or null when there is no such image. Photos stored before variants
 * existed get theirs made on first request and stored (once: later requests read it); when that
 * fails the original is served, so every photo still shows.
 */
export async function getSmall(
  storage: ImageStorage,
  name: string,
  logger: Logger,
): Promise<Buffer | null> {
  const small = await storage.get(smallName(name));
  if (small) return small;
  const original = await storage.get(name);
  if (!original) return null;
  let made: Buffer;
  try {
    made = await toSmallWebp(original);
  } catch (error) {
    logger.warn({ err: error, image: name }, 'could not make the small variant; serving the photo');
    return original;
  }
  try {
    await storage.put(smallName(name), made);
  } catch (error) {
    // Served all the same; the next request tries to store it again.
    logger.warn({ err: error, image: name }, 'could not store the small variant');
  }
  return made;
}
