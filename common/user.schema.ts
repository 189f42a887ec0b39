import { z } from 'zod';
import { bloodGroupSchema, imageUrlSchema, placeFields } from './auth.schema.ts';

/**
 * PATCH /api/users/:id — the only fields a user may change on themself. Strict: any other key
 * (role, status, email, …) makes the whole request fail, so nothing is half-applied.
 */
export const updateProfileSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name must be at most 100 characters'),
    image: imageUrlSchema,
    bloodGroup: bloodGroupSchema,
    division: placeFields.division,
    district: placeFields.district,
    upazila: z.string().trim().max(100).nullable().optional(),
    searchVisible: z.boolean({ error: 'Show me in donor search must be true or false' }),
  })
  .partial()
  .strict();
export type UpdateProfile = z.infer<typeof updateProfileSchema>;
