import type { MiddlewareHandler } from 'hono';
import { getImage, uploadImage } from '../../../common/contract/images.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { clientIp } from '../../auth/client-ip.ts';
import { addressKey } from '../../lib/address-key.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { accountBlocked, badRequest, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { toSafeWebp } from './image-processing.ts';
import { getSmall, smallName, toSmallWebp } from './image-variants.ts';
import * as uploads from './images.repository.ts';
import { reserveVisitorUpload, sweepUnclaimed } from './unclaimed-uploads.ts';

/** Signed-in users (profile photos, blog thumbnails) upload this many an hour per account. */
const USER_UPLOADS_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

export function imagesRoutes({ env, counters, db, logger, storage }: AppDeps) {
  // The upload's multipart body is read by the handler (sniffed, re-encoded), not by a schema:
  // the definition documents it, and `hide` keeps it from being described twice.
  const routes = createRouter();
  routes.openAPIRegistry.registerPath(uploadImage);
  // Visitors may upload (registration), so requireUser is not used; blocked users still may not.
  const refuseBlocked: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.get('user')?.status === 'block') throw accountBlocked();
    return next();
  };
  // Every upload request, accepted or not, counts here: this bounds the decoding work one caller
  // can ask for. A visitor's address may try twice per sign-up it may make (decision 008);
  // what a visitor keeps is bounded by the unclaimed-photo caps in the handler.
  const attempts = rateLimit(counters, {
    name: 'upload',
    limit: (c) => (c.get('user') ? USER_UPLOADS_PER_HOUR : 2 * env.SIGN_UPS_PER_ADDRESS_PER_HOUR),
    windowMs: HOUR_MS,
    key: (c) => {
      const user = c.get('user');
      return user ? `user:${user.id}` : `ip:${addressKey(clientIp(c, env.TRUST_PROXY))}`;
    },
    code: 'TOO_MANY_UPLOADS',
    message: msg('errors.limits.uploads'),
  });
  return routes
    .openapi(
      { ...guarded(uploadImage, refuseBlocked, attempts), request: {}, hide: true },
      async (c) => {
        const user = c.get('user');
        const name = `${newId()}.webp`;
        if (!user) {
          const uploaderIp = addressKey(clientIp(c, env.TRUST_PROXY));
          await reserveVisitorUpload(db, env, c, { name, uploaderIp });
        }
        try {
          const form = await c.req.parseBody().catch(() => {
            throw badRequest(msg('errors.images.sendMultipart'));
          });
          const file = form.image;
          if (!(file instanceof File)) {
            throw badRequest(msg('errors.images.chooseImage'), {
              image: msg('errors.images.chooseImage'),
            });
          }
          const webp = await toSafeWebp(Buffer.from(await file.arrayBuffer()));
          const small = await toSmallWebp(webp);
          await storage.put(name, webp);
          await storage.put(smallName(name), small);
        } catch (error) {
          // A refused or failed upload keeps nothing, so it does not count as a waiting photo.
          if (!user) await uploads.deleteByName(db, name);
          throw error;
        }
        if (user) {
          await uploads.insertOwned(db, { name, userId: user.id, uploadedAt: Date.now() });
        } else {
          await sweepUnclaimed(db, storage, logger);
        }
        return c.json(
          { success: true as const, data: { display_url: `/api/images/${name}` } },
          201,
        );
      },
    )
    .openapi(getImage, async (c) => {
      const { name } = c.req.valid('param');
      const data =
        c.req.valid('query').size === 'small'
          ? await getSmall(storage, name, logger)
          : await storage.get(name);
      if (!data) throw notFound(msg('errors.images.noSuchImage'));
      return c.body(new Uint8Array(data), 200, {
        'Content-Type': 'image/webp',
        // Names are never reused, so the bytes behind a name never change.
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    });
}
