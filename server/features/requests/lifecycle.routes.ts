import type { ModifiedCountResponse } from '../../../common/api-responses.schema.ts';
import * as contract from '../../../common/contract/trust.contract.ts';
import type { WithdrawalResponse } from '../../../common/trust-response.schema.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../lib/context.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage } from '../../lib/pagination.ts';
import * as audit from '../audit/audit.repository.ts';
import * as lifecycle from './lifecycle.repository.ts';
import { labelOf, requestActions } from './request-actions.ts';
import { emit } from './request-events.ts';

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
 * Issue 14's rest of a request's life: removal by staff, a donor's withdrawal, a repost, and the
 * staff view of withdrawals. Every rule is common/trust.rules.ts (request-actions.ts); each
 * change emits its request event in its own transaction.
 */
export function lifecycleRoutes({ db, clock, env }: AppDeps) {
  const staff = [requireUser, requireRole('admin', 'volunteer')];
  const { today, allowedRequest, explainNoChange } = requestActions({ db, clock });

  return createRouter()
    .openapi(guarded(contract.removeRequest, requireUser), async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const user = currentUser(c);
      const row = await allowedRequest(id, 'remove', user);
      const now = clock.now();
      const at = now.toISOString();
      const modifiedCount = await inTransaction(db, async (trx) => {
        const changed = await lifecycle.remove(trx, id, user, reason, at);
        if (changed) {
          await audit.insert(trx, user, {
            action: 'request.remove',
            targetType: 'request',
            targetId: id,
            targetLabel: labelOf(row),
            detail: reason,
          });
          const { requesterId, donorId } = row;
          await emit(trx, { type: 'removed', requestId: id, requesterId, donorId, reason }, now);
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
      // The donor's bag is open again (issue 27; a one-bag request is pending again): its
      // requester is told and the alert waves resume (its event, in the same transaction).
      const modifiedCount = await lifecycle.withdraw(
        db,
        row,
        user,
        reason,
        now.toISOString(),
        (trx, withdrawn) =>
          emit(
            trx,
            {
              type: 'pledge_withdrawn',
              requestId: id,
              pledgeId: withdrawn.pledgeId,
              requesterId: row.requesterId,
              donorId: user.id,
              reason,
              bagsOpen: withdrawn.bagsOpen,
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
        // Issue 27: the same need (its pledges stay with the old request).
        bags: Number(row.bags),
        component: row.component,
        urgency: row.urgency,
        ...c.req.valid('json'),
      };
      const insertedId = await lifecycle.insertWithinLimits(
        db,
        user,
        fields,
        { today: today(), maxOpen: env.MAX_OPEN_REQUESTS_PER_USER },
        (trx, newId) =>
          emit(
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
