import type { Kysely } from 'kysely';
import type { NotificationSettings } from '../../../common/notification.schema.ts';
import type {
  NotificationData,
  NotificationKind,
} from '../../../common/notification-response.schema.ts';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/define-job.ts';
import type { Env } from '../../lib/env.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { publicBaseUrl } from '../../lib/origins.ts';
import { recordAlertSent } from '../outcomes/timeline.repository.ts';
import { emailFor } from './messages.ts';
import * as notifications from './notifications.repository.ts';
import { emailJob } from './outbox.jobs.ts';

/** Which choice (notification settings) lets each kind through. */
const SETTING_OF: Record<NotificationKind, keyof NotificationSettings> = {
  'match-alert': 'matchAlerts',
  'donation-reminder': 'donationReminders',
  'eligible-again': 'eligibilityNotices',
  'request-accepted': 'requestUpdates',
  'request-done': 'requestUpdates',
  'request-canceled': 'requestUpdates',
  'donation-done': 'requestUpdates',
  'request-withdrawn': 'requestUpdates',
  'request-expired': 'requestUpdates',
  'request-confirm-due': 'requestUpdates',
  'request-removed': 'requestUpdates',
  'request-under-review': 'requestUpdates',
  'report-review': 'requestUpdates',
};

export interface NotifyDeps {
  env: Env;
  mailer: Mailer | null;
}

/**
 * A link to one of RedHope's own pages for an email: PUBLIC_URL (without a trailing slash, so a
 * path prefix stays) and `path`. The only links emails carry (issue 25): a person's text never
 * becomes one.
 */
export const siteLink = (env: Env, path: `/${string}`) => `${publicBaseUrl(env)}${path}`;

/**
 * Tells a person something, as they chose: an in-app notification always (when the kind is on
 * for them), and an email too when they want email and the site sends it. The email is a row of
 * the outbox (a job), written in the same transaction, sent by a worker later: sending never
 * delays or fails what caused it. Blocked or deleted people are not told. Answers whether the
 * person was told.
 */
export async function notify(
  db: Kysely<Database>,
  { env, mailer }: NotifyDeps,
  message: {
    userId: string;
    kind: NotificationKind;
    requestId: string | null;
    data: NotificationData;
    at: Date;
  },
): Promise<boolean> {
  const person = await notifications.findRecipient(db, message.userId);
  if (person?.status !== 'active') return false;
  const { settings } = person;
  if (!settings[SETTING_OF[message.kind]]) return false;
  await notifications.insert(db, message);
  const emailed = Boolean(mailer && settings.email);
  if (emailed) {
    const email = emailFor(
      message.kind,
      message.data,
      {
        request: message.requestId
          ? siteLink(env, `/blood-donation-request/${encodeURIComponent(message.requestId)}`)
          : null,
        settings: siteLink(env, '/dashboard/notifications'),
      },
      person.language,
    );
    await enqueue(
      db,
      emailJob,
      {
        to: person.email,
        ...email,
        requestId: message.requestId,
        // An alert's email is dropped if, when it is sent, its request is no longer alertable
        // (taken, removed, hidden or past: isAlertable).
        onlyWhilePending: message.kind === 'match-alert',
      },
      { now: message.at },
    );
  }
  // Issue 29: an alert sent, by its channels, on its request's timeline (and its wave's, once).
  if (message.kind === 'match-alert' && message.requestId) {
    const channels = emailed ? (['in_app', 'email'] as const) : (['in_app'] as const);
    await recordAlertSent(db, {
      requestId: message.requestId,
      at: message.at,
      channels: [...channels],
    });
  }
  return true;
}
