import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// Issue 28 (decision 036): a request's contact number, in its own table like every number.

/** The request's contact number and when it was verified (null: waiting for its code). */
export function findContact(db: Kysely<Database>, requestId: string) {
  return db
    .selectFrom('requestContact')
    .select(['phone', 'verifiedAt'])
    .where('requestId', '=', requestId)
    .executeTakeFirst();
}

/** Sets the request's contact number (verified at `verifiedAt`, or not yet), or removes it. */
export async function setContact(
  db: Kysely<Database>,
  requestId: string,
  contact: { phone: string; verifiedAt: string | null } | null,
  now: Date,
) {
  if (!contact) {
    await db.deleteFrom('requestContact').where('requestId', '=', requestId).execute();
    return;
  }
  const row = { ...contact, updatedAt: now.toISOString() };
  await db
    .insertInto('requestContact')
    .values({ requestId, ...row })
    .onConflict((oc) => oc.column('requestId').doUpdateSet(row))
    .execute();
}

/** The code for `phone` was right: it is the request's verified contact, unless it changed since. */
export async function verifyContact(
  db: Kysely<Database>,
  requestId: string,
  phone: string,
  now: Date,
) {
  const result = await db
    .updateTable('requestContact')
    .set({ verifiedAt: now.toISOString(), updatedAt: now.toISOString() })
    .where('requestId', '=', requestId)
    .where('phone', '=', phone)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The verified numbers of accounts `userIds` (those that have one). */
export function findVerifiedNumbers(db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('userPhone')
    .select(['userId', 'phone'])
    .where('userId', 'in', userIds)
    .execute();
}
