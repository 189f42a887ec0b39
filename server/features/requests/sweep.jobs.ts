import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { defineJob, enqueue, type JobDefinition } from '../../jobs/define-job.ts';
import { sweepRequestLifecycle } from './sweep.ts';

// The date's work on requests (sweep.ts) on the durable schedule of the job table: once an hour,
// on whichever server claims it, each hour's run keyed by its hour so two servers add one job.

const HOUR_MS = 3_600_000;

/** The hour a run is for (an ISO time; its hour is the dedupe key). */
const sweepPayload = z.object({ hour: z.string().optional() });

/** The sweep of one hour: its own transactions, one per request changed, so it holds no lock. */
export const requestSweepJob: JobDefinition<typeof sweepPayload> = defineJob({
  kind: 'requests-sweep',
  payload: sweepPayload,
  dedupeKey: ({ hour }) => `requests-sweep:${(hour ?? '').slice(0, 13)}`,
  transaction: 'none',
  async handle(_payload, { db, now, deps }) {
    const result = await sweepRequestLifecycle(db, {
      now,
      closeAfterDays: deps.env.UNCONFIRMED_CLOSE_DAYS,
    });
    deps.logger.info(result, 'requests swept');
    const nextHour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
    await scheduleRequestSweep(db, nextHour);
  },
});

/**
 * Adds the sweep of the hour `at` falls in, due at `at` (nothing when that hour's is there).
 * Every server calls it at start; each run adds the next hour's.
 */
export function scheduleRequestSweep(db: Kysely<Database>, at: Date) {
  return enqueue(db, requestSweepJob, { hour: at.toISOString() }, { runAt: at, now: at });
}
