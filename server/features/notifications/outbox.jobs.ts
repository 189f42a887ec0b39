import { z } from 'zod';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { defineJob } from '../../jobs/define-job.ts';
import * as requests from '../requests/requests.repository.ts';

/**
 * How long an email is tried again through an SMTP outage (issue 25): a day. Eight tries gave up
 * after about an hour, so an hour's outage lost email. An alert older than that is rarely worth
 * sending, and one whose request closed meanwhile is dropped at send time anyway.
 */
export const EMAIL_RETRY_MS = 24 * 3_600_000;

/**
 * One email of the outbox, as notify() and any other feature enqueue it (kind 'email'). `html`
 * is optional so a plain-text email stays valid.
 */
export const emailPayloadSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  requestId: z.string().nullable(),
  /** An alert: sent only while its request is still open (isAlertable). */
  onlyWhilePending: z.boolean(),
});

export type EmailPayload = z.infer<typeof emailPayloadSchema>;

/** The outbox: each email is a job, sent by the worker and retried for EMAIL_RETRY_MS. */
export const emailJob = defineJob({
  kind: 'email',
  payload: emailPayloadSchema,
  transaction: 'none',
  retryForMs: () => EMAIL_RETRY_MS,
  async handle(email, { db, jobId, now, deps: { mailer, logger } }) {
    if (!mailer) return; // Email turned off since it was written: the in-app one stands.
    if (
      email.onlyWhilePending &&
      email.requestId &&
      !(await requests.isAlertable(db, email.requestId, todayInDhaka(now)))
    ) {
      logger.info({ jobId, requestId: email.requestId }, 'alert email dropped: request closed');
      return;
    }
    await mailer.send({
      id: jobId,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
  },
});
