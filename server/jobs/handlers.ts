import { notificationJobs } from '../features/notifications/handlers.ts';
import { passwordResetJobs } from '../features/password-reset/password-reset.jobs.ts';
import { requestSweepJobs } from '../features/trust/sweep.jobs.ts';
import type { AppDeps } from '../lib/context.ts';
import type { JobHandler } from './worker.ts';

/** Every kind of background job, by feature: what the worker runs. */
export function jobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return { ...notificationJobs(deps), ...passwordResetJobs(deps), ...requestSweepJobs(deps) };
}
