import { z } from 'zod';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { toIso } from '../../db/dialect.ts';
import { defineJob } from '../../jobs/define-job.ts';
import * as pledges from '../requests/pledges.repository.ts';
import * as requests from '../requests/requests.repository.ts';
import { smsReminder } from '../sms/sms-alert.ts';
import { aboutRequest, stillWanted } from './about-request.ts';
import * as notifications from './notifications.repository.ts';
import { notify } from './notify.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A few hours before the donation: the donor, if the request is still theirs and open, and
 * neither removed nor hidden by reports (issue 25). One per request and donor.
 */
export const donationReminderJob = defineJob({
  kind: 'donation-reminder',
  payload: z.object({ requestId: z.string(), donorId: z.string() }),
  dedupeKey: ({ requestId, donorId }) => `donation-reminder:${requestId}:${donorId}`,
  transaction: 'plain',
  async handle({ requestId, donorId }, { db, now, deps }) {
    const request = await requests.findById(db, requestId);
    if (request?.status !== 'inprogress') return;
    // Issue 27: any donor whose pledge still stands, not only the one the request shows.
    const pledge = await pledges.findStanding(db, requestId, donorId);
    if (pledge?.status !== 'pledged') return;
    if (!stillWanted(request, now)) return;
    const told = await notify(db, deps, {
      userId: donorId,
      kind: 'donation-reminder',
      requestId,
      data: aboutRequest(request),
      at: now,
    });
    // Issue 28: and by SMS, to a donor who wants reminders and has SMS on.
    if (told) await smsReminder(db, deps, { userId: donorId, request, at: now });
  },
});

/**
 * The day the donor may give again, unless a later donation has moved it. One per donation;
 * enqueued due when the rest after it ends: by what was given (decision 031; eligibleAgainAt).
 */
export const eligibleAgainJob = defineJob({
  kind: 'eligible-again',
  payload: z.object({ userId: z.string(), lastDonationDate: z.string() }),
  dedupeKey: ({ userId, lastDonationDate }) => `eligible-again:${userId}:${lastDonationDate}`,
  transaction: 'plain',
  async handle({ userId, lastDonationDate }, { db, now, deps }) {
    const last = await notifications.findLastDonationDate(db, userId);
    if (last === null || last !== toIso(lastDonationDate)) return;
    await notify(db, deps, {
      userId,
      kind: 'eligible-again',
      requestId: null,
      data: { eligibleOn: todayInDhaka(now) },
      at: now,
    });
  },
});

/** When a donor who gave at `at` (ISO) may give again. */
export const eligibleAgainAt = (at: string, intervalDays: number) =>
  new Date(new Date(at).getTime() + intervalDays * DAY_MS);
