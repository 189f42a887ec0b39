import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { defineJob, enqueue, type JobDefinition } from '../../jobs/define-job.ts';
import { purgeExpired, retentionPeriods } from './retention.ts';

// Issue 31 item 6: the purge of records past their period (retention.ts) on the durable schedule
// of the job table, as the request sweep runs: once an hour, on whichever server claims it, each
// hour's run keyed by its hour so several servers add one job.

const HOUR_MS = 3_600_000;

const purgePayload = z.object({ hour: z.string().optional() });

/** One hour's purge: a statement per batch, outside any transaction, so it holds no lock long. */
export const retentionPurgeJob: JobDefinition<typeof purgePayload> = defineJob({
  kind: 'retention-purge',
  payload: purgePayload,
  dedupeKey: ({ hour }) => `retention-purge:${(hour ?? '').slice(0, 13)}`,
  transaction: 'none',
  async handle(_payload, { db, now, deps }) {
    const result = await purgeExpired(db, { now, periods: retentionPeriods(deps.env) });
    deps.logger.info(result, 'records past their retention purged');
    const nextHour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
    await scheduleRetentionPurge(db, nextHour);
  },
});

/**
 * Adds the purge of the hour `at` falls in, due at `at` (nothing when that hour's is there).
 * Every server calls it at start; each run adds the next hour's.
 */
export function scheduleRetentionPurge(db: Kysely<Database>, at: Date) {
  return enqueue(db, retentionPurgeJob, { hour: at.toISOString() }, { runAt: at, now: at });
}
