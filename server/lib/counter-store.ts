import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Fixed-window counters for rate limits (failed sign-ins per account, visitor uploads per
 * address). Kept in the database, or in Redis when several instances share one. Database rows
 * carry their window's end and are swept once it has passed, so the table does not grow forever.
 */
export interface CounterStore {
  /** Counts one more event for `key`: the count in the current window and when it ends (ms). */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The count in the current window, without counting. */
  peek(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  /** Removes counters whose window has ended (the database store; Redis keys expire alone). */
  sweep?(): Promise<void>;
}

export interface Hit {
  count: number;
  /** When the current window ends (epoch ms): the earliest moment to try again. */
  resetAt: number;
}

/** Expired rows removed per sweep: bounded work, however many keys came and went. */
const SWEEP_BATCH = 200;
/** One hit in this many also sweeps, so the table holds about the live windows only. */
const SWEEP_EVERY = 50;

export function databaseCounterStore(db: Kysely<Database>): CounterStore {
  const sweep = () =>
    db
      .deleteFrom('counter')
      // Checked again on the row itself: a hit may have renewed it since the inner select.
      .where('expiresAt', '<', Date.now())
      .where(
        'key',
        'in',
        db
          .selectFrom('counter')
          .select('key')
          .where('expiresAt', '<', Date.now())
          .limit(SWEEP_BATCH),
      )
      .execute();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const expired = sql<boolean>`"counter"."windowStart" < ${now - windowMs}`;
      const row = await db
        .insertInto('counter')
        .values({ key, count: 1, windowStart: now, expiresAt: now + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql`case when ${expired} then 1 else "counter"."count" + 1 end`,
            windowStart: sql`case when ${expired} then ${now} else "counter"."windowStart" end`,
            expiresAt: sql`case when ${expired} then ${now + windowMs} else "counter"."expiresAt" end`,
          }),
        )
        .returning(['count', 'windowStart'])
        .executeTakeFirstOrThrow();
      if (Math.random() * SWEEP_EVERY < 1) await sweep();
      return { count: Number(row.count), resetAt: Number(row.windowStart) + windowMs };
    },
    sweep: async () => {
      await sweep();
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
      const [[, count], , [, ttl]] = (await redis
        .multi()
        .incr(k(key))
        .pexpire(k(key), windowMs, 'NX')
        .pttl(k(key))
        .exec()) as [[null, number], [null, number], [null, number]];
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
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
