import type { Redis } from 'ioredis';
import type { CounterStore } from './counter-store.ts';
import type { Logger } from './logger.ts';

/** After a Redis command failed, how long the database counts alone before Redis is tried again. */
export const REDIS_RETRY_AFTER_MS = 5000;

/**
 * Issue 25: with Redis down, every rate-limited route (sign-in, sign-up, contact, upload, token,
 * password reset) answered 500 after 10-15 s, so nobody could sign in during an outage. The
 * counters now go to the database store while Redis cannot answer: the limits still hold (the
 * database is shared by every instance as Redis is), and counting starts afresh there, so an
 * outage gives each key at most one more window's allowance. Redis is not asked while ioredis
 * says it is not connected (it reconnects by itself), nor for REDIS_RETRY_AFTER_MS after a
 * command failed or timed out (a Redis that accepts connections but does not answer); then it is
 * used again. docs/operations.md, "When Redis is away", says the same for operators.
 *
 * Every operation of `redis` is wrapped the same way (it must exist on `database` too), so an
 * operation added to the CounterStore interface later falls back like the others.
 */
export function redisWithDatabaseFallback(
  redis: Redis,
  primary: CounterStore,
  database: CounterStore,
  logger: Logger,
): CounterStore {
  let skipUntil = 0;
  let onDatabase = false;
  const redisUsable = () => redis.status === 'ready' && Date.now() >= skipUntil;
  const toDatabase = (err?: unknown) => {
    if (onDatabase) return;
    onDatabase = true;
    logger.warn({ err }, 'rate-limit counters use the database while Redis is unreachable');
  };
  const backOnRedis = () => {
    if (!onDatabase) return;
    onDatabase = false;
    logger.info('rate-limit counters are back on Redis');
  };

  const store: Record<string, unknown> = {};
  for (const [name, operation] of Object.entries(primary)) {
    if (typeof operation !== 'function') continue;
    const instead = (database as unknown as Record<string, (...args: unknown[]) => unknown>)[name];
    if (typeof instead !== 'function') throw new Error(`The database store has no ${name}`);
    store[name] = async (...args: unknown[]) => {
      if (!redisUsable()) {
        toDatabase();
        return instead.apply(database, args);
      }
      try {
        const result = await (operation as (...a: unknown[]) => Promise<unknown>).apply(
          primary,
          args,
        );
        backOnRedis();
        return result;
      } catch (err) {
        skipUntil = Date.now() + REDIS_RETRY_AFTER_MS;
        toDatabase(err);
        return instead.apply(database, args);
      }
    };
  }
  // Expired database rows are swept whichever store is counting.
  if (database.sweep) store.sweep = database.sweep.bind(database);
  return store as unknown as CounterStore;
}
