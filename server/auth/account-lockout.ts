import { msg } from '../../common/message-key.ts';
import type { CounterStore } from '../lib/counter-store.ts';
import { retryIn } from '../lib/messages.ts';

/** Failed password attempts per account: 5 in 15 minutes, then wait for the window to pass. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** The counter of password attempts on an account (a right password or a reset clears it). */
export const failureKey = (email: string) => `signin-fail:${email.trim().toLowerCase()}`;

/**
 * Counts one password attempt on the account (a sign-in, or the current password of a change),
 * before the password is checked: the count and the check of the limit are one atomic step in
 * the counter store, which every instance shares, so however many attempts arrive at once at
 * most ACCOUNT_FAILURE_LIMIT of them are checked in a window (issue 25: reading the count first
 * and adding to it after the check let forty concurrent guesses through). A right password
 * clears the count afterwards. `resetAt` is when the window ends (epoch ms).
 */
export async function countPasswordAttempt(
  counters: CounterStore,
  email: string,
): Promise<{ locked: boolean; resetAt: number }> {
  const { count, resetAt } = await counters.hit(failureKey(email), ACCOUNT_FAILURE_WINDOW_MS);
  return { locked: count > ACCOUNT_FAILURE_LIMIT, resetAt };
}

/** Whole seconds until `resetAt`, at least one: the lockout's Retry-After. */
export const secondsUntil = (resetAt: number) =>
  Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));

/** The lockout's words (a message key): which limit, and when to try again. */
export const accountLockedMessage = (retryAfter: number) =>
  msg('errors.retry.refused', {
    reasonMessage: msg('errors.limits.accountSignIns'),
    whenMessage: retryIn(retryAfter),
  });
