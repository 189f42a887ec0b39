import { z } from 'zod';
import { eligibleAgainAfter } from '../../../common/eligibility.rules.ts';
import type { NotificationKind } from '../../../common/notification-response.schema.ts';
import { defineJob, enqueue } from '../../jobs/define-job.ts';
import type { JobContext } from '../../jobs/worker.ts';
import type { AppDeps } from '../../lib/context.ts';
import { donationIntervals } from '../../lib/donation-intervals.ts';
import {
  type RequestEvent,
  requestEventKind,
  requestEventSchema,
} from '../requests/request-events.ts';
import * as requests from '../requests/requests.repository.ts';
import { smsDonorAccepted } from '../sms/sms-alert.ts';
import { aboutRequest, donationInstant } from './about-request.ts';
import { alertResumeJob, alertWaveJob } from './alert-waves.jobs.ts';
import * as notifications from './notifications.repository.ts';
import { notify } from './notify.ts';
import { donationReminderJob, eligibleAgainJob } from './reminders.jobs.ts';

const HOUR_MS = 3_600_000;

/**
 * The one subscriber of request events (features/requests/request-events.ts): what each change
 * of a request means for people. A new or reposted request starts its alert waves; an
 * acceptance tells the requester and schedules the donor's reminder; done and canceled tell the
 * requester and the donor (done schedules the day the donor may give again); a withdrawal tells
 * the requester and resumes the waves; an expiry or a confirmation due tells the requester, a
 * removal the requester and the donor; a request hidden by reports tells its requester and staff,
 * one flagged tells staff, one shown again resumes its waves. Nobody is told of what they did.
 */
export async function fanOut(
  event: RequestEvent,
  { db, now, deps }: Pick<JobContext, 'db' | 'now'> & { deps: AppDeps },
) {
  const { env } = deps;
  switch (event.type) {
    case 'created':
    case 'reposted':
      await enqueue(db, alertWaveJob, { requestId: event.requestId, wave: 1, round: 0 }, { now });
      return;
    case 'withdrawn':
    case 'pledge_withdrawn':
    case 'pledge_no_show':
    case 'bags_changed':
    case 'shown': {
      // Issue 27: fewer bags asked for opens none; more do, as a withdrawal or no-show does.
      if (event.type === 'bags_changed' && event.to <= event.from) return;
      // The request's one chain goes on (issue 25: never a second chain beside it); the worker
      // decides how, serialized with the waves (alertResumeJob).
      const urgent = event.type !== 'shown';
      await enqueue(db, alertResumeJob, { requestId: event.requestId, urgent }, { now });
      if (event.type !== 'withdrawn' && event.type !== 'pledge_withdrawn') return;
      break;
    }
  }

  const request = await requests.findById(db, event.requestId);
  if (!request) return;
  const data = aboutRequest(request);
  const actorId = 'actorId' in event ? event.actorId : null;
  const tell = (userId: string | null, kind: NotificationKind, extra = {}) =>
    userId && userId !== actorId
      ? notify(db, deps, {
          userId,
          kind,
          requestId: request.id,
          data: { ...data, ...extra },
          at: now,
        })
      : Promise.resolve(false);

  /** The donor's reminder to give again, on the day their interval (for what they gave) ends. */
  async function eligibleAgain(donorId: string) {
    // By what they gave (decision 031): platelets and plasma rest less than whole blood.
    const last = await notifications.findLastDonation(db, donorId);
    const at = last.date;
    const runAt = eligibleAgainAfter(last, donationIntervals(env));
    if (!at || !runAt) return;
    await enqueue(db, eligibleAgainJob, { userId: donorId, lastDonationDate: at }, { runAt, now });
  }

  switch (event.type) {
    case 'accepted':
    case 'pledged': {
      // Issue 27: the donor who pledged, not only the one the request shows first.
      const donorName =
        event.type === 'pledged'
          ? (event.donorName ?? (await notifications.findUserName(db, event.donorId)))
          : request.donorName;
      const told = await tell(request.requesterId, 'request-accepted', {
        ...(donorName ? { donorName } : {}),
      });
      if (!event.donorId) return;
      // Issue 28: and by SMS, to a requester who wants request updates and has SMS on.
      if (told && request.requesterId) {
        await smsDonorAccepted(db, deps, {
          userId: request.requesterId,
          request,
          donorId: event.donorId,
          donorName,
          ...(event.type === 'pledged' ? { pledgeId: event.pledgeId } : {}),
          at: now,
        });
      }
      const runAt = new Date(
        donationInstant(request).getTime() - env.DONATION_REMINDER_HOURS * HOUR_MS,
      );
      // Accepted only hours before: the donor knows, no reminder.
      if (runAt.getTime() <= now.getTime()) return;
      const reminder = { requestId: event.requestId, donorId: event.donorId };
      await enqueue(db, donationReminderJob, reminder, { runAt, now });
      return;
    }
    case 'done': {
      await tell(request.requesterId, 'request-done');
      // Issue 27: every donor whose pledge the close settled (before it: the one donor).
      const donorIds = event.donorIds ?? (event.donorId ? [event.donorId] : []);
      for (const donorId of donorIds) {
        await tell(donorId, 'donation-done');
        await eligibleAgain(donorId);
      }
      return;
    }
    case 'pledge_donated':
      // Issue 27: one bag given; the last one makes the request done.
      if (event.requestDone) await tell(request.requesterId, 'request-done');
      if (!event.donorId) return;
      await tell(event.donorId, 'donation-done');
      await eligibleAgain(event.donorId);
      return;
    case 'canceled':
      await tell(request.requesterId, 'request-canceled');
      for (const donorId of event.donorIds ?? [event.donorId]) {
        await tell(donorId, 'request-canceled');
      }
      return;
    case 'withdrawn':
    case 'pledge_withdrawn': {
      const donorName = await notifications.findUserName(db, event.donorId);
      await tell(event.requesterId, 'request-withdrawn', {
        reason: event.reason,
        ...(donorName !== null ? { donorName } : {}),
      });
      return;
    }
    case 'expired':
      await tell(event.requesterId, 'request-expired');
      return;
    case 'confirmation-due':
      await tell(event.requesterId, 'request-confirm-due');
      return;
    case 'removed':
      await tell(event.requesterId, 'request-removed', { reason: event.reason });
      await tell(event.donorId, 'request-removed', { reason: event.reason });
      return;
    // Issue 25: reports hid the request, or weigh enough on a verified one. Told only while that
    // still holds (staff may have acted before this job ran).
    case 'hidden':
      if (request.reportHiddenAt === null) return;
      await tell(event.requesterId, 'request-under-review');
      for (const id of await notifications.findStaffIds(db)) await tell(id, 'report-review');
      return;
    case 'flagged':
      if (request.removedAt !== null) return;
      for (const id of await notifications.findStaffIds(db)) await tell(id, 'report-review');
      return;
  }
}

/**
 * A 'request-event' row written before issue 26 (an acceptance, done or cancel, as
 * `{requestId, event, actorId, donorId}`), read as the event it was.
 */
const legacyChange = z
  .object({
    requestId: z.string(),
    event: z.enum(['accepted', 'done', 'canceled']),
    actorId: z.string(),
    donorId: z.string().nullable(),
  })
  .transform(({ event, ...rest }): RequestEvent => ({ type: event, ...rest }));

/** Request events, told to people: the subscriber's half of requestEventKind. */
export const requestEventJob = defineJob({
  ...requestEventKind,
  payload: z.union([requestEventSchema, legacyChange]),
  transaction: 'plain',
  handle: (event, context) => fanOut(event, context),
});

/**
 * Rows of the lifecycle events' own kind, written before issue 26 made them request events;
 * read as such. Nothing writes this kind any more.
 */
export const legacyLifecycleJob = defineJob({
  kind: 'request-lifecycle',
  payload: requestEventSchema,
  transaction: 'plain',
  handle: (event, context) => fanOut(event, context),
});
