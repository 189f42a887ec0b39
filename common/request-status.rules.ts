import type { RequestStatus, Role } from './constants.ts';
import type { ErrorCode } from './error-codes.ts';
import { msg } from './message-key.ts';
import { isStaff } from './roles.ts';

/**
 * The only moves a request's status makes: donate, then done or cancel. Issue 14 adds: a donor
 * who accepted may withdraw (back to pending); a pending request whose date passed expires, and
 * so does an in-progress one nobody confirmed in time (trust.rules.ts).
 */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  pending: ['inprogress', 'expired'],
  inprogress: ['done', 'cancel', 'pending', 'expired'],
  done: [],
  cancel: [],
  expired: [],
};

/** Whether the status may move from `from` to `to` (REQUEST_TRANSITIONS decides). */
export const canMove = (from: RequestStatus, to: RequestStatus) =>
  REQUEST_TRANSITIONS[from].includes(to);

export type RequestAction = 'view' | 'donate' | 'done' | 'cancel' | 'edit' | 'delete';

export interface Actor {
  id: string;
  role: Role;
}

export interface RequestState {
  /** Null once the requester's account is deleted: then nobody is the requester. */
  requesterId: string | null;
  /** The donor shown on it (issue 27: its earliest standing pledge's). */
  donorId: string | null;
  status: RequestStatus;
  // Issue 27 (decision 030); a state without them is a one-bag request.
  /** Bags asked for. */
  bags?: number;
  /** Standing pledges (pledged or donated). */
  bagsPledged?: number;
  /** Whether the one acting holds a standing pledge on it (the server looks it up). */
  actorPledged?: boolean;
}

/**
 * Issue 27: whether a bag is still without a pledge, so the request is listed publicly, may be
 * pledged to and keeps alerting: pending, or in progress with fewer standing pledges than bags.
 */
export function hasOpenBag(request: Pick<RequestState, 'status' | 'bags' | 'bagsPledged'>) {
  if (request.status === 'pending') return true;
  if (request.status !== 'inprogress') return false;
  return (request.bagsPledged ?? 1) < (request.bags ?? 1);
}

/** Whether `actorId` holds a bag of it (a state without pledges: whether they are its donor). */
const holdsPledge = (actorId: string, request: RequestState) =>
  request.actorPledged ?? (request.donorId !== null && actorId === request.donorId);

export interface Denial {
  status: 403 | 409;
  code: ErrorCode;
  message: string;
}

const deny = (status: 403 | 409, code: ErrorCode, message: string): Denial => ({
  status,
  code,
  message,
});

/**
 * Whether `actor` may do `action` to a request in `request`'s state: null when allowed, else why
 * not. Permission (403) is judged before state (409), so a stranger learns nothing from the state.
 */
export function checkRequestAction(
  action: RequestAction,
  actor: Actor,
  request: RequestState,
): Denial | null {
  const isRequester = actor.id === request.requesterId;
  switch (action) {
    case 'view':
      // Open requests (a bag still open) are public; after that only the people involved and
      // staff see them.
      if (
        hasOpenBag(request) ||
        isRequester ||
        actor.id === request.donorId ||
        request.actorPledged === true ||
        isStaff(actor.role)
      )
        return null;
      return deny(403, 'FORBIDDEN', msg('errors.requests.onlyOwnView'));
    case 'donate': {
      if (isRequester) return deny(403, 'OWN_REQUEST', msg('errors.requests.ownRequest'));
      const mine = holdsPledge(actor.id, request);
      // One bag: the answers SPEC clients know. Several (decision 030): full, or already yours.
      if ((request.bags ?? 1) > 1 && request.status === 'inprogress') {
        if (mine) return deny(409, 'ALREADY_PLEDGED', msg('errors.requests.alreadyPledged'));
        if (!hasOpenBag(request)) return deny(409, 'REQUEST_FULL', msg('errors.requests.full'));
        return null;
      }
      if (canMove(request.status, 'inprogress')) return null;
      return deny(
        409,
        'REQUEST_NOT_PENDING',
        request.status !== 'inprogress'
          ? msg('errors.requests.notOpen')
          : mine
            ? msg('errors.requests.alreadyYours')
            : msg('errors.requests.alreadyTaken'),
      );
    }
    case 'done':
    case 'cancel':
      if (!isRequester && !isStaff(actor.role))
        return deny(403, 'FORBIDDEN', msg('errors.requests.whoMayFinish'));
      if (!canMove(request.status, action))
        return deny(409, 'REQUEST_NOT_INPROGRESS', msg('errors.requests.notInProgress'));
      return null;
    case 'edit':
      if (!isRequester) return deny(403, 'FORBIDDEN', msg('errors.requests.onlyOwnEdit'));
      if (request.status !== 'pending')
        return deny(409, 'REQUEST_NOT_PENDING', msg('errors.requests.notPendingEdit'));
      return null;
    case 'delete':
      if (!isRequester && actor.role !== 'admin')
        return deny(403, 'FORBIDDEN', msg('errors.requests.whoMayDelete'));
      return null;
  }
}
