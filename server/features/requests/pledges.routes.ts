import type { ModifiedCountResponse } from '../../../common/api-responses.schema.ts';
import * as contract from '../../../common/contract/requests.contract.ts';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { msg } from '../../../common/message-key.ts';
import { checkPledgeAction, type PledgeAction } from '../../../common/pledge.rules.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { assertSecondFactor, currentUser, requireUser } from '../../auth/session.ts';
import type { AppDeps } from '../../lib/context.ts';
import { donationIntervals } from '../../lib/donation-intervals.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import * as audit from '../audit/audit.repository.ts';
import * as pledges from './pledges.repository.ts';
import { labelOf } from './request-actions.ts';
import { emit } from './request-events.ts';
import { trustState } from './request-view.ts';
import type { RequestRow } from './requests.repository.ts';
import * as requests from './requests.repository.ts';

const NO_SUCH_REQUEST = msg('errors.requests.noSuchRequest');

/**
 * Issue 27 (decision 030): a pledge's outcome (donated, did-not-come) and the number of bags a
 * request asks for. The rules are common/pledge.rules.ts; each change emits its request event in
 * its own transaction.
 */
export function pledgesRoutes({ db, clock, env }: AppDeps) {
  const today = () => todayInDhaka(clock.now());

  /** The rule's refusal, if any, of `action` by `user` on `row` as it reads now. */
  function assertAllowed(action: PledgeAction, user: SessionUser, row: RequestRow) {
    const state = trustState(row, today());
    const denial = checkPledgeAction(action, user, state);
    if (denial) throw new AppError(denial.status, denial.code, denial.message);
    // Allowed only by their role: an admin acts as staff with a second factor only (issue 25).
    if (checkPledgeAction(action, { ...user, role: 'donor' }, state)) assertSecondFactor(user);
  }

  async function allowedRequest(id: string, action: PledgeAction, user: SessionUser) {
    const row = await requests.findById(db, id);
    if (!row) throw notFound(NO_SUCH_REQUEST);
    assertAllowed(action, user, row);
    return row;
  }

  return createRouter()
    .openapi(guarded(contract.recordPledgeOutcome, requireUser), async (c) => {
      const { id, pledgeId } = c.req.valid('param');
      const { outcome } = c.req.valid('json');
      const user = currentUser(c);
      const row = await allowedRequest(id, 'settle', user);
      const now = clock.now();
      // Donated: recorded on the donor; did-not-come: the bag is open again and its alerts
      // resume. Either through its event, written with it.
      const intervals = donationIntervals(env);
      await pledges.recordOutcome(
        db,
        id,
        pledgeId,
        outcome,
        now.toISOString(),
        intervals,
        async (trx, settled) => {
          // Staff settling a pledge of someone else's request is audited (as closing it is): a
          // donation changes the donor's eligibility.
          if (row.requesterId !== user.id) {
            await audit.insert(trx, user, {
              action: 'request.pledgeOutcome',
              targetType: 'request',
              targetId: id,
              targetLabel: labelOf(row),
              detail: `${outcome}: pledge ${pledgeId}`,
            });
          }
          await emit(
            trx,
            outcome === 'donated'
              ? {
                  type: 'pledge_donated',
                  requestId: id,
                  pledgeId,
                  actorId: user.id,
                  requesterId: row.requesterId,
                  donorId: settled.donorId,
                  requestDone: settled.requestDone,
                }
              : {
                  type: 'pledge_no_show',
                  requestId: id,
                  pledgeId,
                  actorId: user.id,
                  requesterId: row.requesterId,
                  donorId: settled.donorId,
                  bagsOpen: settled.bagsOpen,
                },
            now,
          );
        },
      );
      return c.json({ modifiedCount: 1 } satisfies ModifiedCountResponse, 200);
    })
    .openapi(guarded(contract.setRequestBags, requireUser), async (c) => {
      const { id } = c.req.valid('param');
      const { bags } = c.req.valid('json');
      const user = currentUser(c);
      const row = await allowedRequest(id, 'setBags', user);
      if (Number(row.bagsPledged) > bags) {
        throw conflict(
          'BAGS_BELOW_PLEDGES',
          msg('errors.requests.bagsBelowPledges', { count: Number(row.bagsPledged) }),
        );
      }
      if (Number(row.bags) === bags) {
        return c.json({ modifiedCount: 0 } satisfies ModifiedCountResponse, 200);
      }
      const now = clock.now();
      const modifiedCount = await pledges.setBags(
        db,
        id,
        user.id,
        bags,
        now.toISOString(),
        (trx, changed) =>
          emit(
            trx,
            {
              type: 'bags_changed',
              requestId: id,
              actorId: user.id,
              requesterId: row.requesterId,
              from: Number(row.bags),
              to: bags,
              bagsOpen: changed.bagsOpen,
            },
            now,
          ),
      );
      if (!modifiedCount) {
        // Changed meanwhile: a pledge came, or it was closed. Say which, from a fresh read.
        const fresh = await requests.findById(db, id);
        if (!fresh) throw notFound(NO_SUCH_REQUEST);
        assertAllowed('setBags', user, fresh);
        if (Number(fresh.bagsPledged) > bags) {
          throw conflict(
            'BAGS_BELOW_PLEDGES',
            msg('errors.requests.bagsBelowPledges', { count: Number(fresh.bagsPledged) }),
          );
        }
        throw conflict('REQUEST_CHANGED', msg('errors.requests.changed'));
      }
      return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
    });
}
