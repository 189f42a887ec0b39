import path from 'node:path';
import { Redis } from 'ioredis';
import { createAuth } from './auth/auth.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import type { DatabaseHandle } from './db/dialect.ts';
import { notifyRequestEvents } from './features/notifications/lifecycle-events.ts';
import type { RequestEventSink } from './features/trust/request-events.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { AppDeps } from './lib/context.ts';
import { databaseCounterStore, redisCounterStore } from './lib/counter-store.ts';
import type { Env } from './lib/env.ts';
import type { Logger } from './lib/logger.ts';
import { smtpMailer } from './lib/mailer.ts';
import { diskStorage, s3Storage } from './lib/storage.ts';

/** Everything the app is built from, for one database. `close` releases what this made. */
export function buildDeps(
  handle: DatabaseHandle,
  env: Env,
  logger: Logger,
  {
    clock = systemClock,
    requestEvents = notifyRequestEvents,
  }: { clock?: Clock; requestEvents?: RequestEventSink } = {},
) {
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  // Without a listener ioredis prints every failed reconnect to stderr; one warning per outage
  // is enough (GET /api/ready reports Redis while it lasts).
  let redisDown = false;
  redis?.on('error', (err: Error) => {
    if (!redisDown) logger.warn({ err }, 'Redis is unreachable; retrying');
    redisDown = true;
  });
  redis?.on('ready', () => {
    if (redisDown) logger.info('Redis is reachable again');
    redisDown = false;
  });
  const counters = redis ? redisCounterStore(redis) : databaseCounterStore(handle.db);
  const secret = resolveAuthSecret(env.AUTH_SECRET, path.resolve(env.DATA_DIR));
  const auth = createAuth({ logger, db: handle.db, engine: handle.engine, env, secret, counters });
  const storage =
    env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? s3Storage({
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        })
      : diskStorage(path.resolve(env.DATA_DIR, 'uploads'));
  const mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : null;
  const deps: AppDeps = {
    db: handle.db,
    engine: handle.engine,
    env,
    logger,
    auth,
    counters,
    storage,
    redis,
    clock,
    mailer,
    requestEvents,
  };
  return {
    deps,
    close: async () => {
      mailer?.close();
      // QUIT needs an answer; while Redis is unreachable it would wait for the reconnect.
      if (redis?.status === 'ready') await redis.quit();
      else redis?.disconnect();
    },
  };
}
