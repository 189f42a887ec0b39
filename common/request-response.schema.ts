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
});
export type DonationRequestResponse = z.infer<typeof donationRequestResponseSchema>;
