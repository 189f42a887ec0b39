import type { RequestStatus, Role } from './constants.ts';
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
  donorId: string | null;
  status: RequestStatus;
}

export interface Denial {
  status: 403 | 409;
  code: string;
  message: string;
}

const deny = (status: 403 | 409, code: string, message: string): Denial => ({
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
      // Pending requests are public; after that only the people involved and staff see them.
      if (
        request.status === 'pending' ||
        isRequester ||
        actor.id === request.donorId ||
        isStaff(actor.role)
      )
        return null;
      return deny(403, 'FORBIDDEN', 'You can only view your own requests.');
    case 'donate':
      if (isRequester) return deny(403, 'OWN_REQUEST', 'You cannot donate to your own request.');
      if (canMove(request.status, 'inprogress')) return null;
      return deny(
        409,
        'REQUEST_NOT_PENDING',
        request.status !== 'inprogress'
          ? 'This request is no longer open for donation.'
          : actor.id === request.donorId
            ? 'You have already accepted this request.'
            : 'Someone else has already accepted this request.',
      );
    case 'done':
    case 'cancel':
      if (!isRequester && !isStaff(actor.role))
        return deny(
          403,
          'FORBIDDEN',
          'Only the requester, a volunteer or an admin can mark this request done or canceled.',
        );
      if (!canMove(request.status, action))
        return deny(
          409,
          'REQUEST_NOT_INPROGRESS',
          'Only a request in progress can be marked done or canceled.',
        );
      return null;
    case 'edit':
      if (!isRequester) return deny(403, 'FORBIDDEN', 'You can only edit your own requests.');
      if (request.status !== 'pending')
        return deny(409, 'REQUEST_NOT_PENDING', 'Only a pending request can be edited.');
      return null;
    case 'delete':
      if (!isRequester && actor.role !== 'admin')
        return deny(403, 'FORBIDDEN', 'Only the requester or an admin can delete this request.');
      return null;
  }
}
