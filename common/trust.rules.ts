import type { RequestStatus } from './constants.ts';
import type { ErrorCode } from './error-codes.ts';
import { msg } from './message-key.ts';
import type { Actor, Denial } from './request-status.rules.ts';
import { checkRequestAction } from './request-status.rules.ts';
import { isStaff } from './roles.ts';

// Trust and the rest of a request's life (issue 14): who may verify, report, remove, withdraw
// and repost, and how a date turns a request into an expired one. Pure: the server enforces
// these, the web only uses them to decide which buttons to show.

export type TrustAction = 'verify' | 'report' | 'remove' | 'withdraw' | 'repost';

export interface TrustState {
  requesterId: string | null;
  donorId: string | null;
  // Issue 27 (decision 030): see RequestState; a state without them is a one-bag request.
  bags?: number;
  bagsPledged?: number;
  /** Whether the one acting holds a standing pledge (pledged, or donated: then settled). */
  actorPledged?: boolean;
  /** Whether that pledge is already settled (donated): it cannot be withdrawn. */
  actorPledgeSettled?: boolean;
  /** The status as people see it (effectiveStatus). */
  status: RequestStatus;
  verified: boolean;
  removed: boolean;
  /** YYYY-MM-DD and HH:MM, in Dhaka. */
  donationDate: string;
  donationTime: string;
  /**
   * Whether the one acting has withdrawn from this request before (the server looks it up for a
   * withdrawal only): a second withdrawal is then told so, not that they are not its donor.
   */
  actorWithdrew?: boolean;
}

/** Dhaka is UTC+6 all year (no daylight saving). */
const DHAKA_OFFSET = '+06:00';

/** The moment of the donation at the hospital. */
export const donationInstant = (request: { donationDate: string; donationTime: string }) =>
  new Date(`${request.donationDate}T${request.donationTime}:00${DHAKA_OFFSET}`);

/**
 * The status people see: a pending request whose date has passed is expired, from the first
 * moment of the next day, whether or not the sweep has stored it yet.
 */
export function effectiveStatus(
  request: { status: RequestStatus; donationDate: string },
  today: string,
): RequestStatus {
  return request.status === 'pending' && request.donationDate < today ? 'expired' : request.status;
}

/** An in-progress request whose date has passed waits for its requester to say done or cancel. */
export const isConfirmationDue = (
  request: { status: RequestStatus; donationDate: string },
  today: string,
) => request.status === 'inprogress' && request.donationDate < today;

const deny = (status: 403 | 409, code: ErrorCode, message: string): Denial => ({
  status,
  code,
  message,
});

/**
 * Whether `actor` may do `action` to a request in `request`'s state at `now`: null when allowed,
 * else why not. Permission (403) is judged before state (409), as in checkRequestAction.
 */
export function checkTrustAction(
  action: TrustAction,
  actor: Actor,
  request: TrustState,
  now: Date,
): Denial | null {
  const staff = isStaff(actor.role);
  switch (action) {
    case 'verify':
      if (!staff) return deny(403, 'FORBIDDEN', msg('errors.trust.onlyStaffVerify'));
      if (request.status !== 'pending' || request.removed)
        return deny(409, 'REQUEST_NOT_PENDING', msg('errors.trust.notPendingVerify'));
      if (request.verified)
        return deny(409, 'ALREADY_VERIFIED', msg('errors.trust.alreadyVerified'));
      return null;
    case 'report': {
      if (actor.id === request.requesterId)
        return deny(403, 'OWN_REQUEST', msg('errors.trust.ownReport'));
      const view = checkRequestAction('view', actor, request);
      if (view) return deny(403, 'FORBIDDEN', msg('errors.trust.reportUnseen'));
      if (request.removed) return deny(409, 'REQUEST_REMOVED', msg('errors.trust.alreadyRemoved'));
      return null;
    }
    case 'remove':
      if (!staff) return deny(403, 'FORBIDDEN', msg('errors.trust.onlyStaffRemove'));
      if (request.removed) return deny(409, 'REQUEST_REMOVED', msg('errors.trust.alreadyRemoved'));
      if (request.status === 'done' || request.status === 'cancel')
        return deny(409, 'REQUEST_CLOSED', msg('errors.trust.closed'));
      return null;
    case 'withdraw':
      // Issue 27: any donor whose pledge is not settled yet, not only the one shown.
      if (!(request.actorPledged ?? (request.donorId !== null && actor.id === request.donorId)))
        return request.actorWithdrew
          ? deny(409, 'ALREADY_WITHDRAWN', msg('errors.trust.alreadyWithdrawn'))
          : deny(403, 'FORBIDDEN', msg('errors.trust.onlyDonorWithdraws'));
      if (request.status !== 'inprogress')
        return deny(409, 'REQUEST_NOT_INPROGRESS', msg('errors.trust.withdrawInProgress'));
      if (request.actorPledgeSettled)
        return deny(409, 'PLEDGE_SETTLED', msg('errors.requests.pledgeSettled'));
      if (now.getTime() >= donationInstant(request).getTime())
        return deny(409, 'TOO_LATE_TO_WITHDRAW', msg('errors.trust.timePassed'));
      return null;
    case 'repost':
      if (actor.id !== request.requesterId)
        return deny(403, 'FORBIDDEN', msg('errors.trust.onlyOwnRepost'));
      if (request.status !== 'expired' || request.removed)
        return deny(409, 'REQUEST_NOT_EXPIRED', msg('errors.trust.notExpired'));
      return null;
  }
}
