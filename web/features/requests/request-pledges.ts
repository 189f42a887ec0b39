import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { sameEmail } from './request-format.ts';

// Issue 27: who may still pledge a bag, and which pledge is the viewer's own. Pure, so the
// detail page and its tests read the same rule.

type PledgeView = Pick<
  DonationRequestResponse,
  'status' | 'bags' | 'bagsPledged' | 'requesterEmail' | 'pledges'
>;

/** The viewer's pledge that still holds a bag (pledged or donated), if any. */
export const ownPledge = (request: Pick<PledgeView, 'pledges'>, email: string) =>
  request.pledges.find(
    (pledge) =>
      (pledge.status === 'pledged' || pledge.status === 'donated') &&
      sameEmail(pledge.donorEmail, email),
  );

/**
 * Donate Now shows while a bag is open (pending, or in progress with fewer pledges than bags),
 * to anyone but the requester and a donor who already holds one of its bags.
 */
export const canPledge = (request: PledgeView, email: string) =>
  (request.status === 'pending' ||
    (request.status === 'inprogress' && request.bagsPledged < request.bags)) &&
  !sameEmail(email, request.requesterEmail) &&
  !ownPledge(request, email);
