import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { serializedTransaction } from '../db/dialect.ts';
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

/** Attempts before a job is given up (logged as an error, kept as `failed`). */
export const MAX_ATTEMPTS = 8;

/** Waits before attempt n+1: 30 s doubling, at most an hour. */
export const backoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/** Done jobs are deleted after a week; the sweep runs at most hourly. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;

class LeaseLost extends Error {}

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
  let lastSweep = 0;

  async function runOne(job: jobs.ClaimedJob) {
    // The batch may have taken a while: go on only while still holding this job.
    if (!(await jobs.renew(db, job.id, workerId, clock.now(), leaseMs))) {
      logger.warn({ jobId: job.id, kind: job.kind }, 'job lease ran out before it started');
      return;
    }
    const handler = handlers[job.kind];
    const context = (trx: Kysely<Database>): JobContext => ({
      db: trx,
      now: clock.now(),
      jobId: job.id,
      attempt: job.attempts,
    });
    try {
      if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}".`);
      const payload: unknown = JSON.parse(job.payload);
      const runAndComplete = async (trx: Kysely<Database>) => {
        await handler.run(payload, context(trx));
        // Its writes stand only if this worker still holds the job.
        if (!(await jobs.complete(trx, job.id, workerId, clock.now()))) throw new LeaseLost();
      };
      if (handler.transaction === 'none') {
        await handler.run(payload, context(db));
        if (!(await jobs.complete(db, job.id, workerId, clock.now()))) throw new LeaseLost();
      } else if (handler.transaction === 'alerts') {
        await serializedTransaction(db, 'alerts', runAndComplete);
      } else {
        await db.transaction().execute(runAndComplete);
      }
    } catch (error) {
      if (error instanceof LeaseLost) {
        logger.warn({ jobId: job.id, kind: job.kind }, 'job lease ran out before it finished');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const now = clock.now();
      const retryAt =
        job.attempts < MAX_ATTEMPTS ? new Date(now.getTime() + backoffMs(job.attempts)) : null;
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
    const now = clock.now().getTime();
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      await jobs.deleteDoneBefore(db, new Date(now - KEEP_DONE_MS));
    }
    return ran;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .catch((error: unknown) => logger.error({ err: error }, 'job worker tick failed'))
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
