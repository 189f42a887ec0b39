import type { ModifiedCountResponse } from '../../../common/api-responses.schema.ts';
import * as contract from '../../../common/contract/trust.contract.ts';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { msg } from '../../../common/message-key.ts';
import type { Denial } from '../../../common/request-status.rules.ts';
import { REPORTS_TO_HIDE } from '../../../common/trust.constants.ts';
import { checkTrustAction, type TrustAction } from '../../../common/trust.rules.ts';
import type {
  ReportedRequestResponse,
  ReportResponse,
  WithdrawalResponse,
} from '../../../common/trust-response.schema.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage } from '../../lib/pagination.ts';
import * as audit from '../audit/audit.repository.ts';
import type { RequestRow } from '../requests/requests.repository.ts';
import * as requests from '../requests/requests.repository.ts';
import * as lifecycle from './lifecycle.repository.ts';
import { trustState } from './request-view.ts';
import * as trust from './trust.repository.ts';

const NO_SUCH_REQUEST = msg('errors.requests.noSuchRequest');

/** How a request is named in the audit log and in messages. */
const labelOf = (row: Pick<RequestRow, 'recipientName' | 'bloodGroup' | 'donationDate'>) =>
  `${row.recipientName} (${row.bloodGroup}, ${row.donationDate})`;

const toError = (denial: Denial) => new AppError(denial.status, denial.code, denial.message);

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
    hidden: Number(row.openReports) >= REPORTS_TO_HIDE,
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

function toWithdrawalDto(row: lifecycle.WithdrawalRow): WithdrawalResponse {
  return {
    id: row.id,
    requestId: row.requestId,
    recipientName: row.recipientName,
    bloodGroup: row.bloodGroup,
    donationDate: row.donationDate,
    donorName: row.donorName,
    donorEmail: row.donorId === null ? null : row.donorEmail,
    reason: row.reason,
    createdAt: toIso(row.createdAt),
    donorWithdrawals: row.donorId === null ? null : Number(row.donorWithdrawals ?? 0),
  };
}

/**
 * Issue 14: verification, reports, removal, withdrawal and repost of requests, and the staff
 * views of reports and withdrawals. Every rule is common/trust.rules.ts, judged here against the
 * request as it reads today (by the app's clock).
 */
export function trustRoutes({ db, clock, env, requestEvents }: AppDeps) {
  const staff = [requireUser, requireRole('admin', 'volunteer')];
  const today = () => todayInDhaka(clock.now());

  /**
   * The request, or 404; then the rule's refusal for `user` doing `action`, if any (verify and
   * remove are for staff: the rule says so in words of its own).
   */
  async function allowedRequest(id: string, action: TrustAction, user: SessionUser) {
    const row = await requests.findById(db, id);
    if (!row) throw notFound(NO_SUCH_REQUEST);
    const denial = await judge(row, action, user);
    if (denial) throw toError(denial);
    return row;
  }

  /**
   * The rule's refusal, if any, of `action` by `user` on `row` as it reads now. A withdrawal by
   * someone who is not the request's donor asks whether they withdrew from it before.
   */
  async function judge(row: RequestRow, action: TrustAction, user: SessionUser) {
    const state = trustState(row, today());
    if (action === 'withdraw' && row.donorId !== user.id) {
      state.actorWithdrew = await lifecycle.hasWithdrawn(db, row.id, user.id);
    }
    return checkTrustAction(action, user, state, clock.now());
  }

  /** After a conditional change touched no row: the rule's refusal now, or "changed meanwhile". */
  async function explainNoChange(id: string, action: TrustAction, user: SessionUser) {
    const row = await requests.findById(db, id);
    if (!row) return notFound(NO_SUCH_REQUEST);
    const denial = await judge(row, action, user);
    return denial ? toError(denial) : conflict('REQUEST_CHANGED', msg('errors.requests.changed'));
  }

  return createRouter()
    .openapi(guarded(contract.verifyRequest, requireUser), async (c) => {
      const { id } = c.req.valid('param');
      const user = currentUser(c);
      const row = await allowedRequest(id, 'verify', user);
      const at = clock.now().toISOString();
      const modifiedCount = await inTransaction(db, async (trx) => {
        const changed = await trust.verify(trx, id, user, at);
        if (changed) {
          const entry = { targetType: 'request', targetId: id, targetLabel: labelOf(row) } as const;
          await audit.insert(trx, user, { action: 'request.verify', ...entry });
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
      const at = clock.now().toISOString();
      const outcome = await trust.insertReport(db, id, user, c.req.valid('json'), at);
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
      const at = clock.now().toISOString();
      const modifiedCount = await inTransaction(db, async (trx) => {
        const changed = await trust.dismissReport(trx, report.requestId, id, user, at);
        if (changed) {
          await audit.insert(trx, user, {
            action: 'report.dismiss',
            targetType: 'report',
            targetId: id,
            targetLabel: `${report.reason} on request ${report.requestId}`,
            detail: `Reported by ${report.reporterName}`,
          });
        }
        return changed;
      });
      if (!modifiedCount) {
        throw conflict('REPORT_NOT_OPEN', msg('errors.trust.reportHandled'));
      }
      return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
    })
    .openapi(guarded(contract.removeRequest, requireUser), async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const user = currentUser(c);
      const row = await allowedRequest(id, 'remove', user);
      const now = clock.now();
      const at = now.toISOString();
      const modifiedCount = await inTransaction(db, async (trx) => {
        const changed = await trust.removeRequest(trx, id, user, reason, at);
        if (changed) {
          await audit.insert(trx, user, {
            action: 'request.remove',
            targetType: 'request',
            targetId: id,
            targetLabel: labelOf(row),
            detail: reason,
          });
          await requestEvents(
            trx,
            {
              type: 'removed',
              requestId: id,
              requesterId: row.requesterId,
              donorId: row.donorId,
              reason,
            },
            now,
          );
        }
        return changed;
      });
      if (!modifiedCount) throw await explainNoChange(id, 'remove', user);
      return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
    })
    .openapi(guarded(contract.withdrawFromRequest, requireUser), async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const user = currentUser(c);
      const row = await allowedRequest(id, 'withdraw', user);
      const now = clock.now();
      // The request is pending again: its requester is told and the alert waves resume
      // (through requestEvents, in the same transaction).
      const modifiedCount = await lifecycle.withdraw(
        db,
        row,
        user,
        reason,
        now.toISOString(),
        (trx) =>
          requestEvents(
            trx,
            {
              type: 'withdrawn',
              requestId: id,
              requesterId: row.requesterId,
              donorId: user.id,
              reason,
            },
            now,
          ),
      );
      if (!modifiedCount) throw await explainNoChange(id, 'withdraw', user);
      return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
    })
    .openapi(guarded(contract.repostRequest, requireUser), async (c) => {
      const { id } = c.req.valid('param');
      const user = currentUser(c);
      const row = await allowedRequest(id, 'repost', user);
      const now = clock.now();
      const fields = {
        recipientName: row.recipientName,
        bloodGroup: row.bloodGroup,
        division: row.division,
        district: row.district,
        upazila: row.upazila ?? undefined,
        hospitalName: row.hospitalName,
        fullAddress: row.fullAddress,
        requestMessage: row.requestMessage,
        ...c.req.valid('json'),
      };
      const insertedId = await lifecycle.insertWithinLimits(
        db,
        user,
        fields,
        { today: today(), maxOpen: env.MAX_OPEN_REQUESTS_PER_USER },
        (trx, newId) =>
          requestEvents(
            trx,
            { type: 'reposted', requestId: newId, fromRequestId: id, requesterId: user.id },
            now,
          ),
      );
      return c.json({ insertedId }, 201);
    })
    .openapi(guarded(contract.listWithdrawals, ...staff), async (c) => {
      const { donor, ...page } = c.req.valid('query');
      const items = await listPage(
        c,
        page,
        {
          rows: (slice) => lifecycle.findWithdrawals(db, donor, slice),
          total: () => lifecycle.countWithdrawals(db, donor),
          keyOf: (row) => [toIso(row.createdAt), row.id],
          capped: true,
        },
        toWithdrawalDto,
      );
      return c.json(items, 200);
    });
}
