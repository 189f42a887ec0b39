import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { isQuietHour, quietHoursEnd } from '../../../common/quiet-hours.rules.ts';
import { smsSize } from '../../../common/sms-segments.rules.ts';
import { serializedTransaction, toBool } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob, enqueue } from '../../jobs/define-job.ts';
import type { AppDeps } from '../../lib/context.ts';
import { donationInstant, stillWanted } from '../notifications/about-request.ts';
import * as pledges from '../requests/pledges.repository.ts';
import * as requests from '../requests/requests.repository.ts';
import * as phones from './phone.repository.ts';
import * as ledger from './sms.repository.ts';
import { codeSmsText } from './sms-texts.ts';

/** A one-time code works this long after its SMS was made; its job is retried as long. */
export const CODE_LIFE_MS = 10 * 60_000;
/** An alert SMS is retried through a gateway outage this long, then failed (admins resend). */
export const ALERT_SMS_RETRY_MS = 6 * 3_600_000;

/** The SHA-256 of a code, as stored: the code itself is only in the SMS. */
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Sends an SMS the outbox let through: recorded first (a retry of the same job is not recorded
 * or counted again), then handed to the gateway, then marked sent with the gateway's id, which
 * a delivery receipt names later.
 */
async function sendRecorded(
  { db, sms }: { db: Kysely<Database>; sms: NonNullable<AppDeps['sms']> },
  message: { id: string; to: string; text: string },
  now: Date,
) {
  const { gatewayId } = await sms.send(message);
  await ledger.markSent(db, message.id, gatewayId, now);
}

const codePayload = z.object({ userId: z.string(), verificationId: z.string() });

/**
 * The one-time code of a phone verification (issue 28). The worker makes the code when it sends
 * it and stores only its hash, so no table — the outbox included — holds a code. A retry makes a
 * new one (the earlier SMS, if it arrived, no longer works). Codes go at any hour and are never
 * refused by the budget (they are limited per number and address instead), but they count in it.
 */
export const phoneCodeJob = defineJob({
  kind: 'phone-code',
  payload: codePayload,
  transaction: 'none',
  retryForMs: () => CODE_LIFE_MS,
  async handle({ userId, verificationId }, { db, jobId, now, deps }) {
    const { sms, env, logger } = deps;
    if (!sms) return; // SMS turned off since it was asked for.
    const pending = await phones.findVerificationToSend(db, userId, verificationId);
    if (pending?.status !== 'active') return; // Replaced by a newer code, or the account is gone.
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const stored = await phones.setCode(db, {
      userId,
      id: verificationId,
      codeHash: hashCode(code),
      expiresAt: new Date(now.getTime() + CODE_LIFE_MS),
    });
    if (!stored) return;
    const text = codeSmsText(pending.language, code);
    if (!(await ledger.findMessage(db, jobId))) {
      const day = todayInDhaka(now);
      const { segments } = smsSize(text);
      await ledger.takeFromBudget(db, {
        day,
        segments,
        budget: env.SMS_DAILY_BUDGET,
        enforce: false,
      });
      await ledger.insertMessage(db, { id: jobId, userId, purpose: 'code', day, segments }, now);
    }
    await sendRecorded({ db, sms }, { id: jobId, to: pending.phone, text }, now);
    logger.info({ jobId, userId }, 'phone code sent by SMS');
  },
});

/**
 * An SMS about a request: an alert, a donation reminder or "a donor accepted" (`purpose`). `to`
 * and `subject` are the account's email and a line about it, for the failed messages admins see
 * (never the number: it is read from the account when the SMS is sent).
 */
export const smsAlertPayloadSchema = z.object({
  to: z.string(),
  subject: z.string(),
  userId: z.string(),
  text: z.string(),
  requestId: z.string().nullable(),
  /** What it is for; rows written before reminders and acceptances went by SMS are alerts. */
  purpose: z.enum(['alert', 'reminder', 'accepted']).default('alert'),
  /** "A donor accepted": the donor whose pledge it tells of, and that pledge. */
  donorId: z.string().optional(),
  pledgeId: z.string().optional(),
  /** May go in quiet hours (to whom: smsAlertJob). */
  critical: z.boolean(),
  /** Set on the copy held through quiet hours: the job it was held from (its dedupe key). */
  heldFrom: z.string().optional(),
});

export type SmsAlertPayload = z.infer<typeof smsAlertPayloadSchema>;

type Verdict = 'send' | 'capped' | 'budget';

/** One SMS per person and request for each purpose (one per pledge for "a donor accepted"). */
function dedupeKeyOf(payload: SmsAlertPayload) {
  if (payload.heldFrom) return `sms-held:${payload.heldFrom}`;
  const request = payload.requestId ?? randomUUID();
  switch (payload.purpose) {
    case 'alert':
      return `sms:${payload.userId}:${request}`;
    case 'reminder':
      return `sms-reminder:${request}:${payload.userId}`;
    case 'accepted':
      return `sms-accepted:${request}:${payload.pledgeId ?? payload.donorId ?? randomUUID()}`;
  }
}

/**
 * Whether the SMS still applies when it is due (after a night held, it may not): an alert while
 * its request is alertable (isAlertable); a reminder while the donor's pledge stands, the request
 * is in progress and still wanted, and the donation is not past; "a donor accepted" while that
 * donor's pledge stands and the request is neither removed nor hidden.
 */
async function stillApplies(db: Kysely<Database>, payload: SmsAlertPayload, now: Date) {
  const { requestId } = payload;
  if (!requestId) return true;
  if (payload.purpose === 'alert') return requests.isAlertable(db, requestId, todayInDhaka(now));
  const request = await requests.findById(db, requestId);
  if (!request || request.removedAt !== null || request.reportHiddenAt !== null) return false;
  const donorId = payload.purpose === 'reminder' ? payload.userId : payload.donorId;
  if (!donorId) return false;
  const pledge = await pledges.findStanding(db, requestId, donorId);
  if (pledge?.status !== 'pledged') return false;
  if (payload.purpose === 'accepted') return true;
  return (
    request.status === 'inprogress' &&
    stillWanted(request, now) &&
    donationInstant(request).getTime() > now.getTime()
  );
}

/**
 * May it go now, in quiet hours (22:00–07:00 Dhaka)? Alerts and reminders: only critical ones to
 * a person who chose night SMS. "A donor accepted" tells a requester of their own request: any
 * critical one, whatever their night choice (sms-alert.ts, smsDonorAccepted).
 */
const goesAtNight = (payload: SmsAlertPayload, nightAlerts: boolean) =>
  payload.critical && (payload.purpose === 'accepted' || nightAlerts);

/**
 * An SMS about a request (issue 28) — an alert, a reminder or "a donor accepted" — sent by the
 * worker when it is due:
 * - only to an active account that still has a verified number and SMS on, and only while it
 *   still applies (stillApplies), else dropped;
 * - in quiet hours (22:00–07:00 Dhaka) held until 07:00 — a copy due then, checked again then —
 *   unless it may go at night (goesAtNight);
 * - within the person's daily cap for its purpose (SMS_PER_DONOR_PER_DAY alerts, as many
 *   reminders, as many "a donor accepted": alerts never crowd out the reminder of a pledge) and
 *   the day's budget (serialized on every server, so neither is overspent): past either it is
 *   dropped, the in-app notice and the email, as the person chose them, having gone already; the
 *   budget's first refusal of the day is logged as a warning and admins see the day reached.
 */
export const smsAlertJob = defineJob({
  kind: 'sms',
  payload: smsAlertPayloadSchema,
  dedupeKey: dedupeKeyOf,
  transaction: 'none',
  retryForMs: () => ALERT_SMS_RETRY_MS,
  async handle(payload, { db, jobId, now, deps }) {
    const { sms, env, logger } = deps;
    const { purpose } = payload;
    const log = { jobId, userId: payload.userId, requestId: payload.requestId, purpose };
    if (!sms) return;
    const recipient = await phones.findAlertRecipient(db, payload.userId);
    if (recipient?.status !== 'active' || !toBool(recipient.smsAlerts)) {
      logger.info(log, 'SMS dropped: no verified number with SMS on');
      return;
    }
    const day = todayInDhaka(now);
    const already = await ledger.findMessage(db, jobId);
    if (!(await stillApplies(db, payload, now))) {
      logger.info(log, 'SMS dropped: no longer applies');
      return;
    }
    if (!already && isQuietHour(now) && !goesAtNight(payload, toBool(recipient.nightAlerts))) {
      const runAt = quietHoursEnd(now);
      await enqueue(db, smsAlertJob, { ...payload, heldFrom: jobId }, { runAt, now });
      logger.info({ ...log, runAt }, 'SMS held through quiet hours');
      return;
    }
    const { segments } = smsSize(payload.text);
    const verdict: Verdict = already
      ? 'send'
      : await serializedTransaction(db, 'sms', async (trx) => {
          const sent = await ledger.countOfDay(trx, payload.userId, day, purpose);
          if (sent >= env.SMS_PER_DONOR_PER_DAY) return 'capped';
          const budget = env.SMS_DAILY_BUDGET;
          if (!(await ledger.takeFromBudget(trx, { day, segments, budget, enforce: true }))) {
            const { firstRefusal } = await ledger.recordRefusal(trx, day, budget, now);
            if (firstRefusal) {
              logger.warn(
                { day, budget },
                'daily SMS budget reached: alerts go in-app and by email only',
              );
            }
            return 'budget';
          }
          await ledger.insertMessage(
            trx,
            { id: jobId, userId: payload.userId, purpose, day, segments },
            now,
          );
          return 'send';
        });
    if (verdict !== 'send') {
      logger.info({ ...log, reason: verdict }, 'SMS not sent');
      return;
    }
    await sendRecorded({ db, sms }, { id: jobId, to: recipient.phone, text: payload.text }, now);
  },
});
