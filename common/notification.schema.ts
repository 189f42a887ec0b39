import { z } from 'zod';

/** What a person chooses to be told (each kind in the app, and by email when it is on). */
export const NOTIFICATION_SETTING_KEYS = [
  'matchAlerts',
  'donationReminders',
  'eligibilityNotices',
  'requestUpdates',
  'email',
] as const;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** PUT /api/notifications/settings: every choice, each true or false. */
export const notificationSettingsSchema = z.strictObject(
  {
    /** Alerts about new requests one's blood can go to (the waves). */
    matchAlerts: flag('Request alerts'),
    /** A reminder a few hours before a donation one accepted. */
    donationReminders: flag('Donation reminders'),
    /** The day one may donate again. */
    eligibilityNotices: flag('Eligibility notices'),
    /** One's own requests: accepted, done, canceled; a donation marked done. */
    requestUpdates: flag('Request updates'),
    /** The same by email too (when the site sends email). */
    email: flag('Email'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `These are not notification settings: ${issue.keys.join(', ')}.`
        : undefined,
  },
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
