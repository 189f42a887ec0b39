import { photoDeletionJob } from '../features/images/photo-deletion.jobs.ts';
import { alertResumeJob, alertWaveJob } from '../features/notifications/alert-waves.jobs.ts';
import { emailJob } from '../features/notifications/outbox.jobs.ts';
import { donationReminderJob, eligibleAgainJob } from '../features/notifications/reminders.jobs.ts';
import {
  legacyLifecycleJob,
  requestEventJob,
} from '../features/notifications/request-event.job.ts';
import { passwordResetJob } from '../features/password-reset/password-reset.jobs.ts';
import { retentionPurgeJob } from '../features/privacy/retention.jobs.ts';
import { requestSweepJob } from '../features/requests/sweep.jobs.ts';
import { phoneCodeJob, smsAlertJob } from '../features/sms/sms.jobs.ts';
import type { AppDeps } from '../lib/context.ts';
import { handlerOf, type JobDefinition } from './define-job.ts';
import type { JobHandler } from './worker.ts';

/** Every kind of background job, each defined once in its feature (define-job.ts). */
// biome-ignore lint/suspicious/noExplicitAny: each definition has its own payload schema
const definitions: JobDefinition<any>[] = [
  requestEventJob,
  legacyLifecycleJob,
  alertWaveJob,
  alertResumeJob,
  donationReminderJob,
  eligibleAgainJob,
  emailJob,
  passwordResetJob,
  requestSweepJob,
  phoneCodeJob,
  smsAlertJob,
  photoDeletionJob,
  retentionPurgeJob,
];

/** What the worker runs, by kind, for the server `deps`. */
export function jobHandlers(deps: AppDeps): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const definition of definitions) {
    if (handlers[definition.kind]) throw new Error(`Two jobs of kind "${definition.kind}".`);
    handlers[definition.kind] = handlerOf(definition, deps);
  }
  return handlers;
}
