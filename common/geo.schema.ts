import { z } from 'zod';

/** GET /api/divisions: one item. Places are named in English (`name`) and Bangla (`bnName`). */
export const divisionResponseSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  bnName: z.string(),
});
export type DivisionResponse = z.infer<typeof divisionResponseSchema>;

/** GET /api/districts: one item. */
export const districtResponseSchema = z.strictObject({
  id: z.number().int(),
  divisionId: z.number().int(),
  name: z.string(),
  bnName: z.string(),
});
export type DistrictResponse = z.infer<typeof districtResponseSchema>;

/** GET /api/upazilas: one item. */
export const upazilaResponseSchema = z.strictObject({
  id: z.number().int(),
  districtId: z.number().int(),
  name: z.string(),
  bnName: z.string(),
});
export type UpazilaResponse = z.infer<typeof upazilaResponseSchema>;
