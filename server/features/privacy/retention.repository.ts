import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// Issue 31 item 6 (decision 041): each statement deletes at most `limit` of the oldest rows past
// their period, picked through the index on their age (046 and earlier), so no statement holds
// a table's lock for long however much has piled up. Each answers how many rows it deleted.

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** Contact-form messages made before `before`, handled or not. */
export async function deleteContactsBefore(db: Kysely<Database>, before: string, limit: number) {
  const oldest = db
    .selectFrom('contact')
    .select('id')
    .where('createdAt', '<', before)
    .orderBy('createdAt')
    .limit(limit);
  return deleted(await db.deleteFrom('contact').where('id', 'in', oldest).executeTakeFirst());
}

/** In-app notifications made before `before`, read or not. */
export async function deleteNotificationsBefore(
  db: Kysely<Database>,
  before: string,
  limit: number,
) {
  const oldest = db
    .selectFrom('notification')
    .select('id')
    .where('createdAt', '<', before)
    .orderBy('createdAt')
    .limit(limit);
  return deleted(await db.deleteFrom('notification').where('id', 'in', oldest).executeTakeFirst());
}

/**
 * Finished jobs (`done`, or `failed`: given up) whose last run was before `before`; a failed
 * job's runAt is when it failed. Pending and running jobs are never touched.
 */
export async function deleteJobsBefore(
  db: Kysely<Database>,
  status: 'done' | 'failed',
  before: string,
  limit: number,
) {
  const oldest = db
    .selectFrom('job')
    .select('id')
    .where('status', '=', status)
    .where('runAt', '<', before)
    .orderBy('runAt')
    .limit(limit);
  return deleted(await db.deleteFrom('job').where('id', 'in', oldest).executeTakeFirst());
}

/** Audit entries made before `before`. */
export async function deleteAuditBefore(db: Kysely<Database>, before: string, limit: number) {
  const oldest = db
    .selectFrom('auditLog')
    .select('id')
    .where('createdAt', '<', before)
    .orderBy('createdAt')
    .limit(limit);
  return deleted(await db.deleteFrom('auditLog').where('id', 'in', oldest).executeTakeFirst());
}

/** Password-reset tokens made before `before` that no longer work at `now` (used or expired). */
export async function deleteResetTokensBefore(
  db: Kysely<Database>,
  before: string,
  now: string,
  limit: number,
) {
  const oldest = db
    .selectFrom('passwordResetToken')
    .select('id')
    .where('createdAt', '<', before)
    .where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', now)]))
    .orderBy('createdAt')
    .limit(limit);
  return deleted(
    await db.deleteFrom('passwordResetToken').where('id', 'in', oldest).executeTakeFirst(),
  );
}

/**
 * Pending phone codes made before `before` that no longer work at `now`: expired, or never sent
 * (no code was made: the SMS was given up).
 */
export async function deletePhoneCodesBefore(
  db: Kysely<Database>,
  before: string,
  now: string,
  limit: number,
) {
  const oldest = db
    .selectFrom('phoneVerification')
    .select('id')
    .where('createdAt', '<', before)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '<=', now)]))
    .orderBy('createdAt')
    .limit(limit);
  return deleted(
    await db.deleteFrom('phoneVerification').where('id', 'in', oldest).executeTakeFirst(),
  );
}
