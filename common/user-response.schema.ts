import { z } from 'zod';
import { BLOOD_GROUPS, ROLES, USER_STATUSES } from './constants.ts';
import { LANGUAGES } from './languages.ts';
import { phoneResponseSchema } from './phone-response.schema.ts';
import { consentStateSchema } from './privacy.ts';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

/** A user as the API answers it (GET /api/users/me, /api/users, /api/users/:email). */
export const userResponseSchema = z
  .strictObject({
    id: z.string(),
    /** The same as `id`, for clients written against the original API. */
    _id: z.string(),
    name: z.string(),
    email: z.string().meta({ format: 'email' }),
    image: z.string().nullable(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    bloodGroup: z.enum(BLOOD_GROUPS),
    division: z.string(),
    district: z.string(),
    upazila: z.string().nullable(),
    lastDonationDate: z.iso.datetime().nullable(),
    eligible: z.boolean(),
    eligibleAgainOn: z.iso.datetime().nullable(),
    /** The donor's own pause (availability.rules.ts): not available, and until which day. */
    available: z.boolean(),
    /** YYYY-MM-DD; null when available, or when paused until they turn it back on. */
    availableAgainOn: z.iso.date().nullable(),
    searchVisible: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /api/users/me: the profile, and the language they chose (issue 16; English until then). */
export const meResponseSchema = userResponseSchema
  .extend({
    language: z.enum(LANGUAGES),
    /** Issue 28: their own number and SMS choices; the one answer that carries a number. */
    phone: phoneResponseSchema,
    /** Issue 31: where they stand with the privacy notice. */
    consent: consentStateSchema,
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * A donor search card (GET /api/users/donor); `email` is null for visitors (donor privacy), and
 * for a signed-in caller past their daily budget of donor emails (issue 25).
 */
export const donorResponseSchema = z
  .strictObject({
    id: z.string(),
    _id: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    bloodGroup: z.enum(BLOOD_GROUPS),
    division: z.string(),
    district: z.string(),
    upazila: z.string().nullable(),
    eligible: z.boolean(),
    available: z.boolean(),
    availableAgainOn: z.iso.date().nullable(),
    email: z.string().meta({ format: 'email' }).nullable(),
  })
  .meta({ id: 'Donor' });
export type DonorResponse = z.infer<typeof donorResponseSchema>;

/** Who is signed in, as the server knows them on every request and the session answer gives it. */
export const sessionUserSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string().meta({ format: 'email' }),
    image: z.string().nullable(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    /** A second factor is on (issue 25): an admin without one is refused admin actions. */
    twoFactorEnabled: z.boolean(),
    /** Issue 31: they must agree to the privacy notice first (the session answer says so). */
    consentOwed: z.boolean().optional(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;
