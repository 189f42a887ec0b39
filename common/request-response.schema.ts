import { z } from 'zod';
import { BLOOD_GROUPS, REQUEST_STATUSES } from './constants.ts';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

/**
 * A donation request as the API answers it: the form's fields plus what the server adds.
 * `requesterEmail` is null for visitors on the public pending list, and once the requester's
 * account is deleted (`requesterDeleted`; the name stays). Likewise `donorEmail` and
 * `donorDeleted` for a donor whose account is deleted.
 */
export const donationRequestResponseSchema = z.strictObject({
  id: z.string(),
  /** The same as `id`, for clients written against the original API. */
  _id: z.string(),
  requesterName: z.string(),
  requesterEmail: z.string().nullable(),
  requesterDeleted: z.boolean(),
  recipientName: z.string(),
  bloodGroup: z.enum(BLOOD_GROUPS),
  division: z.string(),
  district: z.string(),
  upazila: z.string().nullable(),
  hospitalName: z.string(),
  fullAddress: z.string(),
  /** YYYY-MM-DD, a date in Dhaka. */
  donationDate: z.string(),
  /** HH:MM. */
  donationTime: z.string(),
  requestMessage: z.string(),
  status: z.enum(REQUEST_STATUSES),
  donorName: z.string().nullable(),
  donorEmail: z.string().nullable(),
  donorDeleted: z.boolean(),
  createdAt: z.iso.datetime(),
  // Trust and lifecycle (issue 14). `status` is the status people see: a pending request whose
  // date has passed reads `expired` even before the sweep stores it.
  /** When staff checked it; null when not verified. */
  verifiedAt: z.iso.datetime().nullable(),
  /** Who checked it (null for visitors, and when not verified). */
  verifiedBy: z.string().nullable(),
  /** Staff removed it (after reports); it is then canceled. */
  removed: z.boolean(),
  /** In progress, date passed: the requester is asked to mark it done or cancel it. */
  confirmationDue: z.boolean(),
});
export type DonationRequestResponse = z.infer<typeof donationRequestResponseSchema>;
