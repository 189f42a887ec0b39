import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Fixed-window counters for rate limits (failed sign-ins per account, visitor uploads per
 * address). Kept in the database, or in Redis when several instances share one.
 */
export interface CounterStore {
  /** Counts one more event for `key` and returns the count in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count in the current window, without counting. */
  peek(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export function databaseCounterStore(db: Kysely<Database>): CounterStore {
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const expired = sql<boolean>`"counter"."windowStart" < ${now - windowMs}`;
      const row = await db
        .insertInto('counter')
        .values({ key, count: 1, windowStart: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql`case when ${expired} then 1 else "counter"."count" + 1 end`,
            windowStart: sql`case when ${expired} then ${now} else "counter"."windowStart" end`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async peek(key, windowMs) {
      const row = await db
        .selectFrom('counter')
        .select(['count', 'windowStart'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row || Number(row.windowStart) < Date.now() - windowMs) return 0;
      return Number(row.count);
    },
    async reset(key) {
      await db.deleteFrom('counter').where('key', '=', key).execute();
    },
  };
}

export function redisCounterStore(redis: Redis): CounterStore {
  const k = (key: string) => `redhope:counter:${key}`;
  return {
    async hit(key, windowMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(k(key))
        .pexpire(k(key), windowMs, 'NX')
        .exec()) as [[null, number], [null, number]];
      return count;
    },
    async peek(key) {
      // The key expires with its window, so whatever is left is the current window's count.
      return Number((await redis.get(k(key))) ?? 0);
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}
