import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { msg } from '../../../common/message-key.ts';
import type { Database } from '../../db/schema.ts';
import type { AppEnv } from '../../lib/context.ts';
import type { Env } from '../../lib/env.ts';
import type { Logger } from '../../lib/logger.ts';
import { tooManyRequests } from '../../lib/rate-limit.ts';
import type { ImageStorage } from '../../lib/storage.ts';
import { smallName } from './image-variants.ts';
import * as uploads from './images.repository.ts';

// A visitor uploads a photo only to register with it (decision 008). The photo waits, unclaimed,
// until the registration that uses it claims it; only unclaimed photos count against the
// address, so a sign-up drive behind one address is never stopped by its own registrations,
// while uploads that no registration follows are.

const HOUR_MS = 60 * 60 * 1000;
/**
 * An unclaimed photo older than this is deleted: its form was abandoned (the register page
 * uploads only when the form is sent, and reuses an upload for at most an hour). Short, because
 * it bounds what a flood can leave on disk: at most this many hours of the caps' uploads.
 */
export const UNCLAIMED_KEPT_MS = 2 * HOUR_MS;
/** Unclaimed photos deleted per visitor upload: bounded work, and more than one comes in. */
const SWEEP_BATCH = 10;

const REFUSED = { code: 'TOO_MANY_UPLOADS' } as const;

/**
 * Records a visitor's upload under `name` before its bytes are read, then counts it: over the
 * per-address cap, or over the platform's ceiling while this address already has a photo
 * waiting, the record is withdrawn and a 429 thrown. Recording first means simultaneous uploads
 * all see each other, so a burst cannot slip past the count.
 */
export async function reserveVisitorUpload(
  db: Kysely<Database>,
  env: Env,
  c: Context<AppEnv>,
  upload: { name: string; uploaderIp: string },
): Promise<void> {
  const now = Date.now();
  await uploads.insertUnclaimed(db, { ...upload, uploadedAt: now });
  const since = now - HOUR_MS;
  const fromAddress = await uploads.countUnclaimedSince(db, since, upload.uploaderIp);
  const perAddress = env.UNCLAIMED_PHOTOS_PER_ADDRESS_PER_HOUR;
  if (fromAddress.count > perAddress) {
    await uploads.deleteByName(db, upload.name);
    // One more fits once the oldest waiting photo leaves the hour (or is claimed sooner).
    throw tooManyRequests(
      c,
      {
        ...REFUSED,
        message: msg('errors.limits.unclaimedPerAddress', { count: perAddress }),
      },
      (fromAddress.oldest ?? now) + HOUR_MS,
    );
  }
  if (fromAddress.count > 1) {
    const everywhere = await uploads.countUnclaimedSince(db, since);
    if (everywhere.count > env.UNCLAIMED_PHOTOS_PER_HOUR) {
      await uploads.deleteByName(db, upload.name);
      // Under a flood from many addresses each address keeps one waiting photo: a person
      // registering still can, a flooding address waits until its photos leave the hour.
      const waiting = await uploads.countUnclaimedSince(db, since, upload.uploaderIp);
      throw tooManyRequests(
        c,
        {
          ...REFUSED,
          message: msg('errors.limits.unclaimedEverywhere'),
        },
        (waiting.newest ?? now) + HOUR_MS,
      );
    }
  }
}

/**
 * Deletes a few unclaimed photos older than UNCLAIMED_KEPT_MS, file and record. Never fails the upload that
 * runs it: whatever is left is found by the next one.
 */
export async function sweepUnclaimed(
  db: Kysely<Database>,
  storage: ImageStorage,
  logger: Logger,
): Promise<void> {
  try {
    const names = await uploads.findUnclaimedBefore(
      db,
      Date.now() - UNCLAIMED_KEPT_MS,
      SWEEP_BATCH,
    );
    for (const name of names) {
      // The record goes first, and only if still unclaimed: a registration claiming it meanwhile
      // keeps its photo.
      if (await uploads.deleteIfUnclaimed(db, name)) {
        await storage.delete(smallName(name));
        await storage.delete(name);
      }
    }
  } catch (error) {
    logger.warn({ err: error }, 'sweeping unclaimed photos failed');
  }
}

const OWN_UPLOAD = /^\/api\/images\/([0-9a-f-]{36}\.webp)$/;

/**
 * A registration that succeeded with one of our uploads claims it: it stops counting against
 * the visitor's address and is never swept. Any other address (https, or a name we never
 * stored) is left as registration has always accepted it.
 */
export async function claimRegistrationPhoto(
  db: Kysely<Database>,
  image: unknown,
  userId: string,
): Promise<void> {
  const name = typeof image === 'string' ? OWN_UPLOAD.exec(image)?.[1] : undefined;
  if (name) await uploads.claim(db, name, userId, Date.now());
}
