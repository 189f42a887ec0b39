import type { RequestStatus } from '../../../common/constants.ts';
import {
  effectiveStatus,
  isConfirmationDue,
  type TrustState,
} from '../../../common/trust.rules.ts';
import { toIso } from '../../db/dialect.ts';

/** The columns of a request the lifecycle reads (requests.repository's REQUEST_COLUMNS has them). */
export interface LifecycleColumns {
  status: RequestStatus;
  donationDate: string;
  donationTime: string;
  requesterId: string | null;
  donorId: string | null;
  verifiedAt: Date | string | null;
  verifiedByName: string | null;
  removedAt: Date | string | null;
  // Issue 27.
  bags: number | string;
  bagsPledged: number | string;
}

/**
 * The lifecycle part of a request as the API answers it (issue 14): the status people see, the
 * verification (who verified only for signed-in callers), removal, and whether the requester is
 * asked to confirm it.
 */
export function lifecycleView(
  row: LifecycleColumns,
  today: string,
  { showPeople }: { showPeople: boolean },
) {
  return {
    status: effectiveStatus(row, today),
    verifiedAt: toIso(row.verifiedAt),
    verifiedBy: showPeople && row.verifiedAt !== null ? row.verifiedByName : null,
    removed: row.removedAt !== null,
    confirmationDue: isConfirmationDue(row, today),
  };
}

/** The state the request rules judge: the status people see, not the stored one. */
export function trustState(row: LifecycleColumns, today: string): TrustState {
  return {
    requesterId: row.requesterId,
    donorId: row.donorId,
    status: effectiveStatus(row, today),
    verified: row.verifiedAt !== null,
    removed: row.removedAt !== null,
    donationDate: row.donationDate,
    donationTime: row.donationTime,
    bags: Number(row.bags),
    bagsPledged: Number(row.bagsPledged),
  };
}
