import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/jobs.repository.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { AppDeps } from '../../lib/context.ts';
import { sweepRequestLifecycle } from './sweep.ts';

// The date's work on requests (sweep.ts) on the durable schedule of the job table: once an hour,
// on whichever server claims it, each hour's run keyed by its hour so two servers add one job.

const HOUR_MS = 3_600_000;

const hourKey = (at: Date) => `requests-sweep:${at.toISOString().slice(0, 13)}`;

/**
 * Adds the sweep of the hour `at` falls in, due at `at` (nothing when that hour's is there).
 * Every server calls it at start; each run adds the next hour's.
 */
export function scheduleRequestSweep(db: Kysely<Database>, at: Date) {
  return enqueue(
    db,
    { kind: 'requests-sweep', payload: {}, runAt: at, dedupeKey: hourKey(at) },
    at,
  );
}

export function requestSweepJobs(deps: AppDeps): Record<string, JobHandler> {
  return {
    'requests-sweep': {
      // Its own transactions, one per request changed (sweep.ts): a long sweep holds no lock.
      transaction: 'none',
      async run(_payload, { db, now }) {
        const result = await sweepRequestLifecycle(db, {
          now,
          closeAfterDays: deps.env.UNCONFIRMED_CLOSE_DAYS,
          events: deps.requestEvents,
        });
        deps.logger.info(result, 'requests swept');
        const nextHour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
        await scheduleRequestSweep(db, nextHour);
      },
    },
  };
}
