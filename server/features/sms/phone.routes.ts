import * as contract from '../../../common/contract/phone.contract.ts';
import type { ErrorCode } from '../../../common/error-codes.ts';
import { msg } from '../../../common/message-key.ts';
import { normalizeBdMobile } from '../../../common/phone.rules.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { isUniqueViolation, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { phoneOf } from './phone.dto.ts';
import * as phones from './phone.repository.ts';
import { checkCode, codeSender } from './phone-code.ts';
import * as ledger from './sms.repository.ts';

/** Days of SMS spending admins see. */
const DAYS_SHOWN = 14;

const badCode = (code: ErrorCode, key: Parameters<typeof msg>[0]) =>
  new AppError(400, code, msg(key));

/**
 * A person's mobile number (issue 28): a code by SMS proves they hold it, then it is theirs —
 * for SMS alerts now, for the hand-off between a donor and a family later. Only its owner sees
 * it (their profile and these answers); one number belongs to one account (decision 033).
 */
export function phoneRoutes(deps: AppDeps) {
  const { db, env, clock, sms } = deps;
  const sendCode = codeSender(deps);
  const smsEnabled = sms !== null;

  return createRouter()
    .openapi(guarded(contract.requestPhoneCode, requireUser), async (c) => {
      if (!smsEnabled) throw new AppError(503, 'SMS_OFF', msg('errors.phone.smsOff'));
      const user = currentUser(c);
      const phone = normalizeBdMobile(c.req.valid('json').phone);
      if (!phone) throw new AppError(400, 'INVALID_PHONE', msg('errors.phone.invalid'));
      await sendCode(c, user.id, phone, null);
      return c.json(await phoneOf(db, user.id, smsEnabled), 202);
    })
    .openapi(guarded(contract.confirmPhoneCode, requireUser), async (c) => {
      const user = currentUser(c);
      const { code } = c.req.valid('json');
      const now = clock.now();
      const pending = await checkCode(db, { userId: user.id, requestId: null, code, now });
      // Decision 033: one number, one account. Said only to whoever holds the number's SMS.
      const taken = () => conflict('PHONE_TAKEN', msg('errors.phone.taken'));
      const owner = await phones.findOwnerOfPhone(db, pending.phone);
      if (owner && owner.userId !== user.id) throw taken();
      try {
        const confirmed = await inTransaction(db, (trx) =>
          phones.confirmPhone(trx, { userId: user.id, id: pending.id, phone: pending.phone, now }),
        );
        if (!confirmed) throw badCode('PHONE_CODE_MISSING', 'errors.phone.noCode');
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(); // Verified by another account meanwhile.
        throw error;
      }
      return c.json(await phoneOf(db, user.id, smsEnabled), 200);
    })
    .openapi(guarded(contract.setSmsChoices, requireUser), async (c) => {
      const user = currentUser(c);
      const choices = c.req.valid('json');
      if (!(await phones.setChoices(db, user.id, choices, clock.now()))) {
        throw conflict('PHONE_NOT_VERIFIED', msg('errors.phone.notVerified'));
      }
      return c.json(await phoneOf(db, user.id, smsEnabled), 200);
    })
    .openapi(guarded(contract.removePhone, requireUser), async (c) => {
      const user = currentUser(c);
      await inTransaction(db, (trx) => phones.removePhone(trx, user.id));
      return c.json(await phoneOf(db, user.id, smsEnabled), 200);
    })
    .openapi(guarded(contract.listSmsDays, requireUser, requireRole('admin')), async (c) => {
      const days = await ledger.findDays(db, DAYS_SHOWN);
      return c.json(
        {
          enabled: smsEnabled,
          budget: env.SMS_DAILY_BUDGET,
          perDonorPerDay: env.SMS_PER_DONOR_PER_DAY,
          days: days.map((day) => ({
            day: day.day,
            sent: day.sent,
            budget: day.budget,
            refused: day.refused,
            reachedAt: toIso(day.reachedAt),
          })),
        },
        200,
      );
    });
}
