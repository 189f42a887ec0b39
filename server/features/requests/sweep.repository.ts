import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// The statements of the date's sweep (sweep.ts). Each change is conditional on the state its
// request was chosen in, so a request someone changed meanwhile is left as they left it.

/** Up to `limit` pending requests dated before `today`, oldest first. */
export function findPendingBefore(db: Kysely<Database>, today: string, limit: number) {
  return db
    .selectFrom('donationRequest')
    .select(['id', 'requesterId'])
    .where('status', '=', 'pending')
    .where('donationDate', '<', today)
    .orderBy('donationDate')
    .limit(limit)
    .execute();
}

/** Expires one pending request dated before `today`; rows changed (0/1). */
export async function expirePending(trx: Kysely<Database>, id: string, today: string, at: string) {
  const result = await trx
    .updateTable('donationRequest')
    .set({ status: 'expired', updatedAt: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('donationDate', '<', today)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Up to `limit` in-progress requests dated before `before` (oldest first); with `unasked`, only
 * those whose requester was not yet asked to confirm.
 */
export function findInProgressBefore(
  db: Kysely<Database>,
  before: string,
  limit: number,
  { unasked = false } = {},
) {
  return db
    .selectFrom('donationRequest')
    .select(['id', 'requesterId', 'donorId'])
    .where('status', '=', 'inprogress')
    .where('donationDate', '<', before)
    .$if(unasked, (query) => query.where('confirmationAskedAt', 'is', null))
    .orderBy('donationDate')
    .limit(limit)
    .execute();
}

/** Closes one in-progress request dated before `before` as expired; rows changed (0/1). */
export async function expireInProgress(
  trx: Kysely<Database>,
  id: string,
  before: string,
  at: string,
) {
  const result = await trx
    .updateTable('donationRequest')
    .set({ status: 'expired', updatedAt: at })
    .where('id', '=', id)
    .where('status', '=', 'inprogress')
    .where('donationDate', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks that the requester of an in-progress request was asked to confirm it, once (0/1). */
export async function markConfirmationAsked(trx: Kysely<Database>, id: string, at: string) {
  const result = await trx
    .updateTable('donationRequest')
    .set({ confirmationAskedAt: at })
    .where('id', '=', id)
    .where('status', '=', 'inprogress')
    .where('confirmationAskedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
