import { z } from 'zod';
import { PLEDGE_STATUSES } from './constants.ts';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

/** A donor's side of a pledge, with their verified number (null: they have none). */
export const handoffDonorSchema = z.strictObject({
  pledgeId: z.string(),
  donorName: z.string(),
  status: z.enum(PLEDGE_STATUSES),
  /** +8801XXXXXXXXX, or null when the donor has no verified number. */
  number: z.string().nullable(),
});

/**
 * The numbers of a request's hand-off (issue 28, decision 036), answered only to its two sides
 * (and to staff through their audited view); every number in it was revealed in the audit log.
 */
export const requestContactsResponseSchema = z.strictObject({
  requestId: z.string(),
  /**
   * The number the pledged donors call: the request's contact number once verified, else the
   * requester's own verified number; null when there is neither.
   */
  contact: z.string().nullable(),
  /** The requester only: a contact number set but not yet confirmed with its SMS code. */
  unverifiedContact: z.string().nullable(),
  /** The requester (and staff): the donors of the standing pledges; a donor: none. */
  donors: z.array(handoffDonorSchema),
});
export type RequestContactsResponse = z.infer<typeof requestContactsResponseSchema>;

/** The requester's contact number and its verification, after asking for or confirming a code. */
export const contactStateResponseSchema = z.strictObject({
  number: z.string().nullable(),
  verified: z.boolean(),
  /** A code was sent to it and waits to be confirmed. */
  codePending: z.boolean(),
});
export type ContactStateResponse = z.infer<typeof contactStateResponseSchema>;
