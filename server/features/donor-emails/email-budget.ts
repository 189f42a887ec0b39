import type { Context } from 'hono';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { DONOR_EMAIL_HEADERS, type DonorEmailBudget } from '../../../common/donor-email-budget.ts';
import { isStaff } from '../../../common/roles.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { toBool, toIso } from '../../db/dialect.ts';
import type { AppDeps } from '../../lib/context.ts';
import type { Env } from '../../lib/env.ts';
import { findStanding, recordHidden } from './donor-emails.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The counters' keys name the Dhaka day they count, so a new day starts from nothing whatever the
 * counters' windows do; the window only has to outlive the day (it starts at the day's first
 * count, at most one day before the day ends) before the store forgets it.
 */
const WINDOW_MS = 2 * DAY_MS;

/**
 * The day's budget of an account that is not staff: the smaller one while it is new (younger
 * than NEW_ACCOUNT_DAYS) or its email is unverified, so a throwaway account harvests little.
 */
export function allowanceFor(
  env: Pick<Env, 'DONOR_EMAILS_PER_DAY' | 'NEW_ACCOUNT_DONOR_EMAILS_PER_DAY' | 'NEW_ACCOUNT_DAYS'>,
  standing: { createdAt: Date | string; emailVerified: boolean | number },
  now: Date,
): number {
  const age = now.getTime() - Date.parse(toIso(standing.createdAt));
  const isNew = !toBool(standing.emailVerified) || age < env.NEW_ACCOUNT_DAYS * DAY_MS;
  return isNew ? env.NEW_ACCOUNT_DONOR_EMAILS_PER_DAY : env.DONOR_EMAILS_PER_DAY;
}

/**
 * Issue 25: a page of donors as a signed-in caller may see it. Each distinct donor whose email
 * the caller sees costs one of the day's budget; seeing them again that day costs nothing. Past
 * the budget the email is null, exactly as a visitor gets it, and the day is recorded for staff.
 * Staff have no budget (the answer's budget is then null: no headers).
 *
 * Counting uses the counter store's `peek` and `hit` only. A slot is taken (`hit`, atomic in the
 * database and in Redis) before an email is shown, so concurrent pages may overspend the budget
 * by what they asked for together but never show more than it; once it is spent a page costs
 * one `peek` per donor already seen and no `hit`, so the work an account can cause a day is
 * bounded by its budget.
 */
export async function budgetDonorEmails<Item extends { id: string; email: string | null }>(
  { db, env, clock, counters }: Pick<AppDeps, 'db' | 'env' | 'clock' | 'counters'>,
  viewer: Pick<SessionUser, 'id' | 'role'>,
  items: Item[],
): Promise<{ items: Item[]; budget: DonorEmailBudget | null }> {
  if (isStaff(viewer.role)) return { items, budget: null };
  const now = clock.now();
  const standing = await findStanding(db, viewer.id);
  // An account deleted while its request ran: nothing to show it.
  const limit = standing ? allowanceFor(env, standing, now) : 0;
  const day = todayInDhaka(now);
  const spentKey = `donor-emails:${viewer.id}:${day}`;
  const seenKey = (donorId: string) => `${spentKey}:${donorId}`;

  const withEmail = items.filter((item) => item.email !== null).map((item) => item.id);
  const spent = await counters.peek(spentKey, WINDOW_MS);
  // Nobody seen yet today: no donor on the page can be among them.
  const seenBefore = spent
    ? await Promise.all(withEmail.map((id) => counters.peek(seenKey(id), WINDOW_MS)))
    : withEmail.map(() => 0);
  const shown = new Set(withEmail.filter((_, i) => (seenBefore[i] ?? 0) > 0));
  const fresh = withEmail.filter((id) => !shown.has(id));

  const asked = Math.min(fresh.length, Math.max(0, limit - spent));
  const hits = await Promise.all(
    fresh.slice(0, asked).map(() => counters.hit(spentKey, WINDOW_MS)),
  );
  // Every count at or under the limit is one slot of the budget, whichever hit drew it: the
  // slots go to the page's first new donors, in the page's order.
  const granted = fresh.slice(0, hits.filter((hit) => hit.count <= limit).length);
  await Promise.all(granted.map((id) => counters.hit(seenKey(id), WINDOW_MS)));
  for (const id of granted) shown.add(id);

  const hidden = fresh.length - granted.length;
  if (hidden > 0 && standing) {
    await recordHidden(db, {
      userId: viewer.id,
      day,
      allowance: limit,
      hidden,
      at: now.toISOString(),
    });
  }
  const seen = Math.min(limit, Math.max(spent, ...hits.map((hit) => hit.count)));
  return {
    items: items.map((item) => (shown.has(item.id) ? item : { ...item, email: null })),
    budget: { limit, seen, hidden },
  };
}

/** States the caller's budget on the answer (the contract's X-Donor-Emails-* headers). */
export function setDonorEmailHeaders(c: Context, budget: DonorEmailBudget | null): void {
  if (!budget) return;
  c.header(DONOR_EMAIL_HEADERS.limit, String(budget.limit));
  c.header(DONOR_EMAIL_HEADERS.seen, String(budget.seen));
  c.header(DONOR_EMAIL_HEADERS.hidden, String(budget.hidden));
}
