import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** An account's verified number and SMS choices, or undefined. */
export function findPhone(db: Kysely<Database>, userId: string) {
  return db.selectFrom('userPhone').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Which account a verified number belongs to (decision 033: at most one). */
export function findOwnerOfPhone(db: Kysely<Database>, phone: string) {
  return db.selectFrom('userPhone').select('userId').where('phone', '=', phone).executeTakeFirst();
}

/** Who may get an SMS alert: an active account with a verified number and SMS alerts on. */
export function findAlertRecipient(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('userPhone')
    .innerJoin('user', 'user.id', 'userPhone.userId')
    .select([
      'userPhone.phone',
      'userPhone.smsAlerts',
      'userPhone.nightAlerts',
      'user.status',
      'user.language',
      'user.email',
    ])
    .where('userPhone.userId', '=', userId)
    .executeTakeFirst();
}

/** The account's pending code, or undefined. */
export function findVerification(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('phoneVerification')
    .selectAll()
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** The code a job is to send, with its owner's language; undefined once it was replaced. */
export function findVerificationToSend(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom('phoneVerification')
    .innerJoin('user', 'user.id', 'phoneVerification.userId')
    .select(['phoneVerification.phone', 'user.language', 'user.status'])
    .where('phoneVerification.userId', '=', userId)
    .where('phoneVerification.id', '=', id)
    .executeTakeFirst();
}

/**
 * A new pending code for the account (for `phone`), replacing any earlier one, whichever it was
 * for: the account's own number (`requestId` null) or a request's contact number (decision 036).
 */
export async function startVerification(
  db: Kysely<Database>,
  {
    userId,
    id,
    phone,
    now,
    requestId = null,
  }: { userId: string; id: string; phone: string; now: Date; requestId?: string | null },
) {
  const at = now.toISOString();
  const fresh = {
    id,
    phone,
    codeHash: null,
    expiresAt: null,
    attempts: 0,
    createdAt: at,
    requestId,
  };
  await db
    .insertInto('phoneVerification')
    .values({ userId, ...fresh })
    .onConflict((oc) => oc.column('userId').doUpdateSet(fresh))
    .execute();
}

/** Spends pending code `id` (it was right); false when a second confirm spent it first. */
export async function spendVerification(db: Kysely<Database>, userId: string, id: string) {
  const spent = await db
    .deleteFrom('phoneVerification')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(spent.numDeletedRows) === 1;
}

/** The code made for pending verification `id` (its hash and end); false once it was replaced. */
export async function setCode(
  db: Kysely<Database>,
  {
    userId,
    id,
    codeHash,
    expiresAt,
  }: { userId: string; id: string; codeHash: string; expiresAt: Date },
) {
  const result = await db
    .updateTable('phoneVerification')
    .set({ codeHash, expiresAt: expiresAt.toISOString(), attempts: 0 })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Spends one try of pending verification `id`, only while it has one left (fewer than
 * `maxTries` spent): concurrent guesses cannot spend more than there are. Answers whether one
 * was spent.
 */
export async function spendTry(
  db: Kysely<Database>,
  { userId, id, maxTries }: { userId: string; id: string; maxTries: number },
) {
  const result = await db
    .updateTable('phoneVerification')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The code was right: the number becomes the account's verified one and the pending code is
 * spent, in the caller's transaction. The account's SMS choices stay when it changes number.
 * Answers false when the code was spent meanwhile (a second confirm raced this one).
 */
export async function confirmPhone(
  db: Kysely<Database>,
  { userId, id, phone, now }: { userId: string; id: string; phone: string; now: Date },
) {
  if (!(await spendVerification(db, userId, id))) return false;
  const at = now.toISOString();
  await db
    .insertInto('userPhone')
    .values({ userId, phone, verifiedAt: at, updatedAt: at })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ phone, verifiedAt: at, updatedAt: at }))
    .execute();
  return true;
}

/** The account's SMS choices; false when it has no verified number. */
export async function setChoices(
  db: Kysely<Database>,
  userId: string,
  choices: { smsAlerts: boolean; nightAlerts: boolean },
  now: Date,
) {
  const result = await db
    .updateTable('userPhone')
    // 1/0: SQLite stores booleans as integers; PostgreSQL reads them as booleans.
    .set({
      smsAlerts: choices.smsAlerts ? 1 : 0,
      nightAlerts: choices.nightAlerts ? 1 : 0,
      updatedAt: now.toISOString(),
    })
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets the account's number and any pending code. */
export async function removePhone(db: Kysely<Database>, userId: string) {
  await db.deleteFrom('phoneVerification').where('userId', '=', userId).execute();
  await db.deleteFrom('userPhone').where('userId', '=', userId).execute();
}
