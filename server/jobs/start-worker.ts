import type { AppDeps } from '../lib/context.ts';
import { jobHandlers } from './handlers.ts';
import { createWorker } from './worker.ts';

/** The worker of one server, as the settings say (JOB_POLL_MS, JOB_LEASE_SECONDS). */
export function workerFor(deps: AppDeps) {
  return createWorker({
    db: deps.db,
    logger: deps.logger,
    clock: deps.clock,
    handlers: jobHandlers(deps),
    leaseMs: deps.env.JOB_LEASE_SECONDS * 1000,
    pollMs: deps.env.JOB_POLL_MS,
  });
}
