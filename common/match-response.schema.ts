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
  email: z.string(),
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

/** GET /api/donation-request/:id/matches/count: compatible donors in the request's district. */
export const matchCountResponseSchema = z.strictObject({
  /** Counted up to `cap`; `capped` says there are at least that many. */
  nearby: z.number().int(),
  capped: z.boolean(),
});
export type MatchCountResponse = z.infer<typeof matchCountResponseSchema>;
