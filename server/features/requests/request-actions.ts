import type { Kysely } from 'kysely';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { msg } from '../../../common/message-key.ts';
import type { Denial } from '../../../common/request-status.rules.ts';
import { checkTrustAction, type TrustAction } from '../../../common/trust.rules.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import * as lifecycle from './lifecycle.repository.ts';
import * as pledges from './pledges.repository.ts';
import { trustState } from './request-view.ts';
import type { RequestRow } from './requests.repository.ts';
import * as requests from './requests.repository.ts';

const NO_SUCH_REQUEST = msg('errors.requests.noSuchRequest');

/** How a request is named in the audit log and in messages. */
export const labelOf = (row: Pick<RequestRow, 'recipientName' | 'bloodGroup' | 'donationDate'>) =>
  `${row.recipientName} (${row.bloodGroup}, ${row.donationDate})`;

const toError = (denial: Denial) => new AppError(denial.status, denial.code, denial.message);

/**
 * The rules of common/trust.rules.ts for the actions on a request after it was posted (verify,
 * report, remove, withdraw, repost), judged against the request as it reads today (by `clock`).
 * The lifecycle routes here and trust's verify and report use them alike.
 */
export function requestActions({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  const today = () => todayInDhaka(clock.now());

  /**
   * The rule's refusal, if any, of `action` by `user` on `row` as it reads now. A withdrawal asks
   * whether they hold a pledge not yet settled, and if not, whether they withdrew before.
   */
  async function judge(row: RequestRow, action: TrustAction, user: SessionUser) {
    const state = trustState(row, today());
    if (action === 'withdraw') {
      // Issue 27: any donor whose pledge is not settled may withdraw it.
      const mine = await pledges.findStanding(db, row.id, user.id);
      state.actorPledged = mine !== undefined;
      state.actorPledgeSettled = mine?.status === 'donated';
      if (!state.actorPledged) {
        state.actorWithdrew = await lifecycle.hasWithdrawn(db, row.id, user.id);
      }
    }
    return checkTrustAction(action, user, state, clock.now());
  }

  return {
    today,
    /**
     * The request, or 404; then the rule's refusal for `user` doing `action`, if any (verify and
     * remove are for staff: the rule says so in words of its own).
     */
    async allowedRequest(id: string, action: TrustAction, user: SessionUser) {
      const row = await requests.findById(db, id);
      if (!row) throw notFound(NO_SUCH_REQUEST);
      const denial = await judge(row, action, user);
      if (denial) throw toError(denial);
      return row;
    },
    /** After a conditional change touched no row: the rule's refusal now, or "changed meanwhile". */
    async explainNoChange(id: string, action: TrustAction, user: SessionUser) {
      const row = await requests.findById(db, id);
      if (!row) return notFound(NO_SUCH_REQUEST);
      const denial = await judge(row, action, user);
      return denial ? toError(denial) : conflict('REQUEST_CHANGED', msg('errors.requests.changed'));
    },
  };
}
