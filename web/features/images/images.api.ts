import type { ImageUploadResponse } from '../../../common/api-responses.schema.ts';
import { MAX_IMAGE_BYTES } from '../../../common/constants.ts';
import { api } from '../../lib/api.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** True when the upload endpoint will take this file (checked there too). */
export function isAcceptedImage(file: File) {
  return (IMAGE_TYPES as readonly string[]).includes(file.type) && file.size <= MAX_IMAGE_BYTES;
}

/** Uploads one photo and resolves with its address (`/api/images/<id>.webp`). */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const answer = await api<ImageUploadResponse>('/images', {
    method: 'POST',
    body,
  });
  return answer.data.display_url;
}
