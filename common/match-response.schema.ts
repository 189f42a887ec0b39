import { z } from 'zod';
import { BLOOD_GROUPS } from './constants.ts';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

/** How near a matched donor lives to the request's place: the nearest tier they share. */
export const MATCH_DISTANCES = ['upazila', 'district', 'division', 'country'] as const;
export type MatchDistance = (typeof MATCH_DISTANCES)[number];

/**
 * One donor who could give to a request (GET /api/donation-request/:id/matches): active, visible,
 * eligible, available, and of a blood group that can go to the recipient.
 */
export const matchResponseSchema = z.strictObject({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  /** Null past the caller's daily budget of donor emails (issue 25); staff see every one. */
  email: z.string().meta({ format: 'email' }).nullable(),
  image: z.string().nullable(),
  bloodGroup: z.enum(BLOOD_GROUPS),
  division: z.string(),
  district: z.string(),
  upazila: z.string().nullable(),
  distance: z.enum(MATCH_DISTANCES),
  /** The recipient's own group (listed first at the same distance). */
  exactGroup: z.boolean(),
});
export type MatchResponse = z.infer<typeof matchResponseSchema>;

/**
 * GET /api/donation-request/:id/matches/count: compatible donors in the request's district
 * (`nearby`) and anywhere (`anywhere`, by the very rule and cap of the matches list, so the
 * list's total and this count never disagree: issue 30 item 7).
 */
export const matchCountResponseSchema = z.strictObject({
  /** Counted up to NEARBY_COUNT_CAP; `capped` says there are at least that many. */
  nearby: z.number().int(),
  capped: z.boolean(),
  /** Counted up to MATCH_LIST_CAP; `anywhereCapped` says there are at least that many. */
  anywhere: z.number().int(),
  anywhereCapped: z.boolean(),
});
export type MatchCountResponse = z.infer<typeof matchCountResponseSchema>;
