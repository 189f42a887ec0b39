import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isDatabaseUnavailable, serializedTransaction, toIso } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import * as jobs from './jobs.repository.ts';

/** What a job's code gets: the database (its transaction, when it has one), the time, its job. */
export interface JobContext {
  db: Kysely<Database>;
  now: Date;
  jobId: string;
  attempt: number;
}

/**
 * The code for one kind of job. `transaction` says how it runs:
 * - 'plain': in a transaction that also marks the job done, so its writes happen exactly once
 *   (a worker that dies mid-way leaves nothing behind; the job runs again).
 * - 'alerts': the same, serialized with every other alert wave on every server, so the weekly cap
 *   per donor holds however many servers run waves at once.
 * - 'none': outside any transaction, for work outside the database (sending an email); marked
 *   done right after it succeeds.
 */
export interface JobHandler {
  transaction: 'plain' | 'alerts' | 'none';
  run: (payload: unknown, context: JobContext) => Promise<void>;
  /**
   * How long after it was written (or resent) a failing job is tried again, instead of
   * MAX_ATTEMPTS tries: the outbox keeps an email through an outage for as long as it is worth
   * having (issue 25), then marks it failed for an admin to resend.
   */
  retryForMs?: (payload: unknown) => number;
  /** Empty the payload once the job is done (it names something an erasure removed). */
  forgetPayload?: boolean;
}

export interface WorkerOptions {
  db: Kysely<Database>;
  logger: Logger;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  /** How long a claimed job is held before another worker may take it over. */
  leaseMs: number;
  /** How often to look for due work when there was none. */
  pollMs: number;
  /** Jobs claimed at once. */
  batchSize?: number;
}

/**
 * Attempts before a job is given up (logged as an error, kept as `failed`), unless its handler
 * says how long to retry it (retryForMs).
 */
export const MAX_ATTEMPTS = 8;

/** Waits before attempt n+1: 30 s doubling, at most an hour. */
export const backoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

class LeaseLost extends Error {}
class LeaseLostBeforeStart extends Error {}

/**
 * When a failed job is tried again, or null when it is given up: after its backoff while it has
 * attempts left, or, for a handler with a retry window, until the window ends (the last try at
 * its end: an outage that ends just before it still lets the job through).
 */
function nextTry(job: jobs.ClaimedJob, handler: JobHandler | undefined, now: Date): Date | null {
  const afterBackoff = now.getTime() + backoffMs(job.attempts);
  let windowMs: number | undefined;
  try {
    windowMs = handler?.retryForMs?.(JSON.parse(job.payload));
  } catch {
    windowMs = undefined; // A payload that does not parse fails like any other job.
  }
  if (windowMs === undefined) return job.attempts < MAX_ATTEMPTS ? new Date(afterBackoff) : null;
  const giveUpAt = new Date(toIso(job.createdAt)).getTime() + windowMs;
  if (now.getTime() >= giveUpAt) return null;
  return new Date(Math.min(afterBackoff, giveUpAt));
}

/**
 * Runs due jobs from the `job` table: the durable schedule of alert waves and reminders and the
 * outbox of emails. Every server runs one; they share the work through the table (claimDue), so
 * a job is done once however many run, and nothing is lost across a restart — a job claimed by a
 * worker that died is claimed again when its lease runs out.
 */
export function createWorker(options: WorkerOptions) {
  const { db, logger, clock, handlers, leaseMs, pollMs, batchSize = 10 } = options;
  const workerId = `worker-${randomBytes(6).toString('hex')}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function runOne(job: jobs.ClaimedJob) {
    const handler = handlers[job.kind];
    const context = (trx: Kysely<Database>): JobContext => ({
      db: trx,
      now: clock.now(),
      jobId: job.id,
      attempt: job.attempts,
    });
    /**
     * The batch may have taken a while: go on only while still holding this job (false when its
     * lease ran out and another worker may have it), held for another lease.
     */
    const renew = (trx: Kysely<Database>) =>
      jobs.renew(trx, job.id, workerId, clock.now(), leaseMs);
    const done = { forget: handler?.forgetPayload === true };
    try {
      if (handler?.transaction === 'none') {
        if (!(await renew(db))) throw new LeaseLostBeforeStart();
        await handler.run(JSON.parse(job.payload), context(db));
        if (!(await jobs.complete(db, job.id, workerId, clock.now(), done))) throw new LeaseLost();
        return;
      }
      // A job with a transaction renews its lease as the transaction's first write rather than
      // in a commit of its own: one synchronous commit fewer for every job (on SQLite, with
      // synchronous = FULL, each commit is an fsync on the server's one connection, and a
      // pledge's event was paying three). The renewed row stays locked until the job's commit,
      // which also marks it done, so no other worker can take it meanwhile on either engine.
      const runAndComplete = async (trx: Kysely<Database>) => {
        if (!(await renew(trx))) throw new LeaseLostBeforeStart();
        if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}".`);
        await handler.run(JSON.parse(job.payload), context(trx));
        // Its writes stand only if this worker still holds the job.
        if (!(await jobs.complete(trx, job.id, workerId, clock.now(), done))) throw new LeaseLost();
      };
      if (handler?.transaction === 'alerts') {
        await serializedTransaction(db, 'alerts', runAndComplete);
      } else {
        await db.transaction().execute(runAndComplete);
      }
    } catch (error) {
      if (error instanceof LeaseLostBeforeStart) {
        logger.warn({ jobId: job.id, kind: job.kind }, 'job lease ran out before it started');
        return;
      }
      if (error instanceof LeaseLost) {
        logger.warn({ jobId: job.id, kind: job.kind }, 'job lease ran out before it finished');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const now = clock.now();
      const retryAt = nextTry(job, handler, now);
      const log = { jobId: job.id, kind: job.kind, attempt: job.attempts, err: message };
      if (retryAt) logger.warn({ ...log, retryAt }, 'job failed; it will be retried');
      else logger.error(log, 'job failed for good');
      await jobs.fail(db, job.id, workerId, message, retryAt, now).catch((failure: unknown) => {
        logger.error({ jobId: job.id, err: failure }, 'could not record a job failure');
      });
    }
  }

  /** Claims and runs due jobs until none is due; answers how many ran. Tests call it directly. */
  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await jobs.claimDue(db, workerId, clock.now(), leaseMs, batchSize);
      if (claimed.length === 0) break;
      for (const job of claimed) await runOne(job);
      ran += claimed.length;
    }
    // Finished jobs are deleted by the hourly retention purge (issue 31, RETENTION_JOB_DAYS).
    return ran;
  }

  // While the database cannot be reached every tick fails alike: said once, not every poll.
  let waitingForDatabase = false;
  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .then(
          () => {
            waitingForDatabase = false;
          },
          (error: unknown) => {
            if (!isDatabaseUnavailable(error)) {
              logger.error({ err: error }, 'job worker tick failed');
            } else if (!waitingForDatabase) {
              waitingForDatabase = true;
              logger.warn({ err: error }, 'job worker waits for the database');
            }
          },
        )
        .finally(() => schedule(pollMs));
    }, delay);
    timer.unref?.();
  }

  return {
    id: workerId,
    runDue,
    /** Starts looking for due work every `pollMs`. */
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Stops looking and waits for the jobs in hand to finish. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
