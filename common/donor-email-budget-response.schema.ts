import { z } from 'zod';
import { ROLES } from './constants.ts';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

/**
 * An account that went past its daily budget of donor emails (issue 25), one per account and
 * Dhaka day, as staff read it (GET /api/donor-emails/budget-reached).
 */
export const donorEmailBudgetReachedResponseSchema = z.strictObject({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** The Dhaka calendar date the budget was for. */
  day: z.iso.date(),
  /** The budget the account had that day. */
  allowance: z.number().int(),
  /** Emails hidden from it that day, past the budget. */
  hidden: z.number().int(),
  reachedAt: z.iso.datetime(),
  lastAt: z.iso.datetime(),
});
export type DonorEmailBudgetReachedResponse = z.infer<typeof donorEmailBudgetReachedResponseSchema>;
