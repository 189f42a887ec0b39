import type { PledgeStatus, RequestStatus } from '../../../common/constants.ts';
import { sameEmail } from './request-format.ts';

/** What a status button asks for: donate ('inprogress'), done, or cancel (SPEC §4 spellings). */
export type WantedStatus = 'inprogress' | 'done' | 'cancel' | 'canceled';

/**
 * Whether a request refused with 409 already is what the user asked for, so the answer means
 * "it has happened" rather than "it failed" (issue 11): donating where the request is in
 * progress with you as its donor (a second tab, a retry), or Done / Cancel where it already is
 * done / canceled (another volunteer was quicker). Issue 27: on a request of several bags the
 * donor's own pledge (the server shows a donor theirs) says it, whoever pledged first.
 */
export function alreadyReached(
  wanted: WantedStatus,
  now: {
    status: RequestStatus;
    donorEmail: string | null;
    pledges?: { donorEmail: string | null; status: PledgeStatus }[];
  },
  myEmail: string | undefined,
): boolean {
  switch (wanted) {
    case 'inprogress':
      return (
        now.status === 'inprogress' &&
        (sameEmail(now.donorEmail, myEmail) ||
          (now.pledges ?? []).some(
            (pledge) => pledge.status === 'pledged' && sameEmail(pledge.donorEmail, myEmail),
          ))
      );
    case 'done':
      return now.status === 'done';
    case 'cancel':
    case 'canceled':
      return now.status === 'cancel';
  }
}
