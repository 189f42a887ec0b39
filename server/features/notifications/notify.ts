import type { Kysely } from 'kysely';
import type { NotificationSettings } from '../../../common/notification.schema.ts';
import type {
  NotificationData,
  NotificationKind,
} from '../../../common/notification-response.schema.ts';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/jobs.repository.ts';
import type { Env } from '../../lib/env.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { emailFor } from './messages.ts';
import * as notifications from './notifications.repository.ts';

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
};

export interface NotifyDeps {
  env: Env;
  mailer: Mailer | null;
}

/** The site's address for links in emails. */
export const publicUrl = (env: Env) => env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

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
  const person = await db
    .selectFrom('user')
    .select(['id', 'email', 'status', 'language'])
    .where('id', '=', message.userId)
    .executeTakeFirst();
  if (person?.status !== 'active') return false;
  const settings = await notifications.findSettings(db, person.id);
  if (!settings[SETTING_OF[message.kind]]) return false;
  await notifications.insert(db, message);
  if (mailer && settings.email) {
    const site = publicUrl(env);
    const email = emailFor(
      message.kind,
      message.data,
      {
        request: message.requestId ? `${site}/blood-donation-request/${message.requestId}` : null,
        settings: `${site}/dashboard/notifications`,
      },
      person.language,
    );
    await enqueue(
      db,
      {
        kind: 'email',
        payload: {
          to: person.email,
          ...email,
          requestId: message.requestId,
          // An alert's email is not sent once someone has accepted the request.
          onlyWhilePending: message.kind === 'match-alert',
        },
        runAt: message.at,
      },
      message.at,
    );
  }
  return true;
}
