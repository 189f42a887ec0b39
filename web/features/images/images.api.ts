import { MAX_IMAGE_BYTES } from '../../../common/constants.ts';
import { uploadImage as uploadEndpoint } from '../../../common/contract/images.contract.ts';
import { ApiError, request } from '../../lib/api.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** True when the upload endpoint will take this file (checked there too). */
export function isAcceptedImage(file: File) {
  return (IMAGE_TYPES as readonly string[]).includes(file.type) && file.size <= MAX_IMAGE_BYTES;
}

/** Uploads one photo and resolves with its address (`/api/images/<id>.webp`). */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const answer = await request(uploadEndpoint, { form });
  return answer.data.display_url;
}

/**
 * What to tell a person whose upload failed. A refusal by a limit (429) carries the server's
 * own words: which limit, and when to try again (from the same count as its Retry-After), since
 * trying again at once cannot work. Any other failure gets the screen's usual message.
 */
export function uploadFailureMessage(error: unknown, otherwise: string): string {
  return error instanceof ApiError && error.status === 429 ? error.message : otherwise;
}
