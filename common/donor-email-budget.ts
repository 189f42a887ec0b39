/**
 * Issue 25: a signed-in account sees donors' emails up to a daily budget (DONOR_EMAILS_PER_DAY,
 * smaller for new accounts; staff have none). Lists that carry donor emails (the donor search,
 * a request's matches) say how the budget stands in these headers, whenever the caller has one.
 */
export const DONOR_EMAIL_HEADERS = {
  /** The caller's budget for the day: distinct donors whose email they may see. */
  limit: 'X-Donor-Emails-Limit',
  /** Distinct donors whose email they have seen today, this page included. */
  seen: 'X-Donor-Emails-Seen',
  /** Emails on this page hidden because the budget is spent (shown as to a visitor). */
  hidden: 'X-Donor-Emails-Hidden',
} as const;

/** How the caller's budget stands after a page: what the headers say. */
export interface DonorEmailBudget {
  limit: number;
  seen: number;
  hidden: number;
}

/** The budget a page's headers state, or null when they state none (visitors, staff). */
export function readDonorEmailBudget(headers: {
  get: (name: string) => string | null;
}): DonorEmailBudget | null {
  const [limit, seen, hidden] = [
    DONOR_EMAIL_HEADERS.limit,
    DONOR_EMAIL_HEADERS.seen,
    DONOR_EMAIL_HEADERS.hidden,
  ].map((name) => Number(headers.get(name) ?? Number.NaN));
  if (![limit, seen, hidden].every((n) => Number.isInteger(n) && (n as number) >= 0)) return null;
  return { limit: limit as number, seen: seen as number, hidden: hidden as number };
}
