import { z } from 'zod';
import { DONOR_EMAIL_HEADERS } from '../donor-email-budget.ts';
import { donorEmailBudgetReachedResponseSchema } from '../donor-email-budget-response.schema.ts';
import { paginationSchema } from '../pagination.schema.ts';
import { type Endpoint, errors, page, signedIn } from './define.ts';

const count = (description: string) => z.string().regex(/^\d+$/).optional().meta({ description });

/**
 * A page of a list that carries donor emails, with the headers that tell a signed-in caller how
 * their daily budget of donor emails stands (issue 25). Absent for visitors and staff.
 */
export function withDonorEmailBudget<const P extends ReturnType<typeof page>>(answer: P) {
  return {
    ...answer,
    headers: answer.headers.extend({
      [DONOR_EMAIL_HEADERS.limit]: count(
        'Signed-in callers: donors whose email the caller may see today (Dhaka day)',
      ),
      [DONOR_EMAIL_HEADERS.seen]: count(
        'Signed-in callers: donors whose email the caller has seen today, this page included',
      ),
      [DONOR_EMAIL_HEADERS.hidden]: count(
        'Signed-in callers: emails on this page hidden (null, as for a visitor) because the day’s budget is spent',
      ),
    }),
  } as const;
}

/** GET /api/donor-emails/budget-reached: accounts that went past their daily budget (staff). */
export const listBudgetReached = {
  method: 'get',
  path: '/donor-emails/budget-reached',
  tags: ['Users'],
  summary:
    'Accounts that went past their daily budget of donor emails, newest first, one row per account and day (admins, volunteers)',
  security: signedIn,
  request: { query: paginationSchema },
  responses: {
    200: page(donorEmailBudgetReachedResponseSchema, 'A page of accounts and days'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;
