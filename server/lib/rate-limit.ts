import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorCode } from '../../common/error-codes.ts';
import { msg } from '../../common/message-key.ts';
import type { AppEnv } from './context.ts';
import type { CounterStore } from './counter-store.ts';
import { AppError } from './errors.ts';
import { retryIn } from './messages.ts';

export interface RateLimit {
  /** Names the counter; keys are `<name>:<key>`. */
  name: string;
  /** Requests allowed per window for one key. */
  limit: number | ((c: Context<AppEnv>) => number);
  windowMs: number;
  /** Whose requests are counted together (an address, an account). */
  key: (c: Context<AppEnv>) => string;
  /** The refusal's stable code and its first sentence (a message key); when to retry is added. */
  code: ErrorCode;
  message: string;
}

/**
 * The one rate limit of our own routes, over the counter store (the database, or Redis shared by
 * every instance). Over the limit: 429 with the code, a message that says when to try again, and
 * `Retry-After` in seconds until the window ends.
 */
export function rateLimit(counters: CounterStore, rule: RateLimit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await countAgainstLimit(counters, rule, c);
    return next();
  };
}

/**
 * Counts this request against `rule` and throws the 429 when it is over. For a route that must
 * count only requests it accepted (the contact form counts valid messages): call it in the
 * handler, after validation, instead of mounting `rateLimit` before it.
 */
export async function countAgainstLimit(
  counters: CounterStore,
  rule: RateLimit,
  c: Context<AppEnv>,
): Promise<void> {
  const { count, resetAt } = await counters.hit(`${rule.name}:${rule.key(c)}`, rule.windowMs);
  const limit = typeof rule.limit === 'function' ? rule.limit(c) : rule.limit;
  if (count > limit) throw tooManyRequests(c, rule, resetAt);
}

/**
 * The 429 of a limit counted some other way (e.g. rows in a table): `Retry-After` in seconds
 * until `resetAt` (epoch ms), and the message with when to try again in words. Throw it.
 */
export function tooManyRequests(
  c: Context<AppEnv>,
  refusal: Pick<RateLimit, 'code' | 'message'>,
  resetAt: number,
): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  c.header('Retry-After', String(seconds));
  return new AppError(
    429,
    refusal.code,
    msg('errors.retry.refused', {
      reasonMessage: refusal.message,
      whenMessage: retryIn(seconds),
    }),
  );
}
