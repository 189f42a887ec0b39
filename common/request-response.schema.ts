import { z } from 'zod';
import {
  BLOOD_COMPONENTS,
  BLOOD_GROUPS,
  PLEDGE_STATUSES,
  REQUEST_STATUSES,
  URGENCIES,
} from './constants.ts';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

/**
 * One donor's pledge of one bag (issue 27). `donorEmail` is null once the donor's account is
 * deleted (`donorDeleted`; the name stays).
 */
export const pledgeResponseSchema = z
  .strictObject({
    id: z.string(),
    donorName: z.string(),
    donorEmail: z.string().meta({ format: 'email' }).nullable(),
    donorDeleted: z.boolean(),
    status: z.enum(PLEDGE_STATUSES),
    pledgedAt: z.iso.datetime(),
    /** When it was marked donated or did-not-come, or withdrawn; null while pledged. */
    settledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Pledge' });
export type PledgeResponse = z.infer<typeof pledgeResponseSchema>;

/**
 * A donation request as the API answers it: the form's fields plus what the server adds.
 * `requesterEmail` is null for visitors on the public pending list, and once the requester's
 * account is deleted (`requesterDeleted`; the name stays). Likewise `donorEmail` and
 * `donorDeleted` for a donor whose account is deleted.
 */
export const donationRequestResponseSchema = z
  .strictObject({
    id: z.string(),
    /** The same as `id`, for clients written against the original API. */
    _id: z.string(),
    requesterName: z.string(),
    requesterEmail: z.string().meta({ format: 'email' }).nullable(),
    requesterDeleted: z.boolean(),
    recipientName: z.string(),
    bloodGroup: z.enum(BLOOD_GROUPS),
    division: z.string(),
    district: z.string(),
    upazila: z.string().nullable(),
    hospitalName: z.string(),
    fullAddress: z.string(),
    /** YYYY-MM-DD, a date in Dhaka. */
    donationDate: z.string().meta({ format: 'date' }),
    /** HH:MM. */
    donationTime: z.string(),
    requestMessage: z.string(),
    status: z.enum(REQUEST_STATUSES),
    donorName: z.string().nullable(),
    donorEmail: z.string().meta({ format: 'email' }).nullable(),
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
    // Issue 27 (decision 030). `donorName`/`donorEmail` above show the earliest standing pledge.
    /** Bags (donors) asked for, 1 to 10. */
    bags: z.number().int(),
    component: z.enum(BLOOD_COMPONENTS),
    urgency: z.enum(URGENCIES),
    /** Standing pledges (pledged or donated): "2 of 4 donors found". */
    bagsPledged: z.number().int(),
    bagsDonated: z.number().int(),
    /**
     * Every pledge, earliest first, for the requester and staff; a donor sees their own only;
     * anyone else gets none (the counts are public).
     */
    pledges: z.array(pledgeResponseSchema),
  })
  .meta({ id: 'DonationRequest' });
export type DonationRequestResponse = z.infer<typeof donationRequestResponseSchema>;
