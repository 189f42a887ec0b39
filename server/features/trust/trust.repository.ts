import { type Kysely, sql } from 'kysely';
import type { Report } from '../../../common/trust.schema.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';
import type { Person } from '../requests/requests.repository.ts';
import { countUpToCap, type Page } from './capped-count.ts';

// Verification, reports and removal of requests (issue 14). Every change is one conditional
// statement (or a transaction of them), so two staff acting at once cannot both apply it.
//
// A transaction that changes a request and its reports locks the request's row first, then the
// reports: taken in opposite orders by two transactions (dismiss, remove), PostgreSQL's row
// locks deadlock and one of them fails.

/**
 * Locks the request's row for the rest of the transaction, by a write that changes nothing
 * (PostgreSQL holds the row lock, SQLite its write lock), when it is still there and, with
 * `unremoved`, not removed. Under PostgreSQL's READ COMMITTED a transaction that waited on the
 * lock sees the row as its holder left it. Answers whether the row was there to lock.
 */
async function lockRequest(trx: Kysely<Database>, id: string, { unremoved = false } = {}) {
  const result = await trx
    .updateTable('donationRequest')
    .set({ openReports: sql<number>`"openReports"` })
    .where('id', '=', id)
    .$if(unremoved, (query) => query.where('removedAt', 'is', null))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a pending, unremoved, unverified request verified by `staff`. Rows changed (0/1). */
export async function verify(db: Kysely<Database>, id: string, staff: Person, at: string) {
  const result = await db
    .updateTable('donationRequest')
    .set({ verifiedAt: at, verifiedById: staff.id, verifiedByName: staff.name, updatedAt: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('verifiedAt', 'is', null)
    .where('removedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What came of a report: stored (its id), this person's earlier one, or no request to report. */
export type ReportOutcome = { id: string } | 'already-reported' | 'request-unavailable';

/**
 * Stores `reporter`'s report on a request and counts it among the request's open reports, in one
 * transaction that first locks the request, so a removal cannot land between the check and the
 * insert: a removed (or deleted) request takes no report. This person's second report is not
 * stored (the unique pair decides, so two reports sent at once still make one).
 */
export function insertReport(
  db: Kysely<Database>,
  requestId: string,
  reporter: Person,
  report: Report,
  at: string,
): Promise<ReportOutcome> {
  return inTransaction(db, async (trx): Promise<ReportOutcome> => {
    if (!(await lockRequest(trx, requestId, { unremoved: true }))) return 'request-unavailable';
    const id = newId();
    const result = await trx
      .insertInto('requestReport')
      .values({
        id,
        requestId,
        reporterId: reporter.id,
        reporterName: reporter.name,
        reason: report.reason,
        note: report.note ?? null,
        status: 'open',
        createdAt: at,
      })
      .onConflict((oc) => oc.columns(['requestId', 'reporterId']).doNothing())
      .executeTakeFirst();
    if (!Number(result.numInsertedOrUpdatedRows ?? 0)) return 'already-reported';
    await trx
      .updateTable('donationRequest')
      .set({ openReports: sql<number>`"openReports" + 1`, lastReportedAt: at })
      .where('id', '=', requestId)
      .execute();
    return { id };
  });
}

/** One report by id. */
export function findReportById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('requestReport')
    .select(['id', 'requestId', 'reporterName', 'reason', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Dismisses an open report of `requestId`: it no longer counts, so a request hidden by reports
 * may show again. Rows changed (0/1).
 */
export function dismissReport(
  db: Kysely<Database>,
  requestId: string,
  id: string,
  staff: Person,
  at: string,
) {
  return inTransaction(db, async (trx) => {
    await lockRequest(trx, requestId);
    const result = await trx
      .updateTable('requestReport')
      .set({ status: 'dismissed', handledAt: at, handledById: staff.id, handledByName: staff.name })
      .where('id', '=', id)
      .where('requestId', '=', requestId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    if (changed) {
      await trx
        .updateTable('donationRequest')
        .set({ openReports: sql<number>`"openReports" - 1` })
        .where('id', '=', requestId)
        .where('openReports', '>', 0)
        .execute();
    }
    return changed;
  });
}

/**
 * Staff take a request down: it is canceled (whoever had accepted it is off it too), marked
 * removed with the reason, and its open reports are upheld. Only a request not already closed
 * or removed. Rows changed (0/1).
 */
export function removeRequest(
  db: Kysely<Database>,
  id: string,
  staff: Person,
  reason: string,
  at: string,
) {
  return inTransaction(db, async (trx) => {
    // The request's row first (its UPDATE locks it), then its reports, as everywhere here.
    const result = await trx
      .updateTable('donationRequest')
      .set({
        status: 'cancel',
        removedAt: at,
        removedById: staff.id,
        removedReason: reason,
        openReports: 0,
        updatedAt: at,
      })
      .where('id', '=', id)
      .where('removedAt', 'is', null)
      .where('status', 'in', ['pending', 'inprogress', 'expired'])
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    if (changed) {
      await trx
        .updateTable('requestReport')
        .set({ status: 'upheld', handledAt: at, handledById: staff.id, handledByName: staff.name })
        .where('requestId', '=', id)
        .where('status', '=', 'open')
        .execute();
    }
    return changed;
  });
}

const reported = (db: Kysely<Database>) =>
  db.selectFrom('donationRequest').where('openReports', '>', 0);

/** A page of the staff queue: requests with open reports, most reported first, then latest. */
export function findReported(db: Kysely<Database>, page: Page) {
  return reported(db)
    .select([
      'id',
      'recipientName',
      'bloodGroup',
      'district',
      'hospitalName',
      'donationDate',
      'donationTime',
      'status',
      'requesterName',
      'requesterEmail',
      'verifiedAt',
      'openReports',
      'lastReportedAt',
    ])
    .$if(page.after !== undefined, (query) => {
      const [reports, at, id] = page.after ?? [];
      return query.where((eb) =>
        eb(
          eb.refTuple('openReports', 'lastReportedAt', 'id'),
          '<',
          eb.tuple(Number(reports), String(at), String(id)),
        ),
      );
    })
    .orderBy('openReports', 'desc')
    .orderBy('lastReportedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type ReportedRow = Awaited<ReturnType<typeof findReported>>[number];

/** How many requests findReported would list, up to COUNT_CAP + 1. */
export function countReported(db: Kysely<Database>) {
  return countUpToCap(db, reported(db));
}

const reportsOf = (db: Kysely<Database>, requestId: string) =>
  db.selectFrom('requestReport').where('requestReport.requestId', '=', requestId);

/** A page of one request's reports, newest first, with each reporter's current email. */
export function findReportsOfRequest(db: Kysely<Database>, requestId: string, page: Page) {
  return reportsOf(db, requestId)
    .leftJoin('user', 'user.id', 'requestReport.reporterId')
    .select([
      'requestReport.id',
      'requestReport.requestId',
      'requestReport.reason',
      'requestReport.note',
      'requestReport.status',
      'requestReport.reporterId',
      'requestReport.reporterName',
      'user.email as reporterEmail',
      'requestReport.createdAt',
      'requestReport.handledAt',
      'requestReport.handledByName',
    ])
    .$if(page.after !== undefined, (query) => {
      const [createdAt, id] = (page.after ?? []).map(String) as [string, string];
      return query.where((eb) =>
        eb(
          eb.refTuple('requestReport.createdAt', 'requestReport.id'),
          '<',
          eb.tuple(createdAt, id),
        ),
      );
    })
    .orderBy('requestReport.createdAt', 'desc')
    .orderBy('requestReport.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type ReportRow = Awaited<ReturnType<typeof findReportsOfRequest>>[number];

/** How many reports findReportsOfRequest would list, up to COUNT_CAP + 1. */
export function countReportsOfRequest(db: Kysely<Database>, requestId: string) {
  return countUpToCap(db, reportsOf(db, requestId));
}
