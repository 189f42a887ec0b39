import type { ErrorCode } from './error-codes.ts';
import { msg } from './message-key.ts';
import type { Actor, Denial, RequestState } from './request-status.rules.ts';
import { isStaff } from './roles.ts';

// Issue 27 (decision 030): who may settle a pledge (donated or did-not-come) and who may change
// how many bags a request asks for. Pure, like request-status.rules.ts: the server enforces
// these, the web uses them to decide which buttons to show.

export type PledgeAction = 'settle' | 'setBags';

const deny = (status: 403 | 409, code: ErrorCode, message: string): Denial => ({
  status,
  code,
  message,
});

/**
 * Whether `actor` may do `action` to a request in `request`'s state (its status as people see
 * it): null when allowed, else why not. Permission (403) is judged before state (409).
 */
export function checkPledgeAction(
  action: PledgeAction,
  actor: Actor,
  request: RequestState,
): Denial | null {
  const isRequester = actor.id === request.requesterId;
  switch (action) {
    case 'settle':
      // The family (or staff) saw who came; a donor cannot mark their own pledge donated.
      if (!isRequester && !isStaff(actor.role))
        return deny(403, 'FORBIDDEN', msg('errors.requests.whoMaySettle'));
      if (request.status !== 'inprogress')
        return deny(409, 'REQUEST_NOT_INPROGRESS', msg('errors.requests.notOpenForOutcome'));
      return null;
    case 'setBags':
      if (!isRequester) return deny(403, 'FORBIDDEN', msg('errors.requests.onlyOwnBags'));
      if (request.status !== 'pending' && request.status !== 'inprogress')
        return deny(409, 'REQUEST_NOT_OPEN', msg('errors.requests.bagsNotOpen'));
      return null;
  }
}
