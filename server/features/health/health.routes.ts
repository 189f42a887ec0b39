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

export function healthRoutes({ db, redis, logger }: AppDeps) {
  return createRouter()
    .openapi(health, (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(ready, async (c) => {
      const [database, redisState] = await Promise.all([
        probe(() => sql`select 1`.execute(db), 'database', logger),
        redis ? probe(() => redis.ping(), 'redis', logger) : undefined,
      ]);
      if (database === 'ok' && redisState !== 'unreachable') {
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
