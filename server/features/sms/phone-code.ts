import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { ErrorCode } from '../../../common/error-codes.ts';
import { msg } from '../../../common/message-key.ts';
import { clientIp } from '../../auth/client-ip.ts';
import { toIso } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/define-job.ts';
import { addressKey } from '../../lib/address-key.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { countAgainstLimit, type RateLimit } from '../../lib/rate-limit.ts';
import * as phones from './phone.repository.ts';
import { hashCode, phoneCodeJob } from './sms.jobs.ts';

// The one-time code machinery of issue 28, shared by an account's own number (phone.routes.ts)
// and a request's contact number (request-contact.routes.ts, decision 036): the same limits, the
// same tries, the same one pending code per account.

const HOUR_MS = 3_600_000;
/** Codes an hour, per number and per address (issue 28). */
export const CODES_PER_HOUR = 5;
/** Wrong codes before a new one must be asked for. */
export const CODE_TRIES = 5;

const badCode = (
  code: ErrorCode,
  key: Parameters<typeof msg>[0],
  params?: Record<string, number>,
) => new AppError(400, code, msg(key, params));

type Pending = NonNullable<Awaited<ReturnType<typeof phones.findVerification>>>;

/** Sends codes: `send(c, userId, phone, requestId)` with the limits of issue 28. */
export function codeSender({ db, env, clock, counters, sms }: AppDeps) {
  const limit = (name: string, key: (c: Parameters<RateLimit['key']>[0]) => string): RateLimit => ({
    name,
    limit: CODES_PER_HOUR,
    windowMs: HOUR_MS,
    key,
    code: 'TOO_MANY_CODES',
    message: msg('errors.phone.tooManyCodes'),
  });
  const perAddress = limit('phone-code-address', (c) => addressKey(clientIp(c, env.TRUST_PROXY)));

  /** A new code for `phone` (stored form), for the account's own number or `requestId`'s contact. */
  return async function send(
    c: Context<AppEnv>,
    userId: string,
    phone: string,
    requestId: string | null,
  ) {
    if (!sms) throw new AppError(503, 'SMS_OFF', msg('errors.phone.smsOff'));
    // Counted only for numbers that could get an SMS, so a typo costs no code.
    await countAgainstLimit(counters, perAddress, c);
    await countAgainstLimit(
      counters,
      limit('phone-code-number', () => phone),
      c,
    );
    const now = clock.now();
    const verificationId = newId();
    await inTransaction(db, async (trx) => {
      await phones.startVerification(trx, { userId, id: verificationId, phone, now, requestId });
      await enqueue(trx, phoneCodeJob, { userId, verificationId }, { now });
    });
  };
}

/**
 * The pending code of `userId` for `requestId` (null: the account's own number), checked against
 * `code`: throws 400 with the reason (none, expired, no tries left, wrong with tries left), else
 * answers the pending row. A try is spent before the comparison, so parallel guesses cannot
 * exceed them.
 */
export async function checkCode(
  db: Kysely<Database>,
  {
    userId,
    requestId,
    code,
    now,
  }: { userId: string; requestId: string | null; code: string; now: Date },
): Promise<Pending> {
  const pending = await phones.findVerification(db, userId);
  if (!pending?.codeHash || (pending.requestId ?? null) !== requestId) {
    throw badCode('PHONE_CODE_MISSING', 'errors.phone.noCode');
  }
  const expiresAt = toIso(pending.expiresAt);
  if (!expiresAt || Date.parse(expiresAt) <= now.getTime()) {
    throw badCode('PHONE_CODE_EXPIRED', 'errors.phone.codeExpired');
  }
  const spent = await phones.spendTry(db, { userId, id: pending.id, maxTries: CODE_TRIES });
  if (!spent) throw badCode('PHONE_CODE_SPENT', 'errors.phone.noTriesLeft');
  const right = timingSafeEqual(Buffer.from(hashCode(code)), Buffer.from(pending.codeHash));
  if (!right) {
    const left = CODE_TRIES - pending.attempts - 1;
    if (left <= 0) throw badCode('PHONE_CODE_SPENT', 'errors.phone.noTriesLeft');
    throw badCode('PHONE_CODE_WRONG', 'errors.phone.wrongCode', { left });
  }
  return pending;
}
