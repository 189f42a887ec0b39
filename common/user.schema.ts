import { z } from 'zod';
import { bloodGroupSchema, imageUrlSchema, placeFields } from './auth.schema.ts';
import { BLOOD_GROUPS, USER_STATUSES } from './constants.ts';
import { clearableUpazila, optionalText, statusFilter } from './fields.ts';

/**
 * PATCH /api/users/:id — the only fields a user may change on themself. Strict: any other key
 * (role, status, email, …) makes the whole request fail, so nothing is half-applied.
 */
export const updateProfileSchema = z
  .strictObject(
    {
      name: z
        .string()
        .trim()
        .min(1, 'Name is required')
        .max(100, 'Name must be at most 100 characters'),
      image: imageUrlSchema,
      bloodGroup: bloodGroupSchema,
      division: placeFields.division,
      district: placeFields.district,
      upazila: clearableUpazila.optional(),
      searchVisible: z.boolean({ error: 'Show me in donor search must be true or false' }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `These fields cannot be changed here: ${issue.keys.join(', ')}.`
          : undefined,
    },
  )
  .partial();
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/** GET /api/users/donor — every filter optional; empty values are ignored. */
const optionalFilter = optionalText(100);

export const donorSearchSchema = z.object({
  bloodGroup: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .enum(BLOOD_GROUPS, { error: `Blood group must be one of ${BLOOD_GROUPS.join(', ')}` })
        .optional(),
    ),
  division: optionalFilter,
  district: optionalFilter,
  upazila: optionalFilter,
});
export type DonorSearch = z.infer<typeof donorSearchSchema>;

export const userStatusFilterSchema = statusFilter(USER_STATUSES);
