import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { health, ready } from '../../../common/contract/system.contract.ts';
import type { AppDeps } from '../../lib/context.ts';
import { createRouter } from '../../lib/openapi.ts';

/** A check that has not answered by then counts as unreachable: a load balancer waits for us. */
const CHECK_TIMEOUT_MS = 2000;

/** 'ok' when `check` answers in time, else 'unreachable' (and the reason is logged). */
async function probe(
  check: () => Promise<unknown>,
  what: string,
  logger: AppDeps['logger'],
): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (err) {
    logger.warn({ err, check: what }, 'readiness check failed');
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Redis answers a PING. Commands do not wait for a connection (no offline queue: the rate limits
 * fall back to the database at once instead), so a probe made while ioredis is still connecting
 * waits for it here, up to the probe's own time limit.
 */
function redisAnswers(redis: Redis): Promise<unknown> {
  if (redis.status === 'ready') return redis.ping();
  return new Promise((resolve, reject) => {
    const onReady = () => {
      clearTimeout(timer);
      redis.ping().then(resolve, reject);
    };
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis is ${redis.status}`));
    }, CHECK_TIMEOUT_MS);
    redis.once('ready', onReady);
  });
}

export function healthRoutes({ db, redis, logger }: AppDeps) {
  return createRouter()
    .openapi(health, (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(ready, async (c) => {
      const [database, redisState] = await Promise.all([
        probe(() => sql`select 1`.execute(db), 'database', logger),
        redis ? probe(() => redisAnswers(redis), 'redis', logger) : undefined,
      ]);
      // Redis away is no reason to take this instance out of service: the rate limits count in
      // the database meanwhile (issue 25, server/lib/counter-store-fallback.ts). It is reported.
      if (database === 'ok') {
        return c.json(
          { status: 'ready' as const, database, ...(redisState && { redis: redisState }) },
          200,
        );
      }
      return c.json(
        { status: 'not ready' as const, database, ...(redisState && { redis: redisState }) },
        503,
      );
    });
}
