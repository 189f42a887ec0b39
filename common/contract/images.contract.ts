import { z } from 'zod';
import { imageUploadResponseSchema } from '../api-responses.schema.ts';
import { msg } from '../message-key.ts';
import { type Endpoint, errors, json, optionalSignIn } from './define.ts';

export const imageNameParam = z.object({
  name: z.string().regex(/^[0-9a-f-]{36}\.webp$/, msg('validation.imageName.invalid')),
});

/** POST /api/images: a photo (JPEG, PNG or WebP ≤ 5 MB), stored re-encoded as WebP. */
export const uploadImage = {
  method: 'post',
  path: '/images',
  tags: ['Images'],
  summary: 'Upload a photo; it is re-encoded as WebP without metadata',
  // Anyone (a photo at sign-up), with a larger hourly allowance when signed in.
  security: optionalSignIn,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({ image: z.any().meta({ type: 'string', format: 'binary' }) }),
        },
      },
      required: true,
    },
  },
  responses: { 201: json(imageUploadResponseSchema, 'Stored'), ...errors(403, 413, 429) },
} as const satisfies Endpoint;

/**
 * `?size=small`: the photo's 192 px square variant, for avatars (made at upload; for photos
 * stored before variants existed, on first request).
 */
export const imageSizeQuery = z.object({
  size: z.enum(['small'], { error: msg('validation.imageSize.invalid') }).optional(),
});

/** GET /api/images/:name: an uploaded photo, or with `?size=small` its small square variant. */
export const getImage = {
  method: 'get',
  path: '/images/{name}',
  tags: ['Images'],
  summary:
    'An uploaded photo, or its 192 px square with ?size=small (immutable: names are never reused)',
  request: { params: imageNameParam, query: imageSizeQuery },
  responses: {
    200: {
      description: 'The WebP image',
      content: { 'image/webp': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
    },
    ...errors(404),
  },
} as const satisfies Endpoint;
