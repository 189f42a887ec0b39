import { z } from 'zod';
import { MAX_PAUSE_DAYS } from './availability.rules.ts';
import { addDays, isCalendarDate, todayInDhaka } from './dhaka-date.ts';

const UNTIL_MESSAGE = 'Please choose the date you are available again';

/** A date after today and at most MAX_PAUSE_DAYS ahead (in Dhaka). */
const untilDate = z
  .string({ error: UNTIL_MESSAGE })
  .trim()
  .refine(isCalendarDate, UNTIL_MESSAGE)
  .refine((value) => !isCalendarDate(value) || value > todayInDhaka(), {
    message: 'The date you are available again must be after today',
  })
  .refine((value) => !isCalendarDate(value) || value <= addDays(todayInDhaka(), MAX_PAUSE_DAYS), {
    message: `Choose a date within ${MAX_PAUSE_DAYS} days, or pause until you turn it back on`,
  });

/**
 * PUT /api/users/me/availability: available, or not available until a date (the first day the
 * donor is available again), or `until: null` — until they turn it back on.
 */
export const availabilitySchema = z.discriminatedUnion(
  'available',
  [
    z.strictObject({ available: z.literal(true) }),
    z.strictObject({ available: z.literal(false), until: untilDate.nullable() }),
  ],
  { error: 'Please say whether you are available (true or false)' },
);
export type Availability = z.infer<typeof availabilitySchema>;
