import path from 'node:path';
import { Redis } from 'ioredis';
import { createAuth } from './auth/auth.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import type { DatabaseHandle } from './db/dialect.ts';
import { markReceipt } from './features/sms/sms.repository.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { AppDeps } from './lib/context.ts';
import { databaseCounterStore, redisCounterStore } from './lib/counter-store.ts';
import { redisWithDatabaseFallback } from './lib/counter-store-fallback.ts';
import type { Env } from './lib/env.ts';
import type { Logger } from './lib/logger.ts';
import { smtpMailer } from './lib/mailer.ts';
import { smsSenderFor } from './lib/sms-senders.ts';
import { diskStorage, s3Storage } from './lib/storage.ts';

/** A Redis command without an answer by then counts as failed (a local Redis answers in <1 ms). */
const REDIS_COMMAND_TIMEOUT_MS = 500;
/** A delivery receipt for a message not yet marked sent is tried this often, this many times. */
const RECEIPT_TRIES = 5;
const RECEIPT_RETRY_MS = 1000;
/** A connection to Redis not made by then is dropped and tried again. */
const REDIS_CONNECT_TIMEOUT_MS = 2000;

/** Everything the app is built from, for one database. `close` releases what this made. */
export function buildDeps(
  handle: DatabaseHandle,
  env: Env,
  logger: Logger,
  {
    clock = systemClock,
    redisCommandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS,
  }: { clock?: Clock; redisCommandTimeoutMs?: number } = {},
) {
  // Fail fast (issue 25): a command waits for no reconnection (no offline queue) and for no
  // answer longer than REDIS_COMMAND_TIMEOUT_MS; the counters then use the database instead.
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, {
        lazyConnect: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: redisCommandTimeoutMs,
        connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      })
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
  const counters = redis
    ? redisWithDatabaseFallback(
        redis,
        redisCounterStore(redis),
        databaseCounterStore(handle.db),
        logger,
      )
    : databaseCounterStore(handle.db);
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
  const sms = env.SMS_URL ? smsSenderFor(env.SMS_URL, env, logger) : null;
  // A delivery receipt marks the message it names delivered or not (issue 28). A receipt can
  // beat the worker's "sent" (which writes the gateway's id) by a moment: tried again shortly.
  sms?.onReceipt((receipt) => {
    const record = async () => {
      for (let attempt = 0; attempt < RECEIPT_TRIES; attempt += 1) {
        const marked = await markReceipt(
          handle.db,
          receipt.gatewayId,
          receipt.delivered,
          clock.now(),
        );
        if (marked) return marked;
        await new Promise((resolve) => setTimeout(resolve, RECEIPT_RETRY_MS).unref());
      }
      return 0;
    };
    record().then(
      (marked) =>
        logger.info(
          { gatewayId: receipt.gatewayId, state: receipt.state, marked },
          'SMS delivery receipt',
        ),
      (err: unknown) =>
        logger.warn({ err, gatewayId: receipt.gatewayId }, 'could not record an SMS receipt'),
    );
  });
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
    sms,
  };
  return {
    deps,
    redis,
    close: async () => {
      mailer?.close();
      await sms?.close();
      // QUIT needs an answer; while Redis is unreachable it would wait for the reconnect.
      if (redis?.status === 'ready') await redis.quit();
      else redis?.disconnect();
    },
  };
}
