import type { Kysely } from 'kysely';
import type { BloodComponent, Urgency } from '../../../common/constants.ts';
import { digitsIn, type Language } from '../../../common/languages.ts';
import { toBool } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/define-job.ts';
import type { AppDeps } from '../../lib/context.ts';
import { placeIn } from '../../lib/local-text.ts';
import { publicBaseUrl } from '../../lib/origins.ts';
import * as phones from './phone.repository.ts';
import { shortCodeOf } from './short-link.ts';
import { type SmsAlertPayload, smsAlertJob } from './sms.jobs.ts';
import {
  alertSmsText,
  donorAcceptedSmsText,
  type RequestSmsFields,
  reminderSmsText,
} from './sms-texts.ts';

/** What an SMS says of its request. */
export interface AlertRequest {
  id: string;
  bloodGroup: string;
  component: BloodComponent;
  bags: number;
  bagsPledged: number;
  urgency: Urgency;
  hospitalName: string;
  district: string;
  upazila: string | null;
  donationDate: string;
  donationTime: string;
}

/** A request due within this long of its alert is critical: it may go in the night. */
const CRITICAL_WITHIN_MS = 12 * 3_600_000;

/**
 * Whether an alert is critical by its time (issue 28): its donation is due within 12 hours. The
 * alert waves also pass `critical` for requests marked critical (decision 031).
 */
export function isCriticalRequest(request: AlertRequest, now: Date): boolean {
  const due = new Date(`${request.donationDate}T${request.donationTime}:00+06:00`).getTime();
  return due - now.getTime() <= CRITICAL_WITHIN_MS;
}

/** Marked critical (decision 031), or due within 12 hours. */
const critical = (request: AlertRequest, at: Date) =>
  request.urgency === 'critical' || isCriticalRequest(request, at);

/** "29/11 10:30", in the reader's digits: short, as SMS parts are dear. */
const smsWhen = (language: Language, request: AlertRequest) => {
  const [, month, day] = request.donationDate.split('-');
  return digitsIn(language, `${day}/${month} ${request.donationTime}`);
};

/** The request's fields for an SMS in `language`, with `bags` as the text counts them. */
function fieldsOf(
  env: AppDeps['env'],
  language: Language,
  request: AlertRequest,
  bags: number,
): RequestSmsFields {
  const code = shortCodeOf(request.id);
  return {
    bloodGroup: request.bloodGroup,
    component: request.component,
    bags,
    hospital: request.hospitalName,
    // In Bangla, the reference data's Bangla names (issue 30 item 17).
    place: [request.upazila, request.district]
      .filter((name): name is string => !!name)
      .map((name) => placeIn(language, name))
      .join(', '),
    when: smsWhen(language, request),
    link: `${publicBaseUrl(env)}${code ? `/r/${code}` : `/blood-donation-request/${request.id}`}`,
  };
}

type Purpose = SmsAlertPayload['purpose'];

/**
 * Writes an SMS of `purpose` to `userId` into the outbox, in the caller's transaction, when SMS
 * is on and the person has a verified number with SMS on (their one SMS choice: alerts,
 * reminders and "a donor accepted" alike); answers whether it did. `text` is written in their
 * language. The outbox's worker decides the rest when it is due (smsAlertJob: quiet hours, the
 * daily cap and budget, whether it still applies). In-app and email go as before, whatever
 * happens to the SMS.
 */
async function writeSms(
  db: Kysely<Database>,
  { sms }: Pick<AppDeps, 'sms'>,
  {
    userId,
    at,
    text,
    subject,
    ...rest
  }: {
    userId: string;
    at: Date;
    text: (language: Language) => string;
    subject: string;
    purpose: Purpose;
    requestId: string;
    critical: boolean;
    donorId?: string;
    pledgeId?: string;
  },
): Promise<boolean> {
  if (!sms) return false;
  const recipient = await phones.findAlertRecipient(db, userId);
  if (recipient?.status !== 'active' || !toBool(recipient.smsAlerts)) return false;
  await enqueue(
    db,
    smsAlertJob,
    {
      to: recipient.email,
      subject: subject.slice(0, 120),
      userId,
      text: text(recipient.language),
      ...rest,
    },
    { now: at },
  );
  return true;
}

/**
 * The one call the alert fan-out makes for SMS (issue 28): the alert of `request` to a donor,
 * with the bags still without a pledge ("B+ platelets, 2 bags, needed at …").
 */
export function smsAlert(
  db: Kysely<Database>,
  deps: Pick<AppDeps, 'env' | 'sms'>,
  {
    userId,
    request,
    at,
    critical: marked,
  }: { userId: string; request: AlertRequest; at: Date; critical?: boolean },
): Promise<boolean> {
  const open = Math.max(1, request.bags - request.bagsPledged);
  return writeSms(db, deps, {
    userId,
    at,
    purpose: 'alert',
    requestId: request.id,
    critical: marked ?? isCriticalRequest(request, at),
    subject: `SMS alert: ${request.bloodGroup} at ${request.hospitalName}`,
    text: (language) => alertSmsText(language, fieldsOf(deps.env, language, request, open)),
  });
}

/**
 * The donation reminder by SMS, to the donor whose pledge stands (issue 28). Like an alert it
 * waits through quiet hours unless the request is critical — and a reminder, hours before the
 * donation, always is by its time — and the donor chose night SMS; one held past the donation
 * is dropped (the in-app and email reminder went at its time).
 */
export function smsReminder(
  db: Kysely<Database>,
  deps: Pick<AppDeps, 'env' | 'sms'>,
  { userId, request, at }: { userId: string; request: AlertRequest; at: Date },
): Promise<boolean> {
  return writeSms(db, deps, {
    userId,
    at,
    purpose: 'reminder',
    requestId: request.id,
    critical: critical(request, at),
    subject: `SMS reminder: ${request.bloodGroup} at ${request.hospitalName}`,
    text: (language) => reminderSmsText(language, fieldsOf(deps.env, language, request, 1)),
  });
}

/**
 * "A donor accepted", to the requester, when a donor pledges a bag (issue 28). Not an alert to
 * a stranger but the answer the requester waits for; still, quiet hours apply: held until 07:00
 * unless the request is critical (marked so, or due within 12 hours), when it goes at any hour
 * whatever the requester's night choice — a family in an emergency wants to know at once. Held,
 * it is dropped if the pledge was withdrawn meanwhile.
 */
export function smsDonorAccepted(
  db: Kysely<Database>,
  deps: Pick<AppDeps, 'env' | 'sms'>,
  {
    userId,
    request,
    donorId,
    donorName,
    pledgeId,
    at,
  }: {
    userId: string;
    request: AlertRequest;
    donorId: string;
    donorName: string | null;
    pledgeId?: string;
    at: Date;
  },
): Promise<boolean> {
  return writeSms(db, deps, {
    userId,
    at,
    purpose: 'accepted',
    requestId: request.id,
    donorId,
    ...(pledgeId ? { pledgeId } : {}),
    critical: critical(request, at),
    subject: `SMS donor accepted: ${request.bloodGroup} at ${request.hospitalName}`,
    text: (language) =>
      donorAcceptedSmsText(language, {
        ...fieldsOf(deps.env, language, request, request.bags),
        donor: donorName,
        pledged: request.bagsPledged,
      }),
  });
}
