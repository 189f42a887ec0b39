import { z } from 'zod';
import { MAX_PAUSE_DAYS } from './availability.rules.ts';
import { addDays, isCalendarDate, todayInDhaka } from './dhaka-date.ts';
import { msg } from './message-key.ts';

const UNTIL_MESSAGE = msg('validation.availability.untilRequired');

/** A date after today and at most MAX_PAUSE_DAYS ahead (in Dhaka). */
const untilDate = z
  .string({ error: UNTIL_MESSAGE })
  .trim()
  .refine(isCalendarDate, UNTIL_MESSAGE)
  .refine((value) => !isCalendarDate(value) || value > todayInDhaka(), {
    message: msg('validation.availability.untilAfterToday'),
  })
  .refine((value) => !isCalendarDate(value) || value <= addDays(todayInDhaka(), MAX_PAUSE_DAYS), {
    message: msg('validation.availability.untilTooFar', { days: MAX_PAUSE_DAYS }),
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
  { error: msg('validation.availability.required') },
);
export type Availability = z.infer<typeof availabilitySchema>;
