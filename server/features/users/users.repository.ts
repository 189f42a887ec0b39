import { type Kysely, sql } from 'kysely';
import type { Role, UserStatus } from '../../../common/constants.ts';
import type { DonorSearch, UpdateProfile } from '../../../common/user.schema.ts';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

const USER_COLUMNS = [
  'id',
  'name',
  'email',
  'image',
  'role',
  'status',
  'bloodGroup',
  'division',
  'district',
  'upazila',
  'lastDonationDate',
  'searchVisible',
  'createdAt',
] as const;

/** One user by email (emails are stored lowercase). */
export function findByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('user')
    .select(USER_COLUMNS)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** One user by id. */
export function findById(db: Kysely<Database>, id: string) {
  return db.selectFrom('user').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

/** A page of users, newest first, optionally only one status. */
export function findAll(
  db: Kysely<Database>,
  filter: { status?: UserStatus | undefined },
  page: { limit: number; offset: number },
) {
  let query = db.selectFrom('user').select(USER_COLUMNS);
  if (filter.status) query = query.where('status', '=', filter.status);
  return query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many users findAll would list without paging. */
export async function countAll(db: Kysely<Database>, filter: { status?: UserStatus | undefined }) {
  let query = db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('count'));
  if (filter.status) query = query.where('status', '=', filter.status);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** Changes the user's own profile fields; answers how many rows changed (0 or 1). */
export async function updateProfile(db: Kysely<Database>, id: string, fields: UpdateProfile) {
  const { searchVisible, ...rest } = fields;
  const result = await db
    .updateTable('user')
    .set({
      ...rest,
      ...(searchVisible === undefined ? {} : { searchVisible: searchVisible ? 1 : 0 }),
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Records a donation today (Mark As Donated, or a request marked done). */
export async function markDonated(db: Kysely<Database>, id: string, at: string = nowIso()) {
  const result = await db
    .updateTable('user')
    .set({ lastDonationDate: at, updatedAt: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Keeps at least one active admin: the change applies only when the target is not an admin or
 * another active admin remains. One statement, so two admins cannot slip past each other's check.
 */
const anotherActiveAdmin = (id: string) =>
  sql<boolean>`("role" <> 'admin' or exists (select 1 from "user" as "other" where "other"."role" = 'admin' and "other"."status" = 'active' and "other"."id" <> ${id}))`;

/** Sets the role. Answers 0 when the user does not exist or is the last admin being demoted. */
export async function setRole(db: Kysely<Database>, id: string, role: Role) {
  let query = db.updateTable('user').set({ role, updatedAt: nowIso() }).where('id', '=', id);
  if (role !== 'admin') query = query.where(anotherActiveAdmin(id));
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** Blocks or unblocks; blocking ends every session of the user in the same transaction. */
export async function setStatus(db: Kysely<Database>, id: string, status: UserStatus) {
  return db.transaction().execute(async (trx) => {
    let query = trx.updateTable('user').set({ status, updatedAt: nowIso() }).where('id', '=', id);
    if (status === 'block') query = query.where(anotherActiveAdmin(id));
    const changed = Number((await query.executeTakeFirst()).numUpdatedRows);
    if (changed && status === 'block')
      await trx.deleteFrom('session').where('userId', '=', id).execute();
    return changed;
  });
}

/** Deletes the user; sessions and the password account go with them (foreign keys cascade). */
export async function deleteById(db: Kysely<Database>, id: string) {
  return db
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('session').where('userId', '=', id).execute();
      await trx.deleteFrom('account').where('userId', '=', id).execute();
      const result = await trx
        .deleteFrom('user')
        .where('id', '=', id)
        .where(anotherActiveAdmin(id))
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      // The last admin stays: undo the session and account deletions too.
      if (!deleted) throw new NothingDeleted();
      return deleted;
    })
    .catch((error: unknown) => {
      if (error instanceof NothingDeleted) return 0;
      throw error;
    });
}

class NothingDeleted extends Error {}

/** Active, visible donors matching the filters, by name. */
export function searchDonors(
  db: Kysely<Database>,
  filters: DonorSearch,
  page: { limit: number; offset: number },
) {
  return donorQuery(db, filters)
    .select([
      'id',
      'name',
      'email',
      'image',
      'bloodGroup',
      'division',
      'district',
      'upazila',
      'lastDonationDate',
    ])
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many donors searchDonors would list without paging. */
export async function countDonors(db: Kysely<Database>, filters: DonorSearch) {
  const row = await donorQuery(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function donorQuery(db: Kysely<Database>, filters: DonorSearch) {
  let query = db
    .selectFrom('user')
    .where('status', '=', 'active')
    .where('searchVisible', '=', sql<boolean>`true`); // TRUE is 1 in SQLite, a boolean in PostgreSQL;
  if (filters.bloodGroup) query = query.where('bloodGroup', '=', filters.bloodGroup);
  if (filters.division) query = query.where('division', '=', filters.division);
  if (filters.district) query = query.where('district', '=', filters.district);
  if (filters.upazila) query = query.where('upazila', '=', filters.upazila);
  return query;
}
