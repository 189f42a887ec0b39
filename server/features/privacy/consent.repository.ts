import type { Kysely } from 'kysely';
import { type ConsentState, PRIVACY_NOTICE_VERSION } from '../../../common/privacy.ts';
import { toIso } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';

// Issue 31: consent to the privacy notice. A person's latest row (ids sort in the order they
// were made) is where they stand.

/** The person's latest consent row, or undefined if they never gave one. */
export function findLatest(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('userConsent')
    .select(['id', 'noticeVersion', 'givenAt', 'withdrawnAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

type ConsentRow = Awaited<ReturnType<typeof findLatest>>;

/**
 * Where the person stands. Owed: never given (an account older than the notice), or given to an
 * older notice and not withdrawn. A withdrawal is their answer: they are not asked again at each
 * sign-in; the profile offers to give it again.
 */
export function toConsentState(row: ConsentRow): ConsentState {
  const withdrawnAt = toIso(row?.withdrawnAt ?? null);
  return {
    noticeVersion: PRIVACY_NOTICE_VERSION,
    acceptedVersion: row?.noticeVersion ?? null,
    givenAt: row ? toIso(row.givenAt) : null,
    withdrawnAt,
    owed: !row || (withdrawnAt === null && row.noticeVersion !== PRIVACY_NOTICE_VERSION),
  };
}

export async function consentState(db: Kysely<Database>, userId: string): Promise<ConsentState> {
  return toConsentState(await findLatest(db, userId));
}

/** Records consent to the notice of this version, now. */
export async function give(db: Kysely<Database>, userId: string, at: Date, version: string) {
  await db
    .insertInto('userConsent')
    .values({ id: newId(), userId, noticeVersion: version, givenAt: at.toISOString() })
    .execute();
}

/**
 * Withdraws the standing consent and ends donor processing in the same transaction: the person
 * leaves the donor search and the alerts' matching (both read `searchVisible`) at once. The
 * account stays, for the requests they made or may make.
 */
export async function withdraw(db: Kysely<Database>, userId: string, at: Date) {
  await inTransaction(db, async (trx) => {
    const latest = await findLatest(trx, userId);
    if (latest && latest.withdrawnAt === null) {
      await trx
        .updateTable('userConsent')
        .set({ withdrawnAt: at.toISOString() })
        .where('id', '=', latest.id)
        .execute();
    } else if (!latest) {
      // Never given (an older account): the withdrawal is still recorded, so it is not asked.
      const now = at.toISOString();
      await trx
        .insertInto('userConsent')
        .values({
          id: newId(),
          userId,
          noticeVersion: PRIVACY_NOTICE_VERSION,
          givenAt: now,
          withdrawnAt: now,
        })
        .execute();
    }
    await trx
      .updateTable('user')
      .set({ searchVisible: 0, updatedAt: at.toISOString() })
      .where('id', '=', userId)
      .execute();
  });
}

/** Whether the person's consent is withdrawn (no donor processing until they give it again). */
export async function isWithdrawn(db: Kysely<Database>, userId: string): Promise<boolean> {
  const latest = await findLatest(db, userId);
  return Boolean(latest && latest.withdrawnAt !== null);
}
