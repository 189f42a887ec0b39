import type { MiddlewareHandler } from 'hono';
import { getImage, uploadImage } from '../../../common/contract/images.contract.ts';
import { clientIp } from '../../auth/client-ip.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { accountBlocked, badRequest, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import type { ImageStorage } from '../../lib/storage.ts';
import { toSafeWebp } from './image-processing.ts';

/** Visitors upload only to register: a few an hour per address. Signed-in users get more. */
const VISITOR_UPLOADS_PER_HOUR = 10;
const USER_UPLOADS_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

export function imagesRoutes({ env, counters }: AppDeps, storage: ImageStorage) {
  // The upload's multipart body is read by the handler (sniffed, re-encoded), not by a schema:
  // the definition documents it, and `hide` keeps it from being described twice.
  const routes = createRouter();
  routes.openAPIRegistry.registerPath(uploadImage);
  // Visitors may upload (registration), so requireUser is not used; blocked users still may not.
  const refuseBlocked: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.get('user')?.status === 'block') throw accountBlocked();
    return next();
  };
  const limit = rateLimit(counters, {
    name: 'upload',
    limit: (c) => (c.get('user') ? USER_UPLOADS_PER_HOUR : VISITOR_UPLOADS_PER_HOUR),
    windowMs: HOUR_MS,
    key: (c) => {
      const user = c.get('user');
      return user ? `user:${user.id}` : `ip:${clientIp(c, env.TRUST_PROXY)}`;
    },
    code: 'TOO_MANY_UPLOADS',
    message: 'Too many uploads.',
  });
  return routes
    .openapi(
      { ...guarded(uploadImage, refuseBlocked, limit), request: {}, hide: true },
      async (c) => {
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
        return c.json(
          { success: true as const, data: { display_url: `/api/images/${name}` } },
          201,
        );
      },
    )
    .openapi(getImage, async (c) => {
      const data = await storage.get(c.req.valid('param').name);
      if (!data) throw notFound('No such image.');
      return c.body(new Uint8Array(data), 200, {
        'Content-Type': 'image/webp',
        // Names are never reused, so the bytes behind a name never change.
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    });
}
