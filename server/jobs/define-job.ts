import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../lib/context.ts';
import * as jobs from './jobs.repository.ts';
import type { JobContext, JobHandler } from './worker.ts';

/**
 * What names a kind of job and its payload: enough to enqueue one. A job's definition is this
 * and its handler; the request event (features/requests/request-events.ts) is the one kind whose
 * name and payload its publisher declares, and whose handler its subscriber adds.
 */
export interface JobKind<S extends z.ZodType> {
  kind: string;
  payload: S;
  /** A second job with the same key is not added: scheduling it again is a no-op. */
  dedupeKey?: (payload: z.output<S>) => string;
}

/** One kind of background job, whole: its name, its payload, its dedupe key and its code. */
export interface JobDefinition<S extends z.ZodType> extends JobKind<S> {
  /** How it runs (JobHandler['transaction'] in worker.ts). */
  transaction: JobHandler['transaction'];
  /** A retry window instead of MAX_ATTEMPTS tries (JobHandler['retryForMs']). */
  retryForMs?: (payload: z.output<S>) => number;
  /** JobHandler['forgetPayload']. */
  forgetPayload?: boolean;
  handle: (payload: z.output<S>, context: JobContext & { deps: AppDeps }) => Promise<void>;
}

/** Defines a kind of job once; server/jobs/handlers.ts lists the definitions the worker runs. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/**
 * Adds a job of kind `job`, in the caller's transaction when `db` is one, due at `runAt` (now
 * when absent). The payload is checked against the kind's schema here, so a job the worker
 * cannot read is never written; its dedupe key is the kind's.
 */
export async function enqueue<S extends z.ZodType>(
  db: Kysely<Database>,
  job: JobKind<S>,
  payload: z.input<S>,
  { runAt, now }: { runAt?: Date; now: Date },
) {
  const parsed = job.payload.parse(payload) as z.output<S>;
  await jobs.insert(
    db,
    { kind: job.kind, payload: parsed, runAt: runAt ?? now, dedupeKey: job.dedupeKey?.(parsed) },
    now,
  );
}

/** The worker's handler of a definition, for the server `deps` (its payload parsed first). */
export function handlerOf<S extends z.ZodType>(
  definition: JobDefinition<S>,
  deps: AppDeps,
): JobHandler {
  const { retryForMs, forgetPayload } = definition;
  return {
    transaction: definition.transaction,
    ...(forgetPayload ? { forgetPayload } : {}),
    run: (payload, context) =>
      definition.handle(definition.payload.parse(payload) as z.output<S>, { ...context, deps }),
    ...(retryForMs
      ? { retryForMs: (payload) => retryForMs(definition.payload.parse(payload) as z.output<S>) }
      : {}),
  };
}
