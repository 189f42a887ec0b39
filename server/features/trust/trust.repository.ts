import { type Kysely, sql } from 'kysely';
import { REPORTS_PER_DAY, reportWeight } from '../../../common/report-weight.rules.ts';
import type { Report } from '../../../common/trust.schema.ts';
import { countUpToCap, type Page } from '../../db/capped-count.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';
import type { Person } from '../requests/requests.repository.ts';
import {
  countReportsSince,
  findStanding,
  lockUser,
  recount,
  type WeightChange,
} from './report-weight.repository.ts';

// Verification, reports and removal of requests (issue 14). Every change is one conditional
// statement (or a transaction of them), so two staff acting at once cannot both apply it.
//
// A transaction that changes a request and its reports locks the request's row first, then the
// reports: taken in opposite orders by two transactions (dismiss, remove), PostgreSQL's row
// locks deadlock and one of them fails. One that also involves a reporter (a report, a block)
// locks the reporter's row before any request's.
//
// What hides a request is the weight of its open reports (report-weight.repository.ts).

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

/**
 * Marks a pending, unremoved, unverified request verified by `staff`; reports no longer hide it
 * (decision 024). Answers whether it changed, and whether reports had hidden it (read under the
 * request's lock, so a report landing meanwhile is seen).
 */
export function verify(db: Kysely<Database>, id: string, staff: Person, at: string) {
  return inTransaction(db, async (trx) => {
    await lockRequest(trx, id);
    const before = await trx
      .selectFrom('donationRequest')
      .select('reportHiddenAt')
      .where('id', '=', id)
      .executeTakeFirst();
    const result = await trx
      .updateTable('donationRequest')
      .set({
        verifiedAt: at,
        verifiedById: staff.id,
        verifiedByName: staff.name,
        reportHiddenAt: null,
        updatedAt: at,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('verifiedAt', 'is', null)
      .where('removedAt', 'is', null)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    return { changed, wasHidden: changed > 0 && (before?.reportHiddenAt ?? null) !== null };
  });
}

/**
 * What came of a report: stored (its id, its weight and how the request's weight moved), this
 * person's earlier one, no request to report, or this person's reports for the day used up.
 */
export type ReportOutcome =
  | { id: string; weight: number; change: WeightChange | undefined }
  | 'already-reported'
  | 'request-unavailable'
  | { dailyCapUntil: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stores `reporter`'s report on a request, weighed by their standing (decision 024), and counts
 * it among the request's open reports, in one transaction that first locks the reporter (so
 * their reports at once cannot pass the daily cap together) and then the request, so a removal
 * cannot land between the check and the insert: a removed (or deleted) request takes no report.
 * This person's second report is not stored (the unique pair decides, so two reports sent at
 * once still make one). The request's weight and visibility are recounted in the same
 * transaction.
 */
export function insertReport(
  db: Kysely<Database>,
  requestId: string,
  reporter: Person,
  report: Report,
  now: Date,
): Promise<ReportOutcome> {
  const at = now.toISOString();
  return inTransaction(db, async (trx): Promise<ReportOutcome> => {
    await lockUser(trx, reporter.id);
    const since = new Date(now.getTime() - DAY_MS).toISOString();
    const today = await countReportsSince(trx, reporter.id, since);
    if (today.count >= REPORTS_PER_DAY) {
      // The cap frees up when the oldest report of the day turns a day old.
      return { dailyCapUntil: new Date(new Date(today.oldest ?? at).getTime() + DAY_MS) };
    }
    if (!(await lockRequest(trx, requestId, { unremoved: true }))) return 'request-unavailable';
    const standing = await findStanding(trx, reporter.id);
    const weight = standing ? reportWeight(standing, now) : 0;
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
        weight,
      })
      .onConflict((oc) => oc.columns(['requestId', 'reporterId']).doNothing())
      .executeTakeFirst();
    if (!Number(result.numInsertedOrUpdatedRows ?? 0)) return 'already-reported';
    await trx
      .updateTable('donationRequest')
      .set({ openReports: sql<number>`"openReports" + 1`, lastReportedAt: at })
      .where('id', '=', requestId)
      .execute();
    return { id, weight, change: await recount(trx, requestId, at) };
  });
}

/** One report by id. */
export function findReportById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('requestReport')
    .select(['id', 'requestId', 'reporterName', 'reason', 'status', 'weight'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Dismisses an open report of `requestId`: it no longer counts, so a request hidden by reports
 * may show again. Answers whether it changed, and how the request's weight moved.
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
    if (!changed) return { changed, change: undefined };
    await trx
      .updateTable('donationRequest')
      .set({ openReports: sql<number>`"openReports" - 1` })
      .where('id', '=', requestId)
      .where('openReports', '>', 0)
      .execute();
    return { changed, change: await recount(trx, requestId, at) };
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
      'reportWeight',
      'reportHiddenAt',
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
