import { z } from 'zod';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import type { NotificationData } from '../../../common/notification-response.schema.ts';
import { toIso } from '../../db/dialect.ts';
import { enqueue } from '../../jobs/jobs.repository.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { AppDeps } from '../../lib/context.ts';
import { findMatches } from '../matching/matching.repository.ts';
import type { RequestRow } from '../requests/requests.repository.ts';
import * as requests from '../requests/requests.repository.ts';
import { donationRecorded } from './events.ts';
import * as notifications from './notifications.repository.ts';
import { notify } from './notify.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** What a notification about a request says, as the request is now. */
const aboutRequest = (request: RequestRow): NotificationData => ({
  bloodGroup: request.bloodGroup,
  recipientName: request.recipientName,
  hospitalName: request.hospitalName,
  district: request.district,
  donationDate: request.donationDate,
  donationTime: request.donationTime,
});

/** The donation's date and time at the hospital (Dhaka, UTC+6, no daylight saving). */
const donationInstant = (request: RequestRow) =>
  new Date(`${request.donationDate}T${request.donationTime}:00+06:00`);

const wavePayload = z.object({
  requestId: z.string(),
  wave: z.number().int().min(1),
  /** 0 for the waves of a new request; a later round after a donor withdrew (issue 14). */
  round: z.number().int().min(0).default(0),
});
/** A wave's dedupe key: one job per request, round and wave. */
const waveKey = (requestId: string, round: number, wave: number) =>
  round ? `alert-wave:${requestId}:r${round}:${wave}` : `alert-wave:${requestId}:${wave}`;
const lifecyclePayload = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('withdrawn'),
    requestId: z.string(),
    requesterId: z.string().nullable(),
    donorId: z.string(),
    reason: z.string(),
  }),
  z.object({
    type: z.literal('expired'),
    requestId: z.string(),
    requesterId: z.string().nullable(),
  }),
  z.object({
    type: z.literal('confirmation-due'),
    requestId: z.string(),
    requesterId: z.string().nullable(),
  }),
  z.object({
    type: z.literal('removed'),
    requestId: z.string(),
    requesterId: z.string().nullable(),
    donorId: z.string().nullable(),
    reason: z.string(),
  }),
]);
const eventPayload = z.object({
  requestId: z.string(),
  event: z.enum(['accepted', 'done', 'canceled']),
  actorId: z.string(),
  donorId: z.string().nullable(),
});
const reminderPayload = z.object({ requestId: z.string(), donorId: z.string() });
const eligiblePayload = z.object({ userId: z.string(), lastDonationDate: z.string() });
const emailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  requestId: z.string().nullable(),
  onlyWhilePending: z.boolean(),
});

/**
 * The code behind each kind of job (server/jobs/worker.ts runs them): the alert waves, what
 * follows a request's change, the reminders, and the outbox of emails.
 */
export function notificationJobs(deps: AppDeps): Record<string, JobHandler> {
  const { env, mailer, logger } = deps;

  return {
    /**
     * One wave of alerts: the best few matches not yet alerted for this request, with alerts on
     * and under the weekly cap; then the next wave, later, unless it was the last. A request no
     * longer pending (someone accepted, or it was canceled or deleted) or past its date stops
     * the waves.
     */
    'alert-wave': {
      transaction: 'alerts',
      async run(payload, { db, now }) {
        const { requestId, wave, round } = wavePayload.parse(payload);
        // Locked: an acceptance being committed is waited for and seen, and a later one waits for
        // this wave's commit, so no alert is written after the request was taken.
        const request = await requests.findByIdForUpdate(db, requestId);
        if (request?.status !== 'pending') return;
        if (request.donationDate < todayInDhaka(now)) return;
        const donors = await findMatches(
          db,
          request,
          { now, intervalDays: env.DONATION_INTERVAL_DAYS },
          { limit: env.ALERT_WAVE_SIZE, offset: 0 },
          {
            requestId,
            since: new Date(now.getTime() - WEEK_MS).toISOString(),
            perWeek: env.ALERTS_PER_DONOR_PER_WEEK,
          },
        );
        for (const donor of donors) {
          const first = await notifications.recordAlert(db, {
            requestId,
            userId: donor.id,
            wave,
            at: now,
          });
          if (!first) continue;
          await notify(db, deps, {
            userId: donor.id,
            kind: 'match-alert',
            requestId,
            data: aboutRequest(request),
            at: now,
          });
        }
        logger.info({ requestId, wave, alerted: donors.length }, 'alert wave sent');
        if (wave < env.ALERT_MAX_WAVES) {
          await enqueue(
            db,
            {
              kind: 'alert-wave',
              payload: { requestId, wave: wave + 1, round },
              runAt: new Date(now.getTime() + env.ALERT_WAVE_MINUTES * MINUTE_MS),
              dedupeKey: waveKey(requestId, round, wave + 1),
            },
            now,
          );
        }
      },
    },

    /**
     * A request accepted, done or canceled: its requester is told (unless they did it), and its
     * donor when it is done or canceled; accepting schedules the donor's reminder, and done
     * the day they may give again.
     */
    'request-event': {
      transaction: 'plain',
      async run(payload, { db, now }) {
        const { requestId, event, actorId, donorId } = eventPayload.parse(payload);
        const request = await requests.findById(db, requestId);
        if (!request) return;
        const data = aboutRequest(request);
        const tell = (userId: string | null, kind: Parameters<typeof notify>[2]['kind']) =>
          userId && userId !== actorId
            ? notify(db, deps, { userId, kind, requestId, data: { ...data }, at: now })
            : Promise.resolve(false);
        if (event === 'accepted') {
          if (request.requesterId && request.requesterId !== actorId) {
            await notify(db, deps, {
              userId: request.requesterId,
              kind: 'request-accepted',
              requestId,
              data: { ...data, ...(request.donorName ? { donorName: request.donorName } : {}) },
              at: now,
            });
          }
          if (donorId) {
            const remindAt = new Date(
              donationInstant(request).getTime() - env.DONATION_REMINDER_HOURS * HOUR_MS,
            );
            // Accepted only hours before: the donor knows, no reminder.
            if (remindAt.getTime() > now.getTime()) {
              await enqueue(
                db,
                {
                  kind: 'donation-reminder',
                  payload: { requestId, donorId },
                  runAt: remindAt,
                  dedupeKey: `donation-reminder:${requestId}:${donorId}`,
                },
                now,
              );
            }
          }
          return;
        }
        if (event === 'done') {
          await tell(request.requesterId, 'request-done');
          await tell(donorId, 'donation-done');
          if (donorId) {
            const donor = await db
              .selectFrom('user')
              .select('lastDonationDate')
              .where('id', '=', donorId)
              .executeTakeFirst();
            const at = donor ? toIso(donor.lastDonationDate) : null;
            if (at)
              await donationRecorded(db, { userId: donorId, at }, env.DONATION_INTERVAL_DAYS, now);
          }
          return;
        }
        await tell(request.requesterId, 'request-canceled');
        await tell(donorId, 'request-canceled');
      },
    },

    /**
     * Issue 14's lifecycle (notifyRequestEvents): the requester is told that their donor withdrew
     * (with the reason), that the request expired, or that they should confirm it; a removal by
     * staff is told to the requester and to the donor who had accepted.
     */
    'request-lifecycle': {
      transaction: 'plain',
      async run(payload, { db, now }) {
        const event = lifecyclePayload.parse(payload);
        const request = await requests.findById(db, event.requestId);
        if (!request) return;
        const data = aboutRequest(request);
        const tell = (
          userId: string | null,
          kind: Parameters<typeof notify>[2]['kind'],
          extra = {},
        ) =>
          userId
            ? notify(db, deps, {
                userId,
                kind,
                requestId: request.id,
                data: { ...data, ...extra },
                at: now,
              })
            : Promise.resolve(false);
        switch (event.type) {
          case 'withdrawn': {
            const donor = await db
              .selectFrom('user')
              .select('name')
              .where('id', '=', event.donorId)
              .executeTakeFirst();
            await tell(event.requesterId, 'request-withdrawn', {
              reason: event.reason,
              ...(donor ? { donorName: donor.name } : {}),
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
        }
      },
    },

    /** A few hours before the donation: the donor, if the request is still theirs and open. */
    'donation-reminder': {
      transaction: 'plain',
      async run(payload, { db, now }) {
        const { requestId, donorId } = reminderPayload.parse(payload);
        const request = await requests.findById(db, requestId);
        if (request?.status !== 'inprogress' || request.donorId !== donorId) return;
        await notify(db, deps, {
          userId: donorId,
          kind: 'donation-reminder',
          requestId,
          data: aboutRequest(request),
          at: now,
        });
      },
    },

    /** The day the donor may give again, unless a later donation has moved it. */
    'eligible-again': {
      transaction: 'plain',
      async run(payload, { db, now }) {
        const { userId, lastDonationDate } = eligiblePayload.parse(payload);
        const user = await db
          .selectFrom('user')
          .select('lastDonationDate')
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!user || toIso(user.lastDonationDate) !== toIso(lastDonationDate)) return;
        await notify(db, deps, {
          userId,
          kind: 'eligible-again',
          requestId: null,
          data: { eligibleOn: todayInDhaka(now) },
          at: now,
        });
      },
    },

    /** One email of the outbox. An alert's email is dropped once the request is no longer open. */
    email: {
      transaction: 'none',
      async run(payload, { db, jobId }) {
        const email = emailPayload.parse(payload);
        if (!mailer) return; // Email turned off since it was written: the in-app one stands.
        if (email.onlyWhilePending && email.requestId) {
          const request = await requests.findById(db, email.requestId);
          if (request?.status !== 'pending') return;
        }
        await mailer.send({ id: jobId, to: email.to, subject: email.subject, text: email.text });
      },
    },
  };
}
