import { z } from 'zod';
import { BLOOD_GROUPS, REQUEST_STATUSES } from './constants.ts';

const count = z.number().int().nonnegative();

/** GET /api/admin-stats: totals, and requests per status and per blood group (every key present). */
export const adminStatsResponseSchema = z.strictObject({
  users: count,
  donationRequest: count,
  byStatus: z.record(z.enum(REQUEST_STATUSES), count),
  byBloodGroup: z.record(z.enum(BLOOD_GROUPS), count),
});
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;
