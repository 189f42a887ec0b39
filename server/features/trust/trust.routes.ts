import type { Kysely } from 'kysely';
import type { ModifiedCountResponse } from '../../../common/api-responses.schema.ts';
import * as contract from '../../../common/contract/trust.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { REPORT_WEIGHT_TO_HIDE } from '../../../common/report-weight.rules.ts';
import type {
  ReportedRequestResponse,
  ReportResponse,
} from '../../../common/trust-response.schema.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage } from '../../lib/pagination.ts';
import * as audit from '../audit/audit.repository.ts';
import { labelOf, requestActions } from '../requests/request-actions.ts';
import { emit } from '../requests/request-events.ts';
import * as requests from '../requests/requests.repository.ts';
import { eventsOf, type WeightChange } from './report-weight.repository.ts';
import * as trust from './trust.repository.ts';

const NO_SUCH_REQUEST = msg('errors.requests.noSuchRequest');

// The rule of decision 024, written where staff act, so the audit log explains each change.
const VERIFIED_SHOWN =
  'Shown again: reports never hide a verified request (they flag it to staff instead).';

/** The audit log's detail of a dismissal: who reported, what it weighed, where that leaves it. */
function dismissalDetail(reporter: string, weight: number, change: WeightChange | undefined) {
  const left = change
    ? ` Its open reports now weigh ${change.weight} (${REPORT_WEIGHT_TO_HIDE} hide an unverified request)${change.wasHidden && !change.hidden ? '; it shows again' : ''}.`
    : '';
  return `Reported by ${reporter}, weighing ${weight}.${left}`;
}

function toReportedDto(row: trust.ReportedRow, today: string): ReportedRequestResponse {
  return {
    id: row.id,
    recipientName: row.recipientName,
    bloodGroup: row.bloodGroup,
    district: row.district,
    hospitalName: row.hospitalName,
    donationDate: row.donationDate,
    donationTime: row.donationTime,
    status: row.status === 'pending' && row.donationDate < today ? 'expired' : row.status,
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    verified: row.verifiedAt !== null,
    openReports: Number(row.openReports),
    reportWeight: Number(row.reportWeight),
    hidden: row.reportHiddenAt !== null,
    lastReportedAt: toIso(row.lastReportedAt) ?? toIso(new Date(0)),
  };
}

function toReportDto(row: trust.ReportRow): ReportResponse {
  return {
    id: row.id,
    requestId: row.requestId,
    reason: row.reason,
    note: row.note,
    status: row.status,
    reporterName: row.reporterId === null ? null : row.reporterName,
    reporterEmail: row.reporterEmail ?? null,
    createdAt: toIso(row.createdAt),
    handledAt: toIso(row.handledAt),
    handledBy: row.handledByName,
  };
}

/**
 * Issue 14: verification and reports of requests, and the staff views of reports. Every rule is
 * common/trust.rules.ts, judged against the request as it reads today (request-actions.ts). The
 * rest of a request's life (removal, withdrawal, repost) is features/requests/lifecycle.routes.ts.
 */
export function trustRoutes({ db, clock }: AppDeps) {
  const staff = [requireUser, requireRole('admin', 'volunteer')];
  const { today, allowedRequest, explainNoChange } = requestActions({ db, clock });

  /** Tells people how a recount moved a request (hidden, shown again, flagged), in `trx`. */
  async function tell(trx: Kysely<Database>, change: WeightChange | undefined, now: Date) {
    for (const event of eventsOf(change)) await emit(trx, event, now);
  }

  return createRouter()
    .openapi(guarded(contract.verifyRequest, requireUser), async (c) => {
      const { id } = c.req.valid('param');
      const user = currentUser(c);
      const row = await allowedRequest(id, 'verify', user);
      const now = clock.now();
      const at = now.toISOString();
      const modifiedCount = await inTransaction(db, async (trx) => {
        const { changed, wasHidden: shown } = await trust.verify(trx, id, user, at);
        if (changed) {
          const entry = { targetType: 'request', targetId: id, targetLabel: labelOf(row) } as const;
          // Reports never hide a verified request (decision 024): one they hid shows again.
          await audit.insert(trx, user, {
            action: 'request.verify',
            ...entry,
            ...(shown ? { detail: VERIFIED_SHOWN } : {}),
          });
          if (shown) {
            const event = { type: 'shown', requestId: id, requesterId: row.requesterId } as const;
            await emit(trx, event, now);
          }
        }
        return changed;
      });
      if (!modifiedCount) throw await explainNoChange(id, 'verify', user);
      return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
    })
    .openapi(guarded(contract.reportRequest, requireUser), async (c) => {
      const { id } = c.req.valid('param');
      const user = currentUser(c);
      await allowedRequest(id, 'report', user);
      const now = clock.now();
      const outcome = await inTransaction(db, async (trx) => {
        const result = await trust.insertReport(trx, id, user, c.req.valid('json'), now);
        if (typeof result === 'object' && 'id' in result) await tell(trx, result.change, now);
        return result;
      });
      if (typeof outcome === 'object' && 'dailyCapUntil' in outcome) {
        const seconds = Math.ceil((outcome.dailyCapUntil.getTime() - now.getTime()) / 1000);
        c.header('Retry-After', String(Math.max(1, seconds)));
        throw new AppError(429, 'REPORT_LIMIT', msg('errors.trust.reportLimit'));
      }
      if (outcome === 'already-reported') {
        throw conflict('ALREADY_REPORTED', msg('errors.trust.alreadyReported'));
      }
      if (outcome === 'request-unavailable') {
        // Removed (or deleted) since it was read above: this person could see it then.
        if (!(await requests.findById(db, id))) throw notFound(NO_SUCH_REQUEST);
        throw conflict('REQUEST_REMOVED', msg('errors.trust.alreadyRemoved'));
      }
      return c.json({ insertedId: outcome.id }, 201);
    })
    .openapi(guarded(contract.listReportedRequests, ...staff), async (c) => {
      const day = today();
      const items = await listPage(
        c,
        c.req.valid('query'),
        {
          rows: (page) => trust.findReported(db, page),
          total: () => trust.countReported(db),
          keyOf: (row) => [Number(row.openReports), toIso(row.lastReportedAt ?? ''), row.id],
          keyLength: 3,
          capped: true,
        },
        (row) => toReportedDto(row, day),
      );
      return c.json(items, 200);
    })
    .openapi(guarded(contract.listRequestReports, ...staff), async (c) => {
      const { id } = c.req.valid('param');
      if (!(await requests.findById(db, id))) throw notFound(NO_SUCH_REQUEST);
      const items = await listPage(
        c,
        c.req.valid('query'),
        {
          rows: (page) => trust.findReportsOfRequest(db, id, page),
          total: () => trust.countReportsOfRequest(db, id),
          keyOf: (row) => [toIso(row.createdAt), row.id],
          // One request's reports: one per person, read by staff page by page.
          capped: false,
        },
        toReportDto,
      );
      return c.json(items, 200);
    })
    .openapi(guarded(contract.dismissReport, ...staff), async (c) => {
      const { id } = c.req.valid('param');
      const user = currentUser(c);
      const report = await trust.findReportById(db, id);
      if (!report) throw notFound(msg('errors.trust.noSuchReport'));
      if (report.status !== 'open') {
        throw conflict('REPORT_NOT_OPEN', msg('errors.trust.reportHandled'));
      }
      const now = clock.now();
      const modifiedCount = await inTransaction(db, async (trx) => {
        const { changed, change } = await trust.dismissReport(
          trx,
          report.requestId,
          id,
          user,
          now.toISOString(),
        );
        if (changed) {
          await audit.insert(trx, user, {
            action: 'report.dismiss',
            targetType: 'report',
            targetId: id,
            targetLabel: `${report.reason} on request ${report.requestId}`,
            detail: dismissalDetail(report.reporterName, Number(report.weight), change),
          });
          await tell(trx, change, now);
        }
        return changed;
      });
      if (!modifiedCount) {
        throw conflict('REPORT_NOT_OPEN', msg('errors.trust.reportHandled'));
      }
      return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
    });
}
