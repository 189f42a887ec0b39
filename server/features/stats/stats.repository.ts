import type { Kysely } from 'kysely';
import {
  BLOOD_GROUPS,
  type BloodGroup,
  REQUEST_STATUSES,
  type RequestStatus,
} from '../../../common/constants.ts';
import type { Database } from '../../db/schema.ts';

/** How many users there are. */
export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Requests per status, every status present (0 when none). */
export async function countByStatus(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('donationRequest')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as Record<
    RequestStatus,
    number
  >;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** Requests per blood group, every group present (0 when none). */
export async function countByBloodGroup(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('donationRequest')
    .select(['bloodGroup', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('bloodGroup')
    .execute();
  const counts = Object.fromEntries(BLOOD_GROUPS.map((g) => [g, 0])) as Record<BloodGroup, number>;
  for (const row of rows) counts[row.bloodGroup] = Number(row.count);
  return counts;
}
