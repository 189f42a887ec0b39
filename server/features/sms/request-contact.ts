import type { Kysely } from 'kysely';
import { normalizeBdMobile } from '../../../common/phone.rules.ts';
import type { Database } from '../../db/schema.ts';
import * as phones from './phone.repository.ts';
import * as contacts from './request-contact.repository.ts';

/**
 * Saves a request's contact number as typed in its create or edit form (issue 28, decision 036),
 * in the caller's transaction: '' or null removes it; the requester's own verified number is
 * verified at once; any other number waits for its SMS code; the same number keeps its state.
 */
export async function saveContact(
  trx: Kysely<Database>,
  {
    requestId,
    requesterId,
    typed,
    now,
  }: {
    requestId: string;
    requesterId: string;
    typed: string | null;
    now: Date;
  },
) {
  const phone = typed ? normalizeBdMobile(typed) : null;
  if (!phone) {
    await contacts.setContact(trx, requestId, null, now);
    return;
  }
  const current = await contacts.findContact(trx, requestId);
  if (current?.phone === phone) return;
  const own = await phones.findPhone(trx, requesterId);
  const verifiedAt = own?.phone === phone ? now.toISOString() : null;
  await contacts.setContact(trx, requestId, { phone, verifiedAt }, now);
}
