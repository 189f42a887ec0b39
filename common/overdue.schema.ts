import { z } from 'zod';
import { BLOOD_COMPONENTS, BLOOD_GROUPS, REQUEST_STATUSES, URGENCIES } from './constants.ts';

/** One request open longer than its urgency allows (issue 29), as staff see it in the list. */
export const overdueRequestResponseSchema = z
  .strictObject({
    id: z.string(),
    status: z.enum(REQUEST_STATUSES),
    urgency: z.enum(URGENCIES),
    bloodGroup: z.enum(BLOOD_GROUPS),
    component: z.enum(BLOOD_COMPONENTS),
    bags: z.number().int(),
    bagsPledged: z.number().int(),
    hospitalName: z.string(),
    district: z.string(),
    division: z.string(),
    donationDate: z.string(),
    donationTime: z.string(),
    createdAt: z.iso.datetime(),
    openMinutes: z.number().int().meta({ description: 'Minutes since it was posted' }),
    overdueAfterMinutes: z
      .number()
      .int()
      .meta({ description: 'How long its urgency allows it to stay open (60, 360 or 1440)' }),
  })
  .meta({ id: 'OverdueRequest' });
export type OverdueRequestResponse = z.infer<typeof overdueRequestResponseSchema>;
