import { type Kysely, sql } from 'kysely';
import {
  hiddenByReports,
  REPORT_WEIGHT_TO_HIDE,
  type ReporterStanding,
  UPHELD_COUNTED,
} from '../../../common/report-weight.rules.ts';
import { toBool, toIso } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { RequestEvent } from '../requests/request-events.ts';

// Reports weighed, not counted (issue 25, decision 024). A request's reportWeight is the sum of
// its open reports' weights whose reporters are still active, and reportHiddenAt is set while
// that sum hides it: both stored, kept in the transaction of each change that moves them (a
// report, a dismissal, a verification, a reporter blocked, unblocked or deleted), so the public
// lists filter on one indexed column and never join the reports.
//
// Locks, as everywhere in trust: a reporter's row before any request's, a request's row before
// its reports'.

/** Locks the user's row for the rest of the transaction (a write that changes nothing). */
export async function lockUser(trx: Kysely<Database>, id: string) {
  await trx.updateTable('user').set({ id: sql<string>`"id"` }).where('id', '=', id).execute();
}

/**
 * How many reports `reporterId` has made since `since` (ISO), and when the oldest of them was,
 * through the (reporterId, createdAt) index.
 */
export async function countReportsSince(db: Kysely<Database>, reporterId: string, since: string) {
  const row = await db
    .selectFrom('requestReport')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.min('createdAt').as('oldest'),
    ])
    .where('reporterId', '=', reporterId)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: toIso(row.oldest) };
}

/** What the reporter has shown (decision 024), or undefined when the account is gone. */
export async function findStanding(
  db: Kysely<Database>,
  reporterId: string,
): Promise<ReporterStanding | undefined> {
  const user = await db
    .selectFrom('user')
    .select(['createdAt', 'emailVerified'])
    .where('id', '=', reporterId)
    .executeTakeFirst();
  if (!user) return undefined;
  // Only up to the number that still adds weight: the rest need not be read.
  const upheld = await db
    .selectFrom('requestReport')
    .select('id')
    .where('reporterId', '=', reporterId)
    .where('status', '=', 'upheld')
    .limit(UPHELD_COUNTED)
    .execute();
  return {
    accountCreatedAt: new Date(user.createdAt),
    emailVerified: toBool(user.emailVerified as boolean | number),
    upheldReports: upheld.length,
  };
}

/** How a request's weight and visibility moved in one recount. */
export interface WeightChange {
  requestId: string;
  requesterId: string | null;
  verified: boolean;
  weightBefore: number;
  weight: number;
  wasHidden: boolean;
  hidden: boolean;
}

/**
 * Sums the request's open reports by active reporters again and stores the weight and whether
 * it hides the request (keeping when it was first hidden). The caller holds the request's lock.
 * Undefined when the request is gone.
 */
export async function recount(
  trx: Kysely<Database>,
  requestId: string,
  at: string,
): Promise<WeightChange | undefined> {
  const before = await trx
    .selectFrom('donationRequest')
    .select(['requesterId', 'verifiedAt', 'reportWeight', 'reportHiddenAt'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!before) return undefined;
  const sum = await trx
    .selectFrom('requestReport')
    .innerJoin('user', 'user.id', 'requestReport.reporterId')
    .select((eb) => eb.fn.sum<number | string | null>('requestReport.weight').as('weight'))
    .where('requestReport.requestId', '=', requestId)
    .where('requestReport.status', '=', 'open')
    .where('user.status', '=', 'active')
    .executeTakeFirst();
  const weight = Number(sum?.weight ?? 0);
  const verified = before.verifiedAt !== null;
  const hidden = hiddenByReports(weight, verified);
  const wasHidden = before.reportHiddenAt !== null;
  await trx
    .updateTable('donationRequest')
    .set({
      reportWeight: weight,
      reportHiddenAt: hidden ? (wasHidden ? sql<string>`"reportHiddenAt"` : at) : null,
    })
    .where('id', '=', requestId)
    .execute();
  return {
    requestId,
    requesterId: before.requesterId,
    verified,
    weightBefore: Number(before.reportWeight),
    weight,
    wasHidden,
    hidden,
  };
}

/**
 * Locks, in id order, every request on which `reporterId` has an open report, and answers their
 * ids: a block, unblock or deletion of the reporter then recounts them (recountAll).
 */
export async function lockRequestsReportedBy(trx: Kysely<Database>, reporterId: string) {
  const rows = await trx
    .selectFrom('requestReport')
    .select('requestId')
    .where('reporterId', '=', reporterId)
    .where('status', '=', 'open')
    .orderBy('requestId')
    .execute();
  const ids = rows.map((row) => row.requestId);
  for (const id of ids) {
    await trx
      .updateTable('donationRequest')
      .set({ openReports: sql<number>`"openReports"` })
      .where('id', '=', id)
      .execute();
  }
  return ids;
}

/** What people are told of a recount (its request events): hidden, shown again, or flagged. */
export function eventsOf(change: WeightChange | undefined): RequestEvent[] {
  if (!change) return [];
  const { requestId, requesterId } = change;
  if (!change.wasHidden && change.hidden) return [{ type: 'hidden', requestId, requesterId }];
  if (change.wasHidden && !change.hidden) return [{ type: 'shown', requestId, requesterId }];
  // A verified request stays listed: staff are asked to look at it instead.
  if (
    change.verified &&
    change.weightBefore < REPORT_WEIGHT_TO_HIDE &&
    change.weight >= REPORT_WEIGHT_TO_HIDE
  ) {
    return [{ type: 'flagged', requestId, requesterId }];
  }
  return [];
}
