import type { RequestStatus } from '../../../common/constants.ts';
import { sameEmail } from './request-format.ts';

/** What a status button asks for: donate ('inprogress'), done, or cancel (SPEC §4 spellings). */
export type WantedStatus = 'inprogress' | 'done' | 'cancel' | 'canceled';

/**
 * Whether a request refused with 409 already is what the user asked for, so the answer means
 * "it has happened" rather than "it failed" (issue 11): donating where the request is in
 * progress with you as its donor (a second tab, a retry), or Done / Cancel where it already is
 * done / canceled (another volunteer was quicker).
 */
export function alreadyReached(
  wanted: WantedStatus,
  now: { status: RequestStatus; donorEmail: string | null },
  myEmail: string | undefined,
): boolean {
  switch (wanted) {
    case 'inprogress':
      return now.status === 'inprogress' && sameEmail(now.donorEmail, myEmail);
    case 'done':
      return now.status === 'done';
    case 'cancel':
    case 'canceled':
      return now.status === 'cancel';
  }
}
