import type { Kysely } from 'kysely';
import type { PledgeResponse } from '../../../common/request-response.schema.ts';
import { isStaff } from '../../../common/roles.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { toIso } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import * as pledges from './pledges.repository.ts';
import type { RequestRow } from './requests.repository.ts';

// Issue 27: who sees which pledges of a request. The requester and staff see every pledge; a
// donor sees their own; anyone else none (the counts, bagsPledged and bagsDonated, are public).

export type Viewer = Pick<SessionUser, 'id' | 'role'> | null;

/** A request row with the pledges its viewer may see. */
export type RequestWithPledges = RequestRow & { pledges: PledgeResponse[] };

function toPledgeDto(row: pledges.PledgeRow): PledgeResponse {
  return {
    id: row.id,
    donorName: row.donorName,
    donorEmail: row.donorId === null ? null : row.donorEmail,
    donorDeleted: row.donorId === null,
    status: row.status,
    pledgedAt: toIso(row.pledgedAt) ?? '',
    settledAt: toIso(row.settledAt),
  };
}

/** Whether `viewer` sees every pledge of `row` (else only their own). */
const seesAll = (viewer: NonNullable<Viewer>, row: Pick<RequestRow, 'requesterId'>) =>
  isStaff(viewer.role) || row.requesterId === viewer.id;

/** `rows` with the pledges `viewer` may see, in one read of the pledges for the whole page. */
export async function withPledges(
  db: Kysely<Database>,
  rows: RequestRow[],
  viewer: Viewer,
): Promise<RequestWithPledges[]> {
  if (!viewer || rows.length === 0) return rows.map((row) => ({ ...row, pledges: [] }));
  const all = await pledges.findByRequests(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const everyone = seesAll(viewer, row);
    return {
      ...row,
      pledges: all
        .filter((p) => p.requestId === row.id && (everyone || p.donorId === viewer.id))
        .map(toPledgeDto),
    };
  });
}
