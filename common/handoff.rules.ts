import type { PledgeStatus, RequestStatus, Role } from './constants.ts';
import { isStaff } from './roles.ts';

// Issue 28, item 2 (decision 036): who sees which numbers of a request. The two sides of a
// standing pledge see each other's numbers while the request is open; nobody else does, staff
// included (they have an audited action of their own). The web asks only when this says yes.

/** Statuses (as people see them) in which a request's numbers may show. */
const OPEN: readonly RequestStatus[] = ['pending', 'inprogress'];

/** Which side of the hand-off the viewer is, or why they see no number. */
export type HandoffSide =
  | { side: 'requester' | 'donor' }
  | { refused: 'ended' | 'pledgeGone' | 'staffAudited' | 'notParty' };

export function handoffSide(
  viewer: { id: string; role: Role },
  request: { requesterId: string | null; status: RequestStatus; removed: boolean },
  /** The viewer's own pledges on the request (any status). */
  ownPledges: readonly { status: PledgeStatus }[],
): HandoffSide {
  const open = OPEN.includes(request.status) && !request.removed;
  const standing = ownPledges.some((p) => p.status === 'pledged' || p.status === 'donated');
  if (request.requesterId === viewer.id || standing) {
    if (!open) return { refused: 'ended' };
    return { side: request.requesterId === viewer.id ? 'requester' : 'donor' };
  }
  if (ownPledges.length > 0) return { refused: 'pledgeGone' };
  if (isStaff(viewer.role)) return { refused: 'staffAudited' };
  return { refused: 'notParty' };
}
