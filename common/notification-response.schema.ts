import { z } from 'zod';
import { BLOOD_GROUPS, REQUEST_STATUSES } from './constants.ts';
import { notificationSettingsSchema } from './notification.schema.ts';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

export const NOTIFICATION_KINDS = [
  'match-alert',
  'request-accepted',
  'request-done',
  'request-canceled',
  'donation-done',
  'donation-reminder',
  'eligible-again',
  // Issue 14: the rest of a request's life.
  'request-withdrawn',
  'request-expired',
  'request-confirm-due',
  'request-removed',
  // Issue 25: reports hid a request (its requester), or weigh enough for staff to review it.
  'request-under-review',
  'report-review',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification is about, as it was when it was made. */
export const notificationDataSchema = z.strictObject({
  bloodGroup: z.enum(BLOOD_GROUPS).optional(),
  recipientName: z.string().optional(),
  hospitalName: z.string().optional(),
  district: z.string().optional(),
  donationDate: z.string().optional(),
  donationTime: z.string().optional(),
  donorName: z.string().optional(),
  /** eligible-again: the day (YYYY-MM-DD) the donor may give again. */
  eligibleOn: z.string().optional(),
  /** request-withdrawn, request-removed: the reason given. */
  reason: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationResponseSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Null when the notification is about no request, or the request has been deleted. */
  requestId: z.string().nullable(),
  /** The request's status now (an alert whose request was accepted says it is taken). */
  requestStatus: z.enum(REQUEST_STATUSES).nullable(),
  data: notificationDataSchema,
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type NotificationResponse = z.infer<typeof notificationResponseSchema>;

export const unreadCountResponseSchema = z.strictObject({
  /** Counted up to 100; more shows as 99+. */
  count: z.number().int(),
});

/** The person's choices, and whether the site sends email at all (SMTP configured). */
export const notificationSettingsResponseSchema = notificationSettingsSchema.extend({
  emailAvailable: z.boolean(),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponseSchema>;
