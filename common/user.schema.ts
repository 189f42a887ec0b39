import { z } from 'zod';
import { bloodGroupSchema, imageUrlSchema, placeFields } from './auth.schema.ts';
import { BLOOD_GROUPS, USER_STATUSES } from './constants.ts';
import { clearableUpazila, filterValues, optionalText, statusFilter } from './fields.ts';
import { LANGUAGES } from './languages.ts';
import { msg } from './message-key.ts';

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
        .min(1, msg('validation.name.required'))
        .max(100, msg('validation.name.tooLong')),
      image: imageUrlSchema,
      bloodGroup: bloodGroupSchema,
      division: placeFields.division,
      district: placeFields.district,
      upazila: clearableUpazila.optional(),
      searchVisible: z.boolean({ error: msg('validation.searchVisible.boolean') }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? msg('validation.fields.notChangeable', { keys: issue.keys.join(', ') })
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
        .enum(BLOOD_GROUPS, {
          error: msg('validation.bloodGroup.oneOf', { values: BLOOD_GROUPS.join(', ') }),
        })
        .optional(),
    )
    .meta(filterValues(BLOOD_GROUPS)),
  division: optionalFilter,
  district: optionalFilter,
  upazila: optionalFilter,
});
export type DonorSearch = z.infer<typeof donorSearchSchema>;

export const userStatusFilterSchema = statusFilter(USER_STATUSES);

/** PUT /api/users/me/language: the language the site and their emails use (issue 16). */
export const languageChoiceSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: msg('validation.language.oneOf') }),
});
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
