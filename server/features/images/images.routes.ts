import { Hono } from 'hono';
import { z } from 'zod';
import type { ImageUploadResponse } from '../../../common/api-responses.schema.ts';
import { clientIp } from '../../auth/client-ip.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { AppError, accountBlocked, badRequest, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { ImageStorage } from '../../lib/storage.ts';
import { validate } from '../../lib/validate.ts';
import { toSafeWebp } from './image-processing.ts';

/** Visitors upload only to register: a few an hour per address. Signed-in users get more. */
const VISITOR_UPLOADS_PER_HOUR = 10;
const USER_UPLOADS_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

const nameParam = z.object({
  name: z.string().regex(/^[0-9a-f-]{36}\.webp$/, 'No such image.'),
});

export function imagesRoutes({ env, counters }: AppDeps, storage: ImageStorage) {
  return new Hono<AppEnv>()
    .post('/images', async (c) => {
      const user = c.get('user');
      // Visitors may upload (registration), so requireUser is not used; blocked users still may not.
      if (user?.status === 'block') throw accountBlocked();
      const key = user ? `upload:user:${user.id}` : `upload:ip:${clientIp(c, env.TRUST_PROXY)}`;
      const limit = user ? USER_UPLOADS_PER_HOUR : VISITOR_UPLOADS_PER_HOUR;
      if ((await counters.hit(key, HOUR_MS)) > limit) {
        throw new AppError(
          429,
          'TOO_MANY_UPLOADS',
          'Too many uploads. Please try again in an hour.',
        );
      }
      const form = await c.req.parseBody().catch(() => {
        throw badRequest('Please send the image as a multipart form with the field "image".');
      });
      const file = form.image;
      if (!(file instanceof File)) {
        throw badRequest('Please choose an image to upload.', {
          image: 'Please choose an image to upload.',
        });
      }
      const webp = await toSafeWebp(Buffer.from(await file.arrayBuffer()));
      const name = `${newId()}.webp`;
      await storage.put(name, webp);
      const answer: ImageUploadResponse = {
        success: true,
        data: { display_url: `/api/images/${name}` },
      };
      return c.json(answer, 201);
    })
    .get('/images/:name', validate('param', nameParam), async (c) => {
      const data = await storage.get(c.req.valid('param').name);
      if (!data) throw notFound('No such image.');
      return c.body(new Uint8Array(data), 200, {
        'Content-Type': 'image/webp',
        // Names are never reused, so the bytes behind a name never change.
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    });
}
