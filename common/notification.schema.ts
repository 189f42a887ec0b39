import { z } from 'zod';
import { msg } from './message-key.ts';

/** What a person chooses to be told (each kind in the app, and by email when it is on). */
export const NOTIFICATION_SETTING_KEYS = [
  'matchAlerts',
  'donationReminders',
  'eligibilityNotices',
  'requestUpdates',
  'email',
] as const;

const flag = (message: string) => z.boolean({ error: message });

/** PUT /api/notifications/settings: every choice, each true or false. */
export const notificationSettingsSchema = z.strictObject(
  {
    /** Alerts about new requests one's blood can go to (the waves). */
    matchAlerts: flag(msg('validation.notificationSettings.matchAlerts')),
    /** A reminder a few hours before a donation one accepted. */
    donationReminders: flag(msg('validation.notificationSettings.donationReminders')),
    /** The day one may donate again. */
    eligibilityNotices: flag(msg('validation.notificationSettings.eligibilityNotices')),
    /** One's own requests: accepted, done, canceled; a donation marked done. */
    requestUpdates: flag(msg('validation.notificationSettings.requestUpdates')),
    /** The same by email too (when the site sends email). */
    email: flag(msg('validation.notificationSettings.email')),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? msg('validation.notificationSettings.unknown', { keys: issue.keys.join(', ') })
        : undefined,
  },
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
