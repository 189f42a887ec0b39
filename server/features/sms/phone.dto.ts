import type { Kysely } from 'kysely';
import type { PhoneResponse } from '../../../common/phone-response.schema.ts';
import { toBool, toIso } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import * as phones from './phone.repository.ts';

/** The caller's own number, choices and pending code: only ever answered to its owner. */
export async function phoneOf(
  db: Kysely<Database>,
  userId: string,
  smsEnabled: boolean,
): Promise<PhoneResponse> {
  const [phone, pending] = await Promise.all([
    phones.findPhone(db, userId),
    phones.findVerification(db, userId),
  ]);
  return {
    number: phone?.phone ?? null,
    verifiedAt: phone ? toIso(phone.verifiedAt) : null,
    smsAlerts: phone ? toBool(phone.smsAlerts) : false,
    nightAlerts: phone ? toBool(phone.nightAlerts) : false,
    // A code for a request's contact number (decision 036) is not this number's.
    pending:
      pending && pending.requestId === null
        ? { number: pending.phone, expiresAt: toIso(pending.expiresAt) }
        : null,
    smsEnabled,
  };
}
