import { z } from 'zod';
import { BLOOD_COMPONENTS, BLOOD_GROUPS, PLEDGE_STATUSES, REQUEST_STATUSES } from './constants.ts';
import { notificationDataSchema } from './notification-response.schema.ts';

// Issue 31 item 4 (PDPO 2025, decision 041): GET /api/users/me/export, everything RedHope holds
// about the caller, as one JSON file. Only the caller's own data: other people appear by name
// only where the caller already sees that name in the app (a donor who pledged to their request,
// whoever saw their number), never with an email or a number. The server writes it piece by
// piece (server/features/privacy/data-export.ts); this states its shape for the OpenAPI
// document and the tests. Times are ISO-8601 UTC.

const time = z.string();
const maybeTime = time.nullable();

/** The account itself. */
const profileSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  role: z.enum(['donor', 'volunteer', 'admin']),
  status: z.enum(['active', 'block']),
  bloodGroup: z.enum(BLOOD_GROUPS),
  division: z.string(),
  district: z.string(),
  upazila: z.string().nullable(),
  lastDonationDate: maybeTime,
  lastDonationComponent: z.enum(BLOOD_COMPONENTS).nullable(),
  searchVisible: z.boolean(),
  pausedUntil: maybeTime,
  language: z.string(),
  twoFactorEnabled: z.boolean(),
  createdAt: time,
  updatedAt: time,
});

export const dataExportSchema = z
  .strictObject({
    format: z.literal('redhope-data-export/1'),
    exportedAt: time,
    /** What the file holds and what it leaves out, in words. */
    about: z.string(),
    profile: profileSchema,
    /** Their verified number and its SMS choices; null when they have none. */
    phone: z
      .strictObject({
        number: z.string(),
        verifiedAt: time,
        smsAlerts: z.boolean(),
        nightAlerts: z.boolean(),
      })
      .nullable(),
    /** Their choice of notifications; null: never changed (every one on). */
    notificationSettings: z
      .strictObject({
        matchAlerts: z.boolean(),
        donationReminders: z.boolean(),
        eligibilityNotices: z.boolean(),
        requestUpdates: z.boolean(),
        email: z.boolean(),
        updatedAt: time,
      })
      .nullable(),
    /** Each time they agreed to the privacy notice, and when they withdrew. */
    consents: z.array(
      z.strictObject({ noticeVersion: z.string(), givenAt: time, withdrawnAt: maybeTime }),
    ),
    /** Signed-in browsers and API tokens (never the token itself). */
    sessions: z.array(
      z.strictObject({
        kind: z.enum(['sign-in', 'token']),
        createdAt: time,
        expiresAt: time,
        ipAddress: z.string().nullable(),
        userAgent: z.string().nullable(),
      }),
    ),
    /** Photos they uploaded (`/api/images/<name>`). */
    uploads: z.array(z.strictObject({ name: z.string(), uploadedAt: time, claimedAt: maybeTime })),
    /** Requests they made, with the request's contact number they gave. */
    requests: z.array(
      z.strictObject({
        id: z.string(),
        requesterName: z.string(),
        requesterEmail: z.string().nullable(),
        recipientName: z.string(),
        bloodGroup: z.enum(BLOOD_GROUPS),
        component: z.enum(BLOOD_COMPONENTS),
        bags: z.number(),
        urgency: z.string(),
        division: z.string(),
        district: z.string(),
        upazila: z.string().nullable(),
        hospitalName: z.string(),
        fullAddress: z.string(),
        donationDate: z.string(),
        donationTime: z.string(),
        requestMessage: z.string(),
        status: z.enum(REQUEST_STATUSES),
        contactNumber: z.string().nullable(),
        verifiedAt: maybeTime,
        removedAt: maybeTime,
        removedReason: z.string().nullable(),
        createdAt: time,
        updatedAt: time,
      }),
    ),
    /** Donors' pledges to their requests: the donor's name as the request page shows it. */
    pledgesToMyRequests: z.array(
      z.strictObject({
        requestId: z.string(),
        donorName: z.string(),
        status: z.enum(PLEDGE_STATUSES),
        pledgedAt: time,
        settledAt: maybeTime,
      }),
    ),
    /** Their own pledges to requests, with the request's public details. */
    pledges: z.array(
      z.strictObject({
        id: z.string(),
        requestId: z.string(),
        status: z.enum(PLEDGE_STATUSES),
        pledgedAt: time,
        settledAt: maybeTime,
        bloodGroup: z.enum(BLOOD_GROUPS),
        hospitalName: z.string(),
        district: z.string(),
        donationDate: z.string(),
      }),
    ),
    /** Their completed donations (the donation history). */
    donations: z.array(
      z.strictObject({
        id: z.string(),
        requestId: z.string().nullable(),
        bloodGroup: z.enum(BLOOD_GROUPS),
        donationDate: z.string(),
        donationTime: z.string(),
        hospitalName: z.string(),
        district: z.string(),
        division: z.string(),
        createdAt: time,
      }),
    ),
    /** Pledges they withdrew, with the reason they gave. */
    withdrawals: z.array(
      z.strictObject({
        requestId: z.string().nullable(),
        recipientName: z.string(),
        bloodGroup: z.enum(BLOOD_GROUPS),
        donationDate: z.string(),
        reason: z.string(),
        createdAt: time,
      }),
    ),
    /** Requests they were alerted about, and in which wave. */
    alerts: z.array(z.strictObject({ requestId: z.string(), wave: z.number(), createdAt: time })),
    notifications: z.array(
      z.strictObject({
        id: z.string(),
        kind: z.string(),
        requestId: z.string().nullable(),
        data: notificationDataSchema,
        readAt: maybeTime,
        createdAt: time,
      }),
    ),
    /** Reports they filed about requests. */
    reports: z.array(
      z.strictObject({
        id: z.string(),
        requestId: z.string(),
        reason: z.string(),
        note: z.string().nullable(),
        status: z.string(),
        createdAt: time,
        handledAt: maybeTime,
      }),
    ),
    /** Messages sent through the contact form from their address. */
    contactMessages: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        message: z.string(),
        status: z.string(),
        createdAt: time,
        handledAt: maybeTime,
      }),
    ),
    /** Text messages sent to them (never the number or the words: what for, and whether delivered). */
    smsMessages: z.array(
      z.strictObject({
        id: z.string(),
        purpose: z.string(),
        day: z.string(),
        segments: z.number(),
        status: z.string(),
        createdAt: time,
      }),
    ),
    /**
     * The audit log's entries about them: staff actions on their account, and each time someone
     * was shown their number (`phone.reveal`, `phone.staffView`), with who (name and role).
     */
    auditEntries: z.array(
      z.strictObject({
        id: z.string(),
        at: time,
        action: z.string(),
        actorName: z.string(),
        actorRole: z.string(),
        targetType: z.string(),
        targetId: z.string(),
        targetLabel: z.string(),
        detail: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;

/** The parts of the file that are lists, in the order they are written. */
export type DataExportList = {
  [K in keyof DataExport]: DataExport[K] extends unknown[] ? K : never;
}[keyof DataExport];
